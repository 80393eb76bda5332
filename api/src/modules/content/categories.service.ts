// The category tree as staff change it: add, rename, move (never into itself), picture, delete when empty.
// The shop reads the tree through the catalogue's 30-second cache, cleared at once in this process by
// `onChange`; other API processes follow within their TTL (docs/back-office.md "When the shop shows a change").
import { type DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type categoryCreate, type categoryMove, type categoryPatch } from './admin.schema.js';
import { type CategoryRow, createCategoryRepository } from './categories.repository.js';
import { categoryIndex } from './category-tree.js';
import { replacePicture } from './picture.js';
import { type ContentDeps, EMPTY, type In, type StaffContext, auditWith, diff, mediaUrl, slugTaken, thenRefresh } from './staff-edits.js';

interface Counts {
  direct: Map<number, number>;
  tree: Map<number, number>;
}

const categoryAudit = (c: CategoryRow) => ({ slug: c.slug, parent_id: c.parentId, sort: c.sort, name: c.name, description: c.description, image: c.image });
const treeOf = (rows: CategoryRow[]) =>
  categoryIndex(rows.map((r) => ({ id: r.id, slug: r.slug, parent_id: r.parentId, sort: r.sort, image: r.image, icon: r.icon, name: r.name, description: r.description })));

export function createCategoriesService(deps: ContentDeps) {
  const { db } = deps;
  const audited = auditWith(deps.audit);
  const url = mediaUrl(deps.media);

  /**
   * Each category's products: `direct` (main or extra category) and `tree` (itself or below, each product
   * once), walking up `parents` (every category's parent; the list passes the rows it has already read).
   */
  async function categoryCounts(tx: DbOrTx, parents?: Map<number, number | null>): Promise<Counts> {
    const repo = createCategoryRepository(tx);
    const pairs = await repo.productPairs();
    const parentOf = parents ?? new Map((await repo.parents()).map((c) => [c.id, c.parentId]));
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
  const categoryDto = (c: CategoryRow, counts: Counts) => ({
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
    const row = await createCategoryRepository(tx).find(id);
    if (!row) throw notFound();
    return { category: categoryDto(row, await categoryCounts(tx)) };
  }

  /** Every category, parents before children, siblings in their order. */
  async function listCategories(tx: DbOrTx = db) {
    const rows = await createCategoryRepository(tx).list();
    const counts = await categoryCounts(tx, new Map(rows.map((r) => [r.id, r.parentId])));
    const index = treeOf(rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered: CategoryRow[] = [];
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
      const repo = createCategoryRepository(tx);
      if (await repo.slugUsed(body.slug)) throw slugTaken();
      if (body.parent_id !== null && !(await repo.exists(body.parent_id))) throw new AppError('VALIDATION_FAILED', 422, { fields: { parent_id: 'unknown_parent' } });
      const row = await repo.insert({ slug: body.slug, parentId: body.parent_id, sort: (await repo.lastSort(body.parent_id)) + 1, name: body.name, description: body.description ?? EMPTY });
      await audited(ctx, tx, 'category.create', 'category', row.id, null, categoryAudit(row));
      return categoryAnswer(row.id, tx);
    });
  }

  async function updateCategory(ctx: StaffContext, id: number, patch: In<typeof categoryPatch>) {
    return db.transaction(async (tx) => {
      const repo = createCategoryRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw notFound();
      if (patch.slug && (await repo.slugUsed(patch.slug, id))) throw slugTaken();
      const after = await repo.update(id, {
        ...(patch.slug ? { slug: patch.slug } : {}),
        ...(patch.name ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description ?? EMPTY } : {}),
      });
      const change = diff(categoryAudit(before), categoryAudit(after!));
      if (change) await audited(ctx, tx, 'category.update', 'category', id, change.before, change.after);
      return categoryAnswer(id, tx);
    });
  }

  /** Puts the category under `parent_id` at `position` among its siblings; refuses a cycle (422 `parent_id`). */
  async function moveCategory(ctx: StaffContext, id: number, move: In<typeof categoryMove>) {
    return db.transaction(async (tx) => {
      const repo = createCategoryRepository(tx);
      await repo.lockTree();
      const rows = await repo.list();
      const me = rows.find((r) => r.id === id);
      if (!me) throw notFound();
      if (move.parent_id !== null) {
        if (!rows.some((r) => r.id === move.parent_id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { parent_id: 'unknown_parent' } });
        if (treeOf(rows).descendants(id).includes(move.parent_id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { parent_id: 'category_cycle' } });
      }
      const siblings = rows.filter((r) => r.parentId === move.parent_id && r.id !== id);
      siblings.splice(Math.min(move.position, siblings.length), 0, me);
      for (const [i, s] of siblings.entries()) {
        const sort = i + 1;
        if (s.id === id) await repo.update(id, { parentId: move.parent_id, sort });
        else if (s.sort !== sort) await repo.update(s.id, { sort });
      }
      const position = siblings.findIndex((s) => s.id === id);
      await audited(ctx, tx, 'category.move', 'category', id, { parent_id: me.parentId, sort: me.sort }, { parent_id: move.parent_id, sort: position + 1 });
      return listCategories(tx);
    });
  }

  async function deleteCategory(ctx: StaffContext, id: number, lang: Lang) {
    await db.transaction(async (tx) => {
      const repo = createCategoryRepository(tx);
      const row = await repo.lock(id);
      if (!row) throw notFound();
      const count = await repo.directCount(id);
      const name = pick(row.name, lang);
      if (count > 0) throw new AppError('CATEGORY_HAS_PRODUCTS', 409, { params: { name, count }, extra: { products_count: count } });
      if (await repo.hasChildren(id)) throw new AppError('CATEGORY_HAS_CHILDREN', 409, { params: { name } });
      await repo.remove(id);
      await audited(ctx, tx, 'category.delete', 'category', id, categoryAudit(row), null);
    });
  }

  async function categoryPicture(ctx: StaffContext, id: number, data: Buffer) {
    await replacePicture(deps.media, data, 'categories', async (key) =>
      db.transaction(async (tx) => {
        const repo = createCategoryRepository(tx);
        const row = await repo.lock(id);
        if (!row) throw notFound();
        await repo.update(id, { image: key });
        await audited(ctx, tx, 'category.picture', 'category', id, { image: row.image }, { image: key });
        return row.image;
      }),
    );
    return categoryAnswer(id);
  }

  const refreshing = thenRefresh(deps.onChange);
  return {
    listCategories: () => listCategories(),
    createCategory: refreshing(createCategory),
    updateCategory: refreshing(updateCategory),
    moveCategory: refreshing(moveCategory),
    deleteCategory: refreshing(deleteCategory),
    categoryPicture: refreshing(categoryPicture),
  };
}
