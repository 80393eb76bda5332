import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, sqlList } from '../../db/client.js';
import { CLOSED_ORDER_STATUSES, brands, categories, productCategories, productOptions, products, stockMovements, stores, variantStock, variants } from '../../db/schema/index.js';
import { type VariantOption } from '../../db/schema/catalog.js';
import { AppError, notFound } from '../../errors.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { randomName } from '../../lib/secrets.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuditService } from '../audit/audit.service.js';
import { matchesCte } from '../catalog/search-sql.js';
import { matchTokens, normaliseSearchText, searchTokens } from '../catalog/search-text.js';
import { type StaffContext } from '../staff/staff.service.js';
import {
  type AdminProduct,
  type ProductCreateBody,
  type ProductPatchBody,
  type ProductsQuery,
  type VariantInput,
  type Visibility,
} from './admin-catalog.schema.js';
import { IMAGES_PER_PRODUCT, processProductImage } from './product-images.js';
import { extraSearchWords, refreshProductTotals, refreshSearchText } from './product-sync.js';

type Status = 'active' | 'hidden' | 'archived';
type VisibleTo = 'individual' | 'legal' | null;

export function visibilityOf(status: Status, visibleTo: VisibleTo): Visibility {
  if (status !== 'active') return 'hidden';
  return visibleTo === 'legal' ? 'wholesale' : visibleTo === 'individual' ? 'retail' : 'shown';
}
export function storedVisibility(v: Visibility): { status: 'active' | 'hidden'; visibleTo: VisibleTo } {
  switch (v) {
    case 'shown':
      return { status: 'active', visibleTo: null };
    case 'hidden':
      return { status: 'hidden', visibleTo: null };
    case 'wholesale':
      return { status: 'active', visibleTo: 'legal' };
    case 'retail':
      return { status: 'active', visibleTo: 'individual' };
  }
}
/** SQL condition on `products p` for a visibility. */
export function visibilityCondition(v: Visibility): SQL {
  switch (v) {
    case 'shown':
      return sql`p.status = 'active' and p.visible_to is null`;
    case 'hidden':
      return sql`p.status = 'hidden'`;
    case 'wholesale':
      return sql`p.status = 'active' and p.visible_to = 'legal'`;
    case 'retail':
      return sql`p.status = 'active' and p.visible_to = 'individual'`;
  }
}

const LANGS = ['uz', 'ru', 'en'] as const;
const full = (t: Partial<Localized> | undefined): Localized => ({ uz: t?.uz ?? '', ru: t?.ru ?? '', en: t?.en ?? '' });
function missingLangs(name: Localized, description: Localized): Lang[] {
  return LANGS.filter((l) => !name[l] || !description[l]);
}

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

/** The `low` condition of one stock row `s` of variant `v`. */
export const lowCondition = (defaultThreshold: number): SQL => sql`s.quantity < coalesce(v.low_stock_threshold, ${defaultThreshold})`;

