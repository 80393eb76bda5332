// The blog as staff write it: drafts, publishing (the first date kept), covers; every body sanitised to
// the tags the back office's editor makes (article-html.ts). The shop shows a change at once.
import { type DbOrTx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { type postCreate, type postPatch } from './admin.schema.js';
import { replacePicture } from './picture.js';
import { type PostRow, createPostRepository } from './posts.repository.js';
import { type ContentDeps, type In, type StaffContext, auditWith, cleanBody, diff, mediaUrl, slugTaken } from './staff-edits.js';

const postAudit = (p: PostRow) => ({ slug: p.slug, title: p.title, excerpt: p.excerpt, body: p.body, cover: p.cover, published_at: p.publishedAt?.toISOString() ?? null });

export function createPostsService(deps: ContentDeps) {
  const { db } = deps;
  const audited = auditWith(deps.audit);
  const url = mediaUrl(deps.media);
  const postDto = (p: PostRow) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    body: p.body,
    cover_url: url(p.cover),
    published_at: p.publishedAt?.toISOString() ?? null,
    updated_at: p.updatedAt.toISOString(),
  });
  async function lockedPost(tx: DbOrTx, id: number) {
    const row = await createPostRepository(tx).lock(id);
    if (!row) throw notFound();
    return row;
  }

  async function listPosts() {
    const rows = await createPostRepository(db).list();
    return { data: rows.map((p) => ({ id: p.id, slug: p.slug, title: p.title, cover_url: url(p.cover), published_at: p.publishedAt?.toISOString() ?? null, updated_at: p.updatedAt.toISOString() })) };
  }

  async function post(id: number) {
    const row = await createPostRepository(db).find(id);
    if (!row) throw notFound();
    return { post: postDto(row) };
  }

  /** A new post is a draft: the shop shows it once published. */
  async function createPost(ctx: StaffContext, body: In<typeof postCreate>) {
    const clean = cleanBody(body.body);
    return db.transaction(async (tx) => {
      const repo = createPostRepository(tx);
      if (await repo.slugUsed(body.slug)) throw slugTaken();
      const row = await repo.insert({ slug: body.slug, title: body.title, excerpt: body.excerpt, body: clean, publishedAt: null, updatedAt: deps.clock.now() });
      await audited(ctx, tx, 'post.create', 'post', row.id, null, postAudit(row));
      return { post: postDto(row) };
    });
  }

  async function updatePost(ctx: StaffContext, id: number, patch: In<typeof postPatch>) {
    const clean = patch.body ? cleanBody(patch.body) : undefined;
    return db.transaction(async (tx) => {
      const repo = createPostRepository(tx);
      const before = await lockedPost(tx, id);
      if (patch.slug && (await repo.slugUsed(patch.slug, id))) throw slugTaken();
      const after = await repo.update(id, {
        ...(patch.slug ? { slug: patch.slug } : {}),
        ...(patch.title ? { title: patch.title } : {}),
        ...(patch.excerpt ? { excerpt: patch.excerpt } : {}),
        ...(clean ? { body: clean } : {}),
        updatedAt: deps.clock.now(),
      });
      const change = diff(postAudit(before), postAudit(after!));
      if (change) await audited(ctx, tx, 'post.update', 'post', id, change.before, change.after);
      return { post: postDto(after!) };
    });
  }

  async function publishPost(ctx: StaffContext, id: number, publish: boolean) {
    return db.transaction(async (tx) => {
      const before = await lockedPost(tx, id);
      // publishing again keeps the first date (the post's place in the list)
      if ((before.publishedAt !== null) === publish) return { post: postDto(before) };
      const after = await createPostRepository(tx).update(id, { publishedAt: publish ? deps.clock.now() : null, updatedAt: deps.clock.now() });
      await audited(ctx, tx, publish ? 'post.publish' : 'post.unpublish', 'post', id, { published_at: before.publishedAt?.toISOString() ?? null }, { published_at: after!.publishedAt?.toISOString() ?? null });
      return { post: postDto(after!) };
    });
  }

  async function deletePost(ctx: StaffContext, id: number) {
    const cover = await db.transaction(async (tx) => {
      const row = await createPostRepository(tx).remove(id);
      if (!row) throw notFound();
      await audited(ctx, tx, 'post.delete', 'post', id, postAudit(row), null);
      return row.cover;
    });
    if (cover?.startsWith('blog/')) await deps.media.remove(cover).catch(() => undefined);
  }

  async function postCover(ctx: StaffContext, id: number, data: Buffer) {
    let dto: ReturnType<typeof postDto> | undefined;
    await replacePicture(deps.media, data, 'blog', async (key) =>
      db.transaction(async (tx) => {
        const row = await lockedPost(tx, id);
        const after = await createPostRepository(tx).update(id, { cover: key, updatedAt: deps.clock.now() });
        await audited(ctx, tx, 'post.cover', 'post', id, { cover: row.cover }, { cover: key });
        dto = postDto(after!);
        return row.cover;
      }),
    );
    return { post: dto! };
  }

  return { listPosts, post, createPost, updatePost, publishPost, deletePost, postCover };
}
