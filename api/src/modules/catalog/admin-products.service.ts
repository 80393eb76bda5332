import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.js';
import { brands, categories, productCategories, products } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { type Lang } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { randomName } from '../../lib/secrets.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuditService } from '../audit/index.js';
import { refreshProductTotals } from '../inventory/index.js';
import { type StaffContext } from '../staff/index.js';
import { type AdminProduct, type ProductCreateBody, type ProductPatchBody } from './admin.schema.js';
import { createAdminProductList } from './admin-product-list.js';
import { auditView, diff, full, loadProduct, storedVisibility } from './admin-product-view.js';
import { assertSkusFree, writeVariants } from './admin-variants.js';
import { IMAGES_PER_PRODUCT, processProductImage } from './product-images.js';
import { extraSearchWords, refreshProductPrices, refreshSearchText } from './product-sync.js';
import { normaliseSearchText } from './search-text.js';

/** A URL-safe address from a name: Cyrillic transliterated as the search does, the rest dropped. */
function slugify(text: string): string {
  const s = normaliseSearchText(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100).replace(/-+$/, '');
  return s.length >= 2 ? s : 'product';
}

/** Is this a unique-violation error of PostgreSQL (node-postgres or PGlite)? */
function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  return code === '23505' ? (e.constraint ?? e.cause?.constraint ?? '') : null;
}

