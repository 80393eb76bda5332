// The brands as staff change them: add, rename, logo. The shop reads them through the catalogue's 30-second
// cache, cleared at once in this process by `onChange` (docs/back-office.md "When the shop shows a change").
import { type DbOrTx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { type brandCreate, type brandPatch } from './admin.schema.js';
import { type BrandRow, createBrandRepository } from './brands.repository.js';
import { replacePicture } from './picture.js';
import { type ContentDeps, type In, type StaffContext, auditWith, diff, mediaUrl, slugTaken, thenRefresh } from './staff-edits.js';

export function createBrandsService(deps: ContentDeps) {
  const { db } = deps;
  const audited = auditWith(deps.audit);
  const url = mediaUrl(deps.media);

  const brandDto = (b: BrandRow, counts: Map<number, number>) => ({ id: b.id, slug: b.slug, name: b.name, logo_url: url(b.logo), products_count: counts.get(b.id) ?? 0 });
  async function brandAnswer(id: number, tx: DbOrTx = db) {
    const repo = createBrandRepository(tx);
    const row = await repo.find(id);
    if (!row) throw notFound();
    return { brand: brandDto(row, await repo.productCounts()) };
  }

  async function listBrands() {
    const repo = createBrandRepository(db);
    const [rows, counts] = await Promise.all([repo.list(), repo.productCounts()]);
    return { data: rows.map((b) => brandDto(b, counts)) };
  }

  async function createBrand(ctx: StaffContext, body: In<typeof brandCreate>) {
    return db.transaction(async (tx) => {
      const repo = createBrandRepository(tx);
      if (await repo.slugUsed(body.slug)) throw slugTaken();
      const row = await repo.insert({ slug: body.slug, name: body.name });
      await audited(ctx, tx, 'brand.create', 'brand', row.id, null, { slug: row.slug, name: row.name });
      return brandAnswer(row.id, tx);
    });
  }

  async function updateBrand(ctx: StaffContext, id: number, patch: In<typeof brandPatch>) {
    return db.transaction(async (tx) => {
      const repo = createBrandRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw notFound();
      if (patch.slug && (await repo.slugUsed(patch.slug, id))) throw slugTaken();
      const after = await repo.update(id, patch);
      const change = diff({ slug: before.slug, name: before.name }, { slug: after!.slug, name: after!.name });
      if (change) await audited(ctx, tx, 'brand.update', 'brand', id, change.before, change.after);
      return brandAnswer(id, tx);
    });
  }

  async function brandLogo(ctx: StaffContext, id: number, data: Buffer) {
    await replacePicture(deps.media, data, 'brands', async (key) =>
      db.transaction(async (tx) => {
        const repo = createBrandRepository(tx);
        const row = await repo.lock(id);
        if (!row) throw notFound();
        await repo.update(id, { logo: key });
        await audited(ctx, tx, 'brand.logo', 'brand', id, { logo: row.logo }, { logo: key });
        return row.logo;
      }),
    );
    return brandAnswer(id);
  }

  const refreshing = thenRefresh(deps.onChange);
  return { listBrands, createBrand: refreshing(createBrand), updateBrand: refreshing(updateBrand), brandLogo: refreshing(brandLogo) };
}