/** Products as the back office manages them: list, create, edit, archive, pictures. */
export function createAdminProductsService(deps: { db: Db; clock: Clock; media: MediaStorage; audit: AuditService; lowStockThreshold: number; onChange: () => void }) {
  const { db } = deps;
  const low = lowCondition(deps.lowStockThreshold);

  async function storeRefs(tx: DbOrTx = db, lang: Lang = 'uz') {
    return (await tx.select({ id: stores.id, code: stores.slug, name: stores.name }).from(stores).orderBy(asc(stores.sort), asc(stores.id))).map((s) => ({
      id: s.id,
      code: s.code,
      name: pick(s.name, lang),
    }));
  }

  async function load(tx: DbOrTx, id: number, lang: Lang): Promise<AdminProduct> {
    const [row] = await tx
      .select({ p: products, categoryName: categories.name, brandName: brands.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(eq(products.id, id));
    if (!row) throw notFound();
    const p = row.p;
    const [variantRows, storeList] = await Promise.all([
      tx.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sort), asc(variants.id)),
      storeRefs(tx, lang),
    ]);
    const [stock, held] = variantRows.length
      ? await Promise.all([tx.select().from(variantStock).where(inArray(variantStock.variantId, variantRows.map((v) => v.id))), openOrderCounts(tx, variantRows.map((v) => v.id))])
      : [[], new Map<number, number>()];
    const name = full(p.name);
    const description = full(p.description);
    return {
      id: p.id,
      slug: p.slug,
      name,
      description,
      missing_langs: missingLangs(name, description),
      category: { id: p.categoryId, name: pick(row.categoryName, lang) },
      brand: { id: p.brandId, name: row.brandName },
      attributes: p.attributes.map((a) => ({ code: a.code, name: full(a.name), value: full(a.value) })),
      mxik: p.mxit,
      package_code: p.mxitUnit,
      vat_percent: p.vatPercent,
      weight_grams: p.weightGrams,
      marked: p.marked,
      visibility: visibilityOf(p.status, p.visibleTo),
      archived: p.status === 'archived',
      images: p.images.map((key) => ({ key, url: deps.media.url(key) })),
      variants: variantRows.map((v) => variantDto(v, stock, storeList, deps.lowStockThreshold, held.get(v.id) ?? 0)),
      shop_url: `/${lang}/products/${p.slug}`,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    };
  }

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

  /** 409 SKU_TAKEN naming each variant whose SKU another product's variant (or another variant) has. */
  async function assertSkusFree(tx: DbOrTx, list: VariantInput[], productId: number | null) {
    if (list.length === 0) return;
    const taken = await queryRows<{ sku: string; id: number; product_id: number }>(
      tx,
      sql`select sku, id, product_id from variants where lower(sku) in (${sqlList(list.map((v) => v.sku.toLowerCase()))})`,
    );
    const fields: Record<string, string> = {};
    list.forEach((v, i) => {
      const other = taken.find((t) => t.sku.toLowerCase() === v.sku.toLowerCase() && !(t.product_id === productId && (v.id === undefined || t.id === v.id)));
      // A new variant may take the SKU of a variant of this product that the same request deletes.
      if (other && !(other.product_id === productId && !list.some((x) => x.id === other.id))) fields[`variants.${i}.sku`] = 'sku_taken';
    });
    if (Object.keys(fields).length) throw new AppError('SKU_TAKEN', 409, { fields });
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

  /** Writes the variant list: updates those with an id, inserts the rest, deletes the ones left out. */
  async function writeVariants(tx: DbOrTx, productId: number, list: VariantInput[], ctx: StaffContext, now: Date, isNew: boolean) {
    const existing = isNew ? [] : await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
    const existingIds = new Set(existing.map((v) => v.id));
    list.forEach((v, i) => {
      if (v.id !== undefined && !existingIds.has(v.id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { [`variants.${i}.id`]: 'not_found_ref' } });
    });
    const kept = new Set(list.flatMap((v) => (v.id !== undefined ? [v.id] : [])));
    const gone = [...existingIds].filter((id) => !kept.has(id));
    if (gone.length) {
      // An order still under way holds the variant's units (its stock moves, a cancel gives them back): the
      // variant stays until that order is closed. Closed orders keep their line's SKU and name.
      const counts = await openOrderCounts(tx, gone);
      if (counts.size > 0) {
        const skus = await tx.select({ id: variants.id, sku: variants.sku }).from(variants).where(inArray(variants.id, [...counts.keys()]));
        const held = skus.map((v) => ({ sku: v.sku, orders: counts.get(v.id) ?? 0 })).sort((a, b) => a.sku.localeCompare(b.sku));
        const first = held[0]!;
        throw new AppError('VARIANT_IN_OPEN_ORDERS', 409, { params: { sku: first.sku, count: first.orders }, extra: { variants: held } });
      }
      await tx.delete(variants).where(inArray(variants.id, gone));
    }
    // Free the SKUs of updated variants first, so two variants may swap SKUs in one save.
    for (const v of list) if (v.id !== undefined) await tx.update(variants).set({ sku: `~${v.id}~${randomName().slice(0, 6)}` }).where(eq(variants.id, v.id));
    const storeIds = new Set((await tx.select({ id: stores.id }).from(stores)).map((s) => s.id));
    for (const [i, v] of list.entries()) {
      const values = {
        sku: v.sku,
        options: v.options.map((o): VariantOption => ({ code: o.code, name: full(o.name), value: o.value, label: full(o.label) })),
        priceIndividual: v.price_individual,
        priceLegal: v.price_legal,
        oldPriceIndividual: v.old_price_individual ?? null,
        oldPriceLegal: v.old_price_legal ?? null,
        lowStockThreshold: v.low_stock_threshold ?? null,
        sort: i,
      };
      if (v.id !== undefined) {
        await tx.update(variants).set(values).where(eq(variants.id, v.id));
        continue;
      }
      const [row] = await tx.insert(variants).values({ ...values, productId }).returning({ id: variants.id });
      for (const [j, s] of (v.stock ?? []).entries()) {
        if (!storeIds.has(s.store_id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { [`variants.${i}.stock.${j}.store_id`]: 'not_found_ref' } });
        await tx.insert(variantStock).values({ variantId: row!.id, storeId: s.store_id, quantity: s.quantity }).onConflictDoNothing();
        if (s.quantity > 0) {
          await tx.insert(stockMovements).values({ variantId: row!.id, storeId: s.store_id, delta: s.quantity, quantityAfter: s.quantity, reason: 'received', staffId: ctx.staff.id, at: now });
          // a new variant's opening stock is a movement like any other: audited as the stock dialog's are
          await deps.audit.record(tx, { staffId: ctx.staff.id }, {
            action: 'stock.move',
            entity: 'variant',
            entityId: row!.id,
            before: { sku: v.sku, store_id: s.store_id, quantity: 0 },
            after: { sku: v.sku, store_id: s.store_id, quantity: s.quantity, reason: 'received' },
          });
        }
      }
    }
    // The product's options (filters and facets) follow its variants.
    await tx.delete(productOptions).where(eq(productOptions.productId, productId));
    const options = new Map<string, typeof productOptions.$inferInsert>();
    for (const v of list) for (const o of v.options) options.set(`${o.code}|${o.value}`, { productId, code: o.code, value: o.value, name: full(o.name), label: full(o.label) });
    if (options.size) await tx.insert(productOptions).values([...options.values()]);
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
        await writeVariants(tx, productId, body.variants, ctx, now, true);
        await refreshProductTotals(tx, [productId], now);
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
        if (body.variants) await writeVariants(tx, id, body.variants, ctx, now, false);
        await refreshProductTotals(tx, [id], now);
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

  async function list(query: ProductsQuery, lang: Lang) {
    const where: SQL[] = [query.archived ? sql`p.status = 'archived'` : sql`p.status <> 'archived'`];
    if (query.brand_id) where.push(sql`p.brand_id = ${query.brand_id}`);
    if (query.category_id) {
      const all = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
      const ids = new Set([query.category_id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const c of all) {
          if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.id)) {
            ids.add(c.id);
            grew = true;
          }
        }
      }
      where.push(sql`exists (select 1 from product_listing l where l.product_id = p.id and l.category_ids && array[${sqlList([...ids])}]::int[])`);
    }
    if (query.visibility) where.push(visibilityCondition(query.visibility));
    const lowExists = sql`exists (select 1 from variants v join variant_stock s on s.variant_id = v.id where v.product_id = p.id and ${low})`;
    if (query.stock === 'none') where.push(sql`p.total_quantity = 0`);
    if (query.stock === 'low') where.push(sql`p.total_quantity > 0 and ${lowExists}`);
    if (query.stock === 'in_stock') where.push(sql`p.total_quantity > 0 and not ${lowExists}`);
    if (query.missing_lang) {
      const langs = query.missing_lang === 'any' ? LANGS : [query.missing_lang];
      where.push(sql`(${sql.join(langs.map((l) => sql`coalesce(p.name->>${l}, '') = '' or coalesce(p.description->>${l}, '') = ''`), sql` or `)})`);
    }
    const tokens = query.q ? matchTokens(searchTokens(query.q)) : [];
    const searching = tokens.length > 0;
    const from = searching ? sql`search_matches m join products p on p.id = m.product_id` : sql`products p`;
    const withSearch = searching ? sql`with ${matchesCte(tokens, 'staff')} ` : sql``;
    const cond = sql.join(where, sql` and `);
    const order = searching && !query.sort
      ? sql`m.score desc, m.rank desc, p.id desc`
      : query.sort === 'name'
        ? sql`p.name->>${lang} asc, p.id`
        : query.sort === 'price'
          ? sql`p.price_individual asc, p.id`
          : query.sort === 'stock'
            ? sql`p.total_quantity asc, p.id`
            : sql`p.created_at desc, p.id desc`;
    const [rows, [count]] = await Promise.all([
      queryRows<{
        id: number; slug: string; name: Localized; description: Localized; images: string[]; category_id: number; category_name: Localized;
        brand_id: number; brand_name: string; status: Status; visible_to: VisibleTo; price_individual: number; price_legal: number;
        variants_count: number; skus: string[] | null; total_quantity: number; low: boolean; updated_at: string;
      }>(
        db,
        sql`${withSearch}select p.id, p.slug, p.name, p.description, p.images, p.category_id, c.name as category_name, p.brand_id, b.name as brand_name,
              p.status, p.visible_to, p.price_individual, p.price_legal, p.total_quantity, p.updated_at,
              (select count(*)::int from variants v where v.product_id = p.id) as variants_count,
              (select array_agg(x.sku) from (select v.sku from variants v where v.product_id = p.id order by v.sort, v.id limit 5) x) as skus,
              ${lowExists} as low
            from ${from} join categories c on c.id = p.category_id join brands b on b.id = p.brand_id
            where ${cond} order by ${order} limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
      ),
      queryRows<{ n: number }>(db, sql`${withSearch}select count(*)::int as n from ${from} where ${cond}`),
    ]);
    return {
      data: rows.map((r) => {
        const name = full(r.name);
        return {
          id: r.id,
          slug: r.slug,
          name: pick(name, lang),
          missing_langs: missingLangs(name, full(r.description)),
          image_url: r.images[0] ? deps.media.url(r.images[0]) : null,
          category: { id: r.category_id, name: pick(r.category_name, lang) },
          brand: { id: r.brand_id, name: r.brand_name },
          visibility: visibilityOf(r.status, r.visible_to),
          archived: r.status === 'archived',
          price_individual: r.price_individual,
          price_legal: r.price_legal,
          variants_count: r.variants_count,
          skus: r.skus ?? [],
          total_quantity: r.total_quantity,
          stock_state: r.total_quantity === 0 ? ('none' as const) : r.low ? ('low' as const) : ('in_stock' as const),
          updated_at: new Date(r.updated_at).toISOString(),
        };
      }),
      meta: pageMeta(query.page, query.per_page, Number(count?.n ?? 0)),
    };
  }

  async function lookups(lang: Lang) {
    const [cats, brandRows, storeList] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
      db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
      storeRefs(db, lang),
    ]);
    const byId = new Map(cats.map((c) => [c.id, c]));
    const path = (id: number): string => {
      const names: string[] = [];
      for (let c = byId.get(id), depth = 0; c && depth < 20; c = c.parentId !== null ? byId.get(c.parentId) : undefined, depth++) names.unshift(pick(c.name, lang));
      return names.join(' / ');
    };
    return {
      categories: cats.map((c) => ({ id: c.id, parent_id: c.parentId, name: pick(c.name, lang), path: path(c.id) })).sort((a, b) => a.path.localeCompare(b.path)),
      brands: brandRows,
      stores: storeList,
      low_stock_threshold: deps.lowStockThreshold,
    };
  }

  return { list, get: (id: number, lang: Lang) => load(db, id, lang), create, update, archive: (ctx: StaffContext, id: number, lang: Lang) => update(ctx, id, { archived: true }, lang), addImages, setImages, lookups, storeRefs };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;

/**
 * Per variant, the orders still under way that hold it (not delivered, picked up, completed or cancelled):
 * such a variant cannot be removed from its product until they close (409 VARIANT_IN_OPEN_ORDERS).
 */
export async function openOrderCounts(tx: DbOrTx, variantIds: number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await queryRows<{ variant_id: number; orders: number }>(
    tx,
    sql`select i.variant_id, count(distinct o.id)::int as orders from order_items i join orders o on o.id = i.order_id
        where i.variant_id in (${sqlList(variantIds)}) and o.status not in (${sqlList(CLOSED_ORDER_STATUSES)})
        group by i.variant_id`,
  );
  return new Map(rows.map((r) => [Number(r.variant_id), Number(r.orders)]));
}

export function variantDto(
  v: typeof variants.$inferSelect,
  stock: Array<typeof variantStock.$inferSelect>,
  storeList: Array<{ id: number; code: string; name: string }>,
  defaultThreshold: number,
  openOrders: number,
) {
  const threshold = v.lowStockThreshold ?? defaultThreshold;
  const lines = storeList.map((store) => {
    const row = stock.find((s) => s.variantId === v.id && s.storeId === store.id);
    return { store, quantity: row?.quantity ?? 0, low: row !== undefined && row.quantity < threshold };
  });
  return {
    id: v.id,
    sku: v.sku,
    options: v.options.map((o) => ({ code: o.code, name: full(o.name), value: o.value, label: full(o.label) })),
    price_individual: v.priceIndividual,
    price_legal: v.priceLegal,
    old_price_individual: v.oldPriceIndividual,
    old_price_legal: v.oldPriceLegal,
    low_stock_threshold: v.lowStockThreshold,
    stock: lines,
    total_quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    open_orders: openOrders,
  };
}

/** What the audit log keeps of a product: the fields staff edit (not the URLs). */
function auditView(p: AdminProduct): Record<string, unknown> {
  return {
    slug: p.slug,
    name: p.name,
    description: p.description,
    category_id: p.category.id,
    brand_id: p.brand.id,
    attributes: p.attributes,
    mxik: p.mxik,
    package_code: p.package_code,
    vat_percent: p.vat_percent,
    weight_grams: p.weight_grams,
    marked: p.marked,
    visibility: p.visibility,
    archived: p.archived,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.options.map((o) => `${o.code}=${o.value}`),
      price_individual: v.price_individual,
      price_legal: v.price_legal,
      old_price_individual: v.old_price_individual,
      old_price_legal: v.old_price_legal,
      low_stock_threshold: v.low_stock_threshold,
    })),
  };
}

/** Only the fields that changed, before → after. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return [b, a];
}
