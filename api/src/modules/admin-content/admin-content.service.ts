// What staff change in the shop's content and settings: the category tree, brands, home banners, blog
// posts and information pages, stores, delivery regions and tariffs. Every write is checked, stored and
// audited in one transaction; pictures go through the media provider. The shop reads these tables
// directly (slides, posts, pages, stores, delivery: at once) or through the catalogue's 30-second caches
// (the category tree, brands: cleared at once in this process by `onChange`, other API processes follow
// within their TTL): docs/back-office.md "When the shop shows a change".
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { type z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client.js';
import { blogs, brands, categories, deliveryRegions, deliverySettings, infoPages, orders, slides, stores } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuditAction, type AuditService, type ContentEntity } from '../audit/audit.service.js';
import { DEFAULT_REGION, categoryIndex, isEmptyArticle, sanitiseArticle } from '../content/index.js';
import { type StaffContext } from '../staff/staff.service.js';
import {
  type brandCreate,
  type brandPatch,
  type categoryCreate,
  type categoryMove,
  type categoryPatch,
  type deliverySettingsPatch,
  type pagePatch,
  type postCreate,
  type postPatch,
  type regionCreate,
  type regionPatch,
  type slideCreate,
  type slidePatch,
  type storePatch,
  normaliseDays,
} from './admin-content.schema.js';
import { type PictureKind, pictureKey, processPicture } from './picture.js';

type In<T extends z.ZodType> = z.output<T>;
type Values = Record<string, unknown>;

const EMPTY: Localized = { uz: '', ru: '', en: '' };

