// The information pages of the shop's footer as staff edit them: title, sanitised body, shown or hidden.
import { notFound } from '../../errors.js';
import { type pagePatch } from './admin.schema.js';
import { type PageRow, createPageRepository } from './pages.repository.js';
import { type ContentDeps, type In, type StaffContext, auditWith, cleanBody, diff } from './staff-edits.js';

const pageDto = (p: PageRow) => ({ slug: p.slug, title: p.title, body: p.body, published: p.published, updated_at: p.updatedAt.toISOString() });
const pageAudit = (p: PageRow) => ({ title: p.title, body: p.body, published: p.published });

export function createPagesService(deps: ContentDeps) {
  const { db } = deps;
  const audited = auditWith(deps.audit);

  async function listPages() {
    const rows = await createPageRepository(db).list();
    return { data: rows.map((p) => ({ slug: p.slug, title: p.title, published: p.published, updated_at: p.updatedAt.toISOString() })) };
  }

  async function page(slug: string) {
    const row = await createPageRepository(db).find(slug);
    if (!row) throw notFound();
    return { page: pageDto(row) };
  }

  /** Edits a page; `published` alone is the publish and unpublish routes (audited as such). */
  async function updatePage(ctx: StaffContext, slug: string, patch: In<typeof pagePatch> & { published?: boolean }) {
    const clean = patch.body ? cleanBody(patch.body) : undefined;
    return db.transaction(async (tx) => {
      const repo = createPageRepository(tx);
      const before = await repo.lock(slug);
      if (!before) throw notFound();
      const after = await repo.update(slug, {
        ...(patch.title ? { title: patch.title } : {}),
        ...(clean ? { body: clean } : {}),
        ...(patch.published !== undefined ? { published: patch.published } : {}),
        updatedAt: deps.clock.now(),
      });
      const change = diff(pageAudit(before), pageAudit(after!));
      if (change) {
        const action = patch.published === undefined ? 'page.update' : patch.published ? 'page.publish' : 'page.unpublish';
        await audited(ctx, tx, action, 'page', slug, change.before, change.after);
      }
      return { page: pageDto(after!) };
    });
  }

  return { listPages, page, updatePage };
}