/** Products as the back office manages them: list, create, edit, archive, pictures. */
export function createAdminProductsService(deps: { db: Db; clock: Clock; media: MediaStorage; audit: AuditService; lowStockThreshold: number; onChange: () => void }) {
  const { db } = deps;
  const load = (tx: DbOrTx, id: number, lang: Lang): Promise<AdminProduct> => loadProduct(tx, id, lang, deps);
  const { list, lookups } = createAdminProductList(deps);

  async function assertRefs(tx: DbOrTx, body: { category_id?: number; brand_id?: number }) {
    const fields: Record<string, string> = {};
    if (body.category_id !== undefined && !(await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, body.category_id))).length) {
      fields.category_id = 'not_found_ref';
    }
    if (body.brand_id !== undefined && !(await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brand_id))).length) {
      fields.brand_id = 'not_found_ref';
    }
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', 422, { fields });
  }


  async function uniqueSlug(tx: DbOrTx, wanted: string | undefined, name: { uz: string; en?: string }, productId: number | null): Promise<string> {
    const free = async (slug: string) =>
      !(await queryRows<{ id: number }>(tx, sql`select id from products where slug = ${slug} and id <> ${productId ?? 0}`)).length;
    if (wanted) {
      if (!(await free(wanted))) throw new AppError('SLUG_TAKEN', 409, { fields: { slug: 'slug_taken' } });
      return wanted;
    }
    const base = slugify(name.en || name.uz);
    for (let n = 1; n < 1000; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (await free(slug)) return slug;
    }
    return `${base}-${randomName().slice(0, 8)}`;
  }


  async function setMainCategory(tx: DbOrTx, productId: number, from: number | null, to: number) {
    if (from !== null && from !== to) {
      await tx.delete(productCategories).where(and(eq(productCategories.productId, productId), eq(productCategories.categoryId, from)));
    }
    await tx.insert(productCategories).values({ productId, categoryId: to }).onConflictDoNothing();
  }

  /** Runs a write; a unique violation that slipped past the checks (two saves at once) is a 409, not a 500. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes('slug')) throw new AppError('SLUG_TAKEN', 409, { fields: { slug: 'slug_taken' }, cause: err });
      throw new AppError('SKU_TAKEN', 409, { fields: { variants: 'sku_taken' }, cause: err });
    }
  }

  async function create(ctx: StaffContext, body: ProductCreateBody, lang: Lang): Promise<AdminProduct> {
    const now = deps.clock.now();
    const id = await guarded(() =>
      db.transaction(async (tx) => {
        await assertRefs(tx, body);
        await assertSkusFree(tx, body.variants, null);
        const slug = await uniqueSlug(tx, body.slug, body.name, null);
        const first = body.variants[0]!;
        const [row] = await tx
          .insert(products)
          .values({
            slug,
            name: full(body.name),
            description: full(body.description),
            brandId: body.brand_id,
            categoryId: body.category_id,
            attributes: (body.attributes ?? []).map((a) => ({ code: a.code, name: full(a.name), value: full(a.value) })),
            images: [],
            mxit: body.mxik,
            mxitUnit: body.package_code,
            vatPercent: body.vat_percent,
            weightGrams: body.weight_grams,
            marked: body.marked ?? false,
            ...storedVisibility(body.visibility ?? 'shown'),
            createdAt: now,
            updatedAt: now,
            priceIndividual: first.price_individual,
            priceLegal: first.price_legal,
            searchText: '',
            searchNames: '',
          })
          .returning({ id: products.id });
        const productId = row!.id;
        await setMainCategory(tx, productId, null, body.category_id);
        await writeVariants(tx, deps.audit, productId, body.variants, ctx, now, true);
        await refreshProductPrices(tx, [productId], now);
        await refreshProductTotals(tx, { productIds: [productId] });
        await refreshSearchText(tx, productId, []);
        const after = await load(tx, productId, lang);
        await deps.audit.record(tx, { staffId: ctx.staff.id }, { action: 'product.create', entity: 'product', entityId: productId, before: null, after: auditView(after) });
        return productId;
      }),
    );
    deps.onChange();
    return load(db, id, lang);
  }

  async function update(ctx: StaffContext, id: number, body: ProductPatchBody, lang: Lang): Promise<AdminProduct> {
    const now = deps.clock.now();
    await guarded(() =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!current) throw notFound();
        const before = await load(tx, id, lang);
        const extra = await extraSearchWords(tx, id);
        await assertRefs(tx, body);
        if (body.variants) await assertSkusFree(tx, body.variants, id);
        const set: Partial<typeof products.$inferInsert> = { updatedAt: now };
        if (body.name) set.name = full(body.name);
        if (body.description) set.description = full(body.description);
        if (body.slug && body.slug !== current.slug) set.slug = await uniqueSlug(tx, body.slug, body.name ?? current.name, id);
        if (body.category_id !== undefined) set.categoryId = body.category_id;
        if (body.brand_id !== undefined) set.brandId = body.brand_id;
        if (body.attributes) set.attributes = body.attributes.map((a) => ({ code: a.code, name: full(a.name), value: full(a.value) }));
        if (body.mxik !== undefined) set.mxit = body.mxik;
        if (body.package_code !== undefined) set.mxitUnit = body.package_code;
        if (body.vat_percent !== undefined) set.vatPercent = body.vat_percent;
        if (body.weight_grams !== undefined) set.weightGrams = body.weight_grams;
        if (body.marked !== undefined) set.marked = body.marked;
        if (body.visibility !== undefined) Object.assign(set, storedVisibility(body.visibility));
        if (body.archived === true) set.status = 'archived';
        // Brought back from the archive hidden, unless this save says how to show it.
        if (body.archived === false && current.status === 'archived' && body.visibility === undefined) set.status = 'hidden';
        if (body.archived === undefined && current.status === 'archived' && body.visibility !== undefined) set.status = 'archived';
        await tx.update(products).set(set).where(eq(products.id, id));
        if (body.category_id !== undefined) await setMainCategory(tx, id, current.categoryId, body.category_id);
        if (body.variants) await writeVariants(tx, deps.audit, id, body.variants, ctx, now, false);
        await refreshProductPrices(tx, [id], now);
        await refreshProductTotals(tx, { productIds: [id] });
        await refreshSearchText(tx, id, extra);
        const after = await load(tx, id, lang);
        const action = body.archived === true && current.status !== 'archived' ? 'product.archive' : 'product.update';
        const [b, a] = diff(auditView(before), auditView(after));
        await deps.audit.record(tx, { staffId: ctx.staff.id }, { action, entity: 'product', entityId: id, before: b, after: a });
      }),
    );
    deps.onChange();
    return load(db, id, lang);
  }

  async function addImages(ctx: StaffContext, id: number, files: Buffer[], lang: Lang): Promise<AdminProduct> {
    if (files.length === 0) throw new AppError('IMAGE_INVALID', 422, { fields: { image: 'required' } });
    const [current] = await db.select({ images: products.images }).from(products).where(eq(products.id, id));
    if (!current) throw notFound();
    if (current.images.length + files.length > IMAGES_PER_PRODUCT) throw new AppError('VALIDATION_FAILED', 422, { fields: { image: 'too_many_images' } });
    // Every file is checked before any is stored: one bad file stores none.
    const encoded = await Promise.all(files.map((f) => processProductImage(f)));
    const keys: string[] = [];
    for (const data of encoded) {
      const key = `products/${randomName()}.webp`;
      await deps.media.put(key, data);
      keys.push(key);
    }
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ images: products.images }).from(products).where(eq(products.id, id)).for('update');
        if (!row) throw notFound();
        if (row.images.length + keys.length > IMAGES_PER_PRODUCT) throw new AppError('VALIDATION_FAILED', 422, { fields: { image: 'too_many_images' } });
        const images = [...row.images, ...keys];
        await tx.update(products).set({ images, updatedAt: deps.clock.now() }).where(eq(products.id, id));
        await deps.audit.record(tx, { staffId: ctx.staff.id }, { action: 'product.images', entity: 'product', entityId: id, before: { images: row.images }, after: { images } });
      });
    } catch (err) {
      await Promise.all(keys.map((k) => deps.media.remove(k).catch(() => undefined)));
      throw err;
    }
    deps.onChange();
    return load(db, id, lang);
  }

  async function setImages(ctx: StaffContext, id: number, order: string[], lang: Lang): Promise<AdminProduct> {
    let removed: string[] = [];
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ images: products.images }).from(products).where(eq(products.id, id)).for('update');
      if (!row) throw notFound();
      const own = new Set(row.images);
      if (order.some((k) => !own.has(k)) || new Set(order).size !== order.length) throw new AppError('VALIDATION_FAILED', 422, { fields: { keys: 'image_keys' } });
      removed = row.images.filter((k) => !order.includes(k));
      await tx.update(products).set({ images: order, updatedAt: deps.clock.now() }).where(eq(products.id, id));
      await deps.audit.record(tx, { staffId: ctx.staff.id }, { action: 'product.images', entity: 'product', entityId: id, before: { images: row.images }, after: { images: order } });
    });
    // Uploaded pictures are deleted from storage; the demo's generated ones (catalog/…) are shared, so kept.
    for (const key of removed) if (key.startsWith('products/')) await deps.media.remove(key).catch(() => undefined);
    deps.onChange();
    return load(db, id, lang);
  }


  return { list, get: (id: number, lang: Lang) => load(db, id, lang), create, update, archive: (ctx: StaffContext, id: number, lang: Lang) => update(ctx, id, { archived: true }, lang), addImages, setImages, lookups };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