/** The fields whose values differ, before and after (what the audit log shows). */
function diff(before: Values, after: Values): { before: Values; after: Values } | null {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  if (keys.length === 0) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

const slugTaken = () => new AppError('VALIDATION_FAILED', 422, { fields: { slug: 'slug_taken' } });

/** Sanitises each language of an article's body; 422 `body.<lang>` when nothing readable is left. */
function cleanBody(body: Localized): Localized {
  const out = { uz: sanitiseArticle(body.uz), ru: sanitiseArticle(body.ru), en: sanitiseArticle(body.en) };
  const empty = (['uz', 'ru', 'en'] as const).filter((l) => isEmptyArticle(out[l]));
  if (empty.length > 0) throw new AppError('VALIDATION_FAILED', 422, { fields: Object.fromEntries(empty.map((l) => [`body.${l}`, 'article_empty'])) });
  return out;
}

export function createAdminContentService(deps: { db: Db; clock: Clock; media: MediaStorage; audit: AuditService; onChange?: () => void }) {
  const { db, media } = deps;
  /** After a committed change of the category tree or the brands: the catalogue's caches of this process start afresh. */
  const thenRefresh =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      deps.onChange?.();
      return result;
    };
  const url = (key: string | null) => (key ? media.url(key) : null);

  async function audited(ctx: StaffContext, tx: DbOrTx, action: AuditAction, entity: ContentEntity, entityId: string | number, before: Values | null, after: Values | null) {
    await deps.audit.record(tx, { staffId: ctx.staff.id }, { action, entity, entityId, before, after });
  }

  /** Stores the picture under a new key, points the row at it (in `apply`, audited), then removes the old file. */
  async function replacePicture(data: Buffer, kind: PictureKind, apply: (key: string) => Promise<string | null>): Promise<void> {
    const webp = await processPicture(data, kind);
    const key = pictureKey(kind);
    await media.put(key, webp);
    let old: string | null;
    try {
      old = await apply(key);
    } catch (err) {
      await media.remove(key).catch(() => undefined);
      throw err;
    }
    // Seeded pictures of the demo shop (catalog/…) are drawn again on request; only our own uploads are removed.
    if (old && old.startsWith(`${kind}/`)) await media.remove(old).catch(() => undefined);
  }

  // ---------------- categories ----------------
  async function categoryRows(tx: DbOrTx = db) {
    return tx.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
  }
  const PRODUCT_CATEGORY_PAIRS = sql`select id as product_id, category_id from products union all select product_id, category_id from product_categories`;
  /** Products whose main or extra category `id` is: what blocks its delete. */
  async function directCount(tx: DbOrTx, id: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(tx, sql`select count(distinct product_id)::int as n from (${PRODUCT_CATEGORY_PAIRS}) x where category_id = ${id}`);
    return row?.n ?? 0;
  }
  /**
   * Each category's products: `direct` (main or extra category) and `tree` (itself or below, each product
   * once), walking up `parents` (every category's parent; the list passes the rows it has already read).
   */
  async function categoryCounts(tx: DbOrTx, parents?: Map<number, number | null>): Promise<{ direct: Map<number, number>; tree: Map<number, number> }> {
    const pairs = await queryRows<{ category_id: number; product_id: number }>(tx, sql`select distinct category_id, product_id from (${PRODUCT_CATEGORY_PAIRS}) x`);
    const parentOf = parents ?? new Map((await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories)).map((c) => [c.id, c.parentId]));
    const direct = new Map<number, number>();
    const below = new Map<number, Set<number>>();
    for (const { category_id: category, product_id: product } of pairs) {
      direct.set(category, (direct.get(category) ?? 0) + 1);
      // up to the root (a bounded walk: the tree is checked acyclic on every move)
      for (let c: number | null | undefined = category, hops = 0; c != null && hops < 50; c = parentOf.get(c), hops++) {
        const set = below.get(c) ?? new Set<number>();
        set.add(product);
        below.set(c, set);
      }
    }
    return { direct, tree: new Map([...below].map(([id, set]) => [id, set.size])) };
  }
  const categoryDto = (c: typeof categories.$inferSelect, counts: { direct: Map<number, number>; tree: Map<number, number> }) => ({
    id: c.id,
    slug: c.slug,
    parent_id: c.parentId,
    sort: c.sort,
    name: c.name,
    description: c.description,
    image_url: url(c.image),
    products_count: counts.direct.get(c.id) ?? 0,
    products_in_tree: counts.tree.get(c.id) ?? 0,
  });
  async function categoryAnswer(id: number, tx: DbOrTx = db) {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!row) throw notFound();
    return { category: categoryDto(row, await categoryCounts(tx)) };
  }
  const categoryAudit = (c: typeof categories.$inferSelect) => ({ slug: c.slug, parent_id: c.parentId, sort: c.sort, name: c.name, description: c.description, image: c.image });

  async function listCategories(tx: DbOrTx = db) {
    const rows = await categoryRows(tx);
    const counts = await categoryCounts(tx, new Map(rows.map((r) => [r.id, r.parentId])));
    const index = categoryIndex(rows.map((r) => ({ id: r.id, slug: r.slug, parent_id: r.parentId, sort: r.sort, image: r.image, icon: r.icon, name: r.name, description: r.description })));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered: Array<typeof categories.$inferSelect> = [];
    const walk = (parent: number | null) => {
      for (const c of index.children.get(parent) ?? []) {
        ordered.push(byId.get(c.id)!);
        walk(c.id);
      }
    };
    walk(null);
    return { data: ordered.map((c) => categoryDto(c, counts)) };
  }

  async function createCategory(ctx: StaffContext, body: In<typeof categoryCreate>) {
    return db.transaction(async (tx) => {
      if ((await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, body.slug))).length > 0) throw slugTaken();
      if (body.parent_id !== null && (await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, body.parent_id))).length === 0) {
        throw new AppError('VALIDATION_FAILED', 422, { fields: { parent_id: 'unknown_parent' } });
      }
      const siblings = await tx
        .select({ sort: sql<number>`coalesce(max(${categories.sort}), 0)::int` })
        .from(categories)
        .where(body.parent_id === null ? sql`${categories.parentId} is null` : eq(categories.parentId, body.parent_id));
      const [row] = await tx
        .insert(categories)
        .values({ slug: body.slug, parentId: body.parent_id, sort: (siblings[0]?.sort ?? 0) + 1, name: body.name, description: body.description ?? EMPTY })
        .returning();
      await audited(ctx, tx, 'category.create', 'category', row!.id, null, categoryAudit(row!));
      return categoryAnswer(row!.id, tx);
    });
  }

  async function updateCategory(ctx: StaffContext, id: number, patch: In<typeof categoryPatch>) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!before) throw notFound();
      if (patch.slug && (await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.slug, patch.slug), ne(categories.id, id)))).length > 0) throw slugTaken();
      const [after] = await tx
        .update(categories)
        .set({
          ...(patch.slug ? { slug: patch.slug } : {}),
          ...(patch.name ? { name: patch.name } : {}),
          ...(patch.description !== undefined ? { description: patch.description ?? EMPTY } : {}),
        })
        .where(eq(categories.id, id))
        .returning();
      const change = diff(categoryAudit(before), categoryAudit(after!));
      if (change) await audited(ctx, tx, 'category.update', 'category', id, change.before, change.after);
      return categoryAnswer(id, tx);
    });
  }

  /** Puts the category under `parent_id` at `position` among its siblings; refuses a cycle (422 `parent_id`). */
  async function moveCategory(ctx: StaffContext, id: number, move: In<typeof categoryMove>) {
    return db.transaction(async (tx) => {
      // One move at a time: two staff members moving categories into each other could otherwise make a cycle.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('categories.tree'))`);
      const rows = await categoryRows(tx);
      const me = rows.find((r) => r.id === id);
      if (!me) throw notFound();
      if (move.parent_id !== null) {
        if (!rows.some((r) => r.id === move.parent_id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { parent_id: 'unknown_parent' } });
        const index = categoryIndex(rows.map((r) => ({ id: r.id, slug: r.slug, parent_id: r.parentId, sort: r.sort, image: r.image, icon: r.icon, name: r.name, description: r.description })));
        if (index.descendants(id).includes(move.parent_id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { parent_id: 'category_cycle' } });
      }
      const siblings = rows.filter((r) => r.parentId === move.parent_id && r.id !== id);
      siblings.splice(Math.min(move.position, siblings.length), 0, me);
      for (const [i, s] of siblings.entries()) {
        const sort = i + 1;
        if (s.id === id) await tx.update(categories).set({ parentId: move.parent_id, sort }).where(eq(categories.id, id));
        else if (s.sort !== sort) await tx.update(categories).set({ sort }).where(eq(categories.id, s.id));
      }
      const position = siblings.findIndex((s) => s.id === id);
      await audited(ctx, tx, 'category.move', 'category', id, { parent_id: me.parentId, sort: me.sort }, { parent_id: move.parent_id, sort: position + 1 });
      return listCategories(tx);
    });
  }

  async function deleteCategory(ctx: StaffContext, id: number, lang: Lang) {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!row) throw notFound();
      const count = await directCount(tx, id);
      const name = pick(row.name, lang);
      if (count > 0) throw new AppError('CATEGORY_HAS_PRODUCTS', 409, { params: { name, count }, extra: { products_count: count } });
      if ((await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id))).length > 0) throw new AppError('CATEGORY_HAS_CHILDREN', 409, { params: { name } });
      await tx.delete(categories).where(eq(categories.id, id));
      await audited(ctx, tx, 'category.delete', 'category', id, categoryAudit(row), null);
    });
  }

  async function categoryPicture(ctx: StaffContext, id: number, data: Buffer) {
    await replacePicture(data, 'categories', async (key) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!row) throw notFound();
        await tx.update(categories).set({ image: key }).where(eq(categories.id, id));
        await audited(ctx, tx, 'category.picture', 'category', id, { image: row.image }, { image: key });
        return row.image;
      }),
    );
    return categoryAnswer(id);
  }

  // ---------------- brands ----------------
  async function brandCounts(tx: DbOrTx = db) {
    const rows = await queryRows<{ brand_id: number; n: number }>(tx, sql`select brand_id, count(*)::int as n from products group by brand_id`);
    return new Map(rows.map((r) => [r.brand_id, r.n]));
  }
  const brandDto = (b: typeof brands.$inferSelect, counts: Map<number, number>) => ({ id: b.id, slug: b.slug, name: b.name, logo_url: url(b.logo), products_count: counts.get(b.id) ?? 0 });
  async function brandAnswer(id: number, tx: DbOrTx = db) {
    const [row] = await tx.select().from(brands).where(eq(brands.id, id));
    if (!row) throw notFound();
    return { brand: brandDto(row, await brandCounts(tx)) };
  }

  async function listBrands() {
    const [rows, counts] = await Promise.all([db.select().from(brands).orderBy(asc(brands.name), asc(brands.id)), brandCounts()]);
    return { data: rows.map((b) => brandDto(b, counts)) };
  }

  async function createBrand(ctx: StaffContext, body: In<typeof brandCreate>) {
    return db.transaction(async (tx) => {
      if ((await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, body.slug))).length > 0) throw slugTaken();
      const [row] = await tx.insert(brands).values({ slug: body.slug, name: body.name }).returning();
      await audited(ctx, tx, 'brand.create', 'brand', row!.id, null, { slug: row!.slug, name: row!.name });
      return brandAnswer(row!.id, tx);
    });
  }

  async function updateBrand(ctx: StaffContext, id: number, patch: In<typeof brandPatch>) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!before) throw notFound();
      if (patch.slug && (await tx.select({ id: brands.id }).from(brands).where(and(eq(brands.slug, patch.slug), ne(brands.id, id)))).length > 0) throw slugTaken();
      const [after] = await tx.update(brands).set(patch).where(eq(brands.id, id)).returning();
      const change = diff({ slug: before.slug, name: before.name }, { slug: after!.slug, name: after!.name });
      if (change) await audited(ctx, tx, 'brand.update', 'brand', id, change.before, change.after);
      return brandAnswer(id, tx);
    });
  }

  async function brandLogo(ctx: StaffContext, id: number, data: Buffer) {
    await replacePicture(data, 'brands', async (key) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
        if (!row) throw notFound();
        await tx.update(brands).set({ logo: key }).where(eq(brands.id, id));
        await audited(ctx, tx, 'brand.logo', 'brand', id, { logo: row.logo }, { logo: key });
        return row.logo;
      }),
    );
    return brandAnswer(id);
  }

  // ---------------- slides ----------------
  const slideState = (s: typeof slides.$inferSelect, now: Date): 'shown' | 'inactive' | 'no_picture' | 'scheduled' | 'ended' =>
    !s.active ? 'inactive' : !s.image ? 'no_picture' : s.startsAt && s.startsAt > now ? 'scheduled' : s.endsAt && s.endsAt <= now ? 'ended' : 'shown';
  const slideDto = (s: typeof slides.$inferSelect) => ({
    id: s.id,
    image_url: url(s.image),
    title: s.title,
    subtitle: s.subtitle,
    link: s.link,
    sort: s.sort,
    active: s.active,
    starts_at: s.startsAt?.toISOString() ?? null,
    ends_at: s.endsAt?.toISOString() ?? null,
    state: slideState(s, deps.clock.now()),
  });
  const slideAudit = (s: typeof slides.$inferSelect) => ({
    title: s.title,
    subtitle: s.subtitle,
    link: s.link,
    active: s.active,
    starts_at: s.startsAt?.toISOString() ?? null,
    ends_at: s.endsAt?.toISOString() ?? null,
    image: s.image,
    sort: s.sort,
  });
  const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

  async function listSlides() {
    const rows = await db.select().from(slides).orderBy(asc(slides.sort), asc(slides.id));
    return { data: rows.map(slideDto) };
  }

  async function createSlide(ctx: StaffContext, body: In<typeof slideCreate>) {
    return db.transaction(async (tx) => {
      const [max] = await tx.select({ sort: sql<number>`coalesce(max(${slides.sort}), 0)::int` }).from(slides);
      const [row] = await tx
        .insert(slides)
        .values({ title: body.title, subtitle: body.subtitle, link: body.link, active: body.active, startsAt: date(body.starts_at) ?? null, endsAt: date(body.ends_at) ?? null, sort: (max?.sort ?? 0) + 1 })
        .returning();
      await audited(ctx, tx, 'slide.create', 'slide', row!.id, null, slideAudit(row!));
      return { slide: slideDto(row!) };
    });
  }

  async function updateSlide(ctx: StaffContext, id: number, patch: In<typeof slidePatch>) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(slides).where(eq(slides.id, id)).for('update');
      if (!before) throw notFound();
      const startsAt = date(patch.starts_at);
      const endsAt = date(patch.ends_at);
      // the dates in order also when only one of them changes
      const start = startsAt === undefined ? before.startsAt : startsAt;
      const end = endsAt === undefined ? before.endsAt : endsAt;
      if (start && end && end <= start) throw new AppError('VALIDATION_FAILED', 422, { fields: { ends_at: 'date_order' } });
      const [after] = await tx
        .update(slides)
        .set({
          ...(patch.title ? { title: patch.title } : {}),
          ...(patch.subtitle !== undefined ? { subtitle: patch.subtitle } : {}),
          ...(patch.link ? { link: patch.link } : {}),
          ...(patch.active !== undefined ? { active: patch.active } : {}),
          ...(startsAt !== undefined ? { startsAt } : {}),
          ...(endsAt !== undefined ? { endsAt } : {}),
        })
        .where(eq(slides.id, id))
        .returning();
      const change = diff(slideAudit(before), slideAudit(after!));
      if (change) await audited(ctx, tx, 'slide.update', 'slide', id, change.before, change.after);
      return { slide: slideDto(after!) };
    });
  }

  async function deleteSlide(ctx: StaffContext, id: number) {
    const image = await db.transaction(async (tx) => {
      const [row] = await tx.delete(slides).where(eq(slides.id, id)).returning();
      if (!row) throw notFound();
      await audited(ctx, tx, 'slide.delete', 'slide', id, slideAudit(row), null);
      return row.image;
    });
    if (image?.startsWith('slides/')) await media.remove(image).catch(() => undefined);
  }

  /** Sets the order of the banners: `ids` first to last (every slide once). */
  async function orderSlides(ctx: StaffContext, ids: number[]) {
    return db.transaction(async (tx) => {
      const rows = await tx.select().from(slides).orderBy(asc(slides.sort), asc(slides.id)).for('update');
      if (new Set(ids).size !== ids.length || ids.length !== rows.length || !rows.every((r) => ids.includes(r.id))) {
        throw new AppError('VALIDATION_FAILED', 422, { fields: { ids: 'invalid' } });
      }
      for (const [i, id] of ids.entries()) await tx.update(slides).set({ sort: i + 1 }).where(eq(slides.id, id));
      await audited(ctx, tx, 'slide.order', 'slide', 'all', { ids: rows.map((r) => r.id) }, { ids });
      return { data: (await tx.select().from(slides).orderBy(asc(slides.sort), asc(slides.id))).map(slideDto) };
    });
  }

  async function slidePicture(ctx: StaffContext, id: number, data: Buffer) {
    let dto: ReturnType<typeof slideDto> | undefined;
    await replacePicture(data, 'slides', async (key) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(slides).where(eq(slides.id, id)).for('update');
        if (!row) throw notFound();
        const [after] = await tx.update(slides).set({ image: key }).where(eq(slides.id, id)).returning();
        await audited(ctx, tx, 'slide.picture', 'slide', id, { image: row.image }, { image: key });
        dto = slideDto(after!);
        return row.image;
      }),
    );
    return { slide: dto! };
  }

  // ---------------- blog posts ----------------
  const postDto = (p: typeof blogs.$inferSelect) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    body: p.body,
    cover_url: url(p.cover),
    published_at: p.publishedAt?.toISOString() ?? null,
    updated_at: p.updatedAt.toISOString(),
  });
  const postAudit = (p: typeof blogs.$inferSelect) => ({ slug: p.slug, title: p.title, excerpt: p.excerpt, body: p.body, cover: p.cover, published_at: p.publishedAt?.toISOString() ?? null });
  async function lockedPost(tx: DbOrTx, id: number) {
    const [row] = await tx.select().from(blogs).where(eq(blogs.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  async function listPosts() {
    const rows = await db.select().from(blogs).orderBy(sql`${blogs.publishedAt} desc nulls first`, desc(blogs.updatedAt), desc(blogs.id));
    return { data: rows.map(({ body: _body, excerpt: _excerpt, ...p }) => ({ id: p.id, slug: p.slug, title: p.title, cover_url: url(p.cover), published_at: p.publishedAt?.toISOString() ?? null, updated_at: p.updatedAt.toISOString() })) };
  }

  async function post(id: number) {
    const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
    if (!row) throw notFound();
    return { post: postDto(row) };
  }

  /** A new post is a draft: the shop shows it once published. */
  async function createPost(ctx: StaffContext, body: In<typeof postCreate>) {
    const clean = cleanBody(body.body);
    return db.transaction(async (tx) => {
      if ((await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.slug, body.slug))).length > 0) throw slugTaken();
      const [row] = await tx.insert(blogs).values({ slug: body.slug, title: body.title, excerpt: body.excerpt, body: clean, publishedAt: null, updatedAt: deps.clock.now() }).returning();
      await audited(ctx, tx, 'post.create', 'post', row!.id, null, postAudit(row!));
      return { post: postDto(row!) };
    });
  }

  async function updatePost(ctx: StaffContext, id: number, patch: In<typeof postPatch>) {
    const clean = patch.body ? cleanBody(patch.body) : undefined;
    return db.transaction(async (tx) => {
      const before = await lockedPost(tx, id);
      if (patch.slug && (await tx.select({ id: blogs.id }).from(blogs).where(and(eq(blogs.slug, patch.slug), ne(blogs.id, id)))).length > 0) throw slugTaken();
      const [after] = await tx
        .update(blogs)
        .set({
          ...(patch.slug ? { slug: patch.slug } : {}),
          ...(patch.title ? { title: patch.title } : {}),
          ...(patch.excerpt ? { excerpt: patch.excerpt } : {}),
          ...(clean ? { body: clean } : {}),
          updatedAt: deps.clock.now(),
        })
        .where(eq(blogs.id, id))
        .returning();
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
      const [after] = await tx
        .update(blogs)
        .set({ publishedAt: publish ? deps.clock.now() : null, updatedAt: deps.clock.now() })
        .where(eq(blogs.id, id))
        .returning();
      await audited(ctx, tx, publish ? 'post.publish' : 'post.unpublish', 'post', id, { published_at: before.publishedAt?.toISOString() ?? null }, { published_at: after!.publishedAt?.toISOString() ?? null });
      return { post: postDto(after!) };
    });
  }

  async function deletePost(ctx: StaffContext, id: number) {
    const cover = await db.transaction(async (tx) => {
      const [row] = await tx.delete(blogs).where(eq(blogs.id, id)).returning();
      if (!row) throw notFound();
      await audited(ctx, tx, 'post.delete', 'post', id, postAudit(row), null);
      return row.cover;
    });
    if (cover?.startsWith('blog/')) await media.remove(cover).catch(() => undefined);
  }

  async function postCover(ctx: StaffContext, id: number, data: Buffer) {
    let dto: ReturnType<typeof postDto> | undefined;
    await replacePicture(data, 'blog', async (key) =>
      db.transaction(async (tx) => {
        const row = await lockedPost(tx, id);
        const [after] = await tx.update(blogs).set({ cover: key, updatedAt: deps.clock.now() }).where(eq(blogs.id, id)).returning();
        await audited(ctx, tx, 'post.cover', 'post', id, { cover: row.cover }, { cover: key });
        dto = postDto(after!);
        return row.cover;
      }),
    );
    return { post: dto! };
  }

  // ---------------- information pages ----------------
  const pageDto = (p: typeof infoPages.$inferSelect) => ({ slug: p.slug, title: p.title, body: p.body, published: p.published, updated_at: p.updatedAt.toISOString() });
  const pageAudit = (p: typeof infoPages.$inferSelect) => ({ title: p.title, body: p.body, published: p.published });

  async function listPages() {
    const rows = await db.select().from(infoPages).orderBy(asc(infoPages.slug));
    return { data: rows.map((p) => ({ slug: p.slug, title: p.title, published: p.published, updated_at: p.updatedAt.toISOString() })) };
  }
  async function page(slug: string) {
    const [row] = await db.select().from(infoPages).where(eq(infoPages.slug, slug));
    if (!row) throw notFound();
    return { page: pageDto(row) };
  }
  async function updatePage(ctx: StaffContext, slug: string, patch: In<typeof pagePatch> & { published?: boolean }) {
    const clean = patch.body ? cleanBody(patch.body) : undefined;
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(infoPages).where(eq(infoPages.slug, slug)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(infoPages)
        .set({
          ...(patch.title ? { title: patch.title } : {}),
          ...(clean ? { body: clean } : {}),
          ...(patch.published !== undefined ? { published: patch.published } : {}),
          updatedAt: deps.clock.now(),
        })
        .where(eq(infoPages.slug, slug))
        .returning();
      const change = diff(pageAudit(before), pageAudit(after!));
      if (change) {
        const action = patch.published === undefined ? 'page.update' : patch.published ? 'page.publish' : 'page.unpublish';
        await audited(ctx, tx, action, 'page', slug, change.before, change.after);
      }
      return { page: pageDto(after!) };
    });
  }

  // ---------------- stores ----------------
  const storeDto = (s: typeof stores.$inferSelect) => ({ id: s.id, slug: s.slug, name: s.name, address: s.address, landmark: s.landmark, hours: s.hours, phone: s.phone, lat: s.lat, lng: s.lng });
  async function listStores() {
    const rows = await db.select().from(stores).orderBy(asc(stores.sort), asc(stores.id));
    return { data: rows.map(storeDto) };
  }
  async function updateStore(ctx: StaffContext, id: number, patch: In<typeof storePatch>) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(stores).where(eq(stores.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx.update(stores).set(patch).where(eq(stores.id, id)).returning();
      const { id: _a, ...b } = storeDto(before);
      const { id: _b, ...a } = storeDto(after!);
      const change = diff(b, a);
      if (change) await audited(ctx, tx, 'store.update', 'store', id, change.before, change.after);
      return { store: storeDto(after!) };
    });
  }

  // ---------------- delivery ----------------
  const regionDto = (r: typeof deliveryRegions.$inferSelect) => ({
    slug: r.slug,
    name: r.name,
    cities: r.cities,
    base_fee: r.baseFee,
    base_weight_g: r.baseWeightG,
    per_kg_fee: r.perKgFee,
    days: r.days,
    express_available: r.expressAvailable,
    active: r.active,
    sort: r.sort,
  });
  async function delivery(tx: DbOrTx = db) {
    const [settings] = await tx.select().from(deliverySettings).where(eq(deliverySettings.key, 'default'));
    if (!settings) throw new AppError('SERVICE_UNAVAILABLE', 503);
    const regions = await tx.select().from(deliveryRegions).orderBy(asc(deliveryRegions.sort), asc(deliveryRegions.slug));
    return {
      delivery: {
        delivery_sum: settings.deliverySum,
        free_delivery_threshold: settings.freeDeliveryThreshold,
        express_note: settings.expressNote,
        pickup_note: settings.pickupNote,
        regions: regions.map(regionDto),
      },
    };
  }
  async function updateDeliverySettings(ctx: StaffContext, patch: In<typeof deliverySettingsPatch>) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(deliverySettings).where(eq(deliverySettings.key, 'default')).for('update');
      if (!before) throw new AppError('SERVICE_UNAVAILABLE', 503);
      const [after] = await tx
        .update(deliverySettings)
        .set({
          ...(patch.delivery_sum !== undefined ? { deliverySum: patch.delivery_sum } : {}),
          ...(patch.free_delivery_threshold !== undefined ? { freeDeliveryThreshold: patch.free_delivery_threshold } : {}),
          ...(patch.express_note ? { expressNote: patch.express_note } : {}),
          ...(patch.pickup_note ? { pickupNote: patch.pickup_note } : {}),
        })
        .where(eq(deliverySettings.key, 'default'))
        .returning();
      const view = (s: typeof deliverySettings.$inferSelect) => ({ delivery_sum: s.deliverySum, free_delivery_threshold: s.freeDeliveryThreshold, express_note: s.expressNote, pickup_note: s.pickupNote });
      const change = diff(view(before), view(after!));
      if (change) await audited(ctx, tx, 'delivery.settings', 'delivery', 'settings', change.before, change.after);
      return delivery(tx);
    });
  }
  const regionValues = (body: Partial<In<typeof regionCreate>>) => ({
    ...(body.name ? { name: body.name } : {}),
    ...(body.cities ? { cities: body.cities } : {}),
    ...(body.base_fee !== undefined ? { baseFee: body.base_fee } : {}),
    ...(body.base_weight_g !== undefined ? { baseWeightG: body.base_weight_g } : {}),
    ...(body.per_kg_fee !== undefined ? { perKgFee: body.per_kg_fee } : {}),
    ...(body.days ? { days: normaliseDays(body.days) } : {}),
    ...(body.express_available !== undefined ? { expressAvailable: body.express_available } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  });
  async function createRegion(ctx: StaffContext, body: In<typeof regionCreate>) {
    return db.transaction(async (tx) => {
      if ((await tx.select({ slug: deliveryRegions.slug }).from(deliveryRegions).where(eq(deliveryRegions.slug, body.slug))).length > 0) throw slugTaken();
      const [max] = await tx.select({ sort: sql<number>`coalesce(max(${deliveryRegions.sort}), 0)::int` }).from(deliveryRegions);
      const values = regionValues(body);
      const [row] = await tx
        .insert(deliveryRegions)
        .values({
          slug: body.slug,
          name: body.name,
          cities: body.cities,
          baseFee: body.base_fee,
          baseWeightG: body.base_weight_g,
          perKgFee: body.per_kg_fee,
          days: values.days ?? body.days,
          expressAvailable: body.express_available,
          active: body.active ?? true,
          sort: (max?.sort ?? 0) + 1,
        })
        .returning();
      const { slug: _s, sort: _o, ...after } = regionDto(row!);
      await audited(ctx, tx, 'delivery.region_create', 'delivery', body.slug, null, after);
      return delivery(tx);
    });
  }
  async function updateRegion(ctx: StaffContext, slug: string, patch: In<typeof regionPatch>, lang: Lang) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(deliveryRegions).where(eq(deliveryRegions.slug, slug)).for('update');
      if (!before) throw notFound();
      // the checkout and the product page's estimate start in the default region
      if (patch.active === false && slug === DEFAULT_REGION) throw new AppError('REGION_IS_DEFAULT', 409, { params: { name: pick(before.name, lang) } });
      const [after] = await tx.update(deliveryRegions).set(regionValues(patch)).where(eq(deliveryRegions.slug, slug)).returning();
      const change = diff(regionDto(before), regionDto(after!));
      if (change) await audited(ctx, tx, 'delivery.region_update', 'delivery', slug, change.before, change.after);
      return delivery(tx);
    });
  }
  /**
   * Deletes a region added by mistake. One that orders went to stays (their pages show its name), and so
   * does the shop's default region (the product page's delivery estimate and the checkout start there).
   */
  async function deleteRegion(ctx: StaffContext, slug: string, lang: Lang) {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(deliveryRegions).where(eq(deliveryRegions.slug, slug)).for('update');
      if (!row) throw notFound();
      const name = pick(row.name, lang);
      if (slug === DEFAULT_REGION) throw new AppError('REGION_IS_DEFAULT', 409, { params: { name } });
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(sql`${orders.address}->>'region' = ${slug}`);
      const count = used?.n ?? 0;
      if (count > 0) throw new AppError('REGION_HAS_ORDERS', 409, { params: { name, count }, extra: { orders_count: count } });
      await tx.delete(deliveryRegions).where(eq(deliveryRegions.slug, slug));
      const { slug: _s, sort: _o, ...before } = regionDto(row);
      await audited(ctx, tx, 'delivery.region_delete', 'delivery', slug, before, null);
      return delivery(tx);
    });
  }
  async function orderRegions(ctx: StaffContext, slugs: string[]) {
    return db.transaction(async (tx) => {
      const rows = await tx.select({ slug: deliveryRegions.slug }).from(deliveryRegions).orderBy(asc(deliveryRegions.sort)).for('update');
      if (new Set(slugs).size !== slugs.length || slugs.length !== rows.length || !rows.every((r) => slugs.includes(r.slug))) {
        throw new AppError('VALIDATION_FAILED', 422, { fields: { slugs: 'invalid' } });
      }
      for (const [i, slug] of slugs.entries()) await tx.update(deliveryRegions).set({ sort: i }).where(eq(deliveryRegions.slug, slug));
      await audited(ctx, tx, 'delivery.region_order', 'delivery', 'regions', { slugs: rows.map((r) => r.slug) }, { slugs });
      return delivery(tx);
    });
  }

  return {
    listCategories: () => listCategories(),
    createCategory: thenRefresh(createCategory),
    updateCategory: thenRefresh(updateCategory),
    moveCategory: thenRefresh(moveCategory),
    deleteCategory: thenRefresh(deleteCategory),
    categoryPicture: thenRefresh(categoryPicture),
    listBrands,
    createBrand: thenRefresh(createBrand),
    updateBrand: thenRefresh(updateBrand),
    brandLogo: thenRefresh(brandLogo),
    listSlides,
    createSlide,
    updateSlide,
    deleteSlide,
    orderSlides,
    slidePicture,
    listPosts,
    post,
    createPost,
    updatePost,
    publishPost,
    deletePost,
    postCover,
    listPages,
    page,
    updatePage,
    listStores,
    updateStore,
    delivery: () => delivery(),
    updateDeliverySettings,
    createRegion,
    updateRegion,
    deleteRegion,
    orderRegions,
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
