/**
 * The back office's catalogue as the admin-catalog tests drive it: the demo shop with four staff accounts (one
 * per role) signed in, the first two stores, a subcategory and a brand; staff calls in a role's name, a valid new
 * product with two variants, and the shop's public reads (product page, search, the list the sitemap is built from).
 */
import { sql } from 'drizzle-orm';
import { type StaffRole } from '../../src/db/schema/index.js';
import { queryRows } from '../../src/db/client.js';
import { type DbKind, type TestApp, bearer, createTestApp } from '../helpers.js';
import { staffTokens } from '../admin-catalog-helpers.js';

export const R = '/backend/api/ext/v1/resources';
export const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
export const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };

export interface CatalogueShop {
  t: TestApp;
  tokens: Record<StaffRole, string>;
  storeId: number;
  otherStoreId: number;
  categoryId: number;
  brandId: number;
}

/** The API on a fresh database with the demo shop and its staff signed in (what each file's beforeAll opens). */
export async function openCatalogueShop(kind: DbKind): Promise<CatalogueShop> {
  const t = await createTestApp(kind, { seed: true, env: { ORDER_OPEN_UNPAID_MAX: '1000' } });
  const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by sort, id`);
  const [c] = await queryRows<{ id: number }>(t.database.db, sql`select id from categories where parent_id is not null order by id limit 1`);
  const [b] = await queryRows<{ id: number }>(t.database.db, sql`select id from brands order by id limit 1`);
  const storeId = stores[0]!.id;
  return { t, tokens: await staffTokens(t, storeId), storeId, otherStoreId: stores[1]!.id, categoryId: c!.id, brandId: b!.id };
}

export interface CreatedProduct {
  id: number; slug: string; visibility: string; archived: boolean; missing_langs: string[];
  images: Array<{ key: string; url: string }>;
  variants: Array<{ id: number; sku: string; price_individual: number; total_quantity: number; stock: Array<{ store: { id: number; code: string }; quantity: number; low: boolean }> }>;
}

/** Calls on the shop `shop()` gives (set in the test's beforeAll). */
export function catalogueCalls(kind: DbKind, shop: () => CatalogueShop) {
  let n = 0;

  const admin = (role: StaffRole, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
    shop().t.app.inject({ method, url, headers: { ...bearer(shop().tokens[role]), 'x-lang': lang }, ...(payload ? { payload } : {}) });

  /** A valid create body with two variants; `sku` prefix keeps SKUs unique per test. */
  function productBody(over: Record<string, unknown> = {}) {
    n++;
    const { storeId, categoryId, brandId } = shop();
    return {
      name: { uz: `Elektr choynak Zamonaviy ${n}`, ru: `Электрический чайник Современный ${n}`, en: `Electric kettle Modern ${n}` },
      description: { uz: 'Tez qaynatadi.', ru: 'Быстро кипятит.', en: 'Boils fast.' },
      category_id: categoryId,
      brand_id: brandId,
      attributes: [{ code: 'power', name: { uz: 'Quvvat', ru: 'Мощность', en: 'Power' }, value: { uz: '2200 Vt', ru: '2200 Вт', en: '2200 W' } }],
      mxik: '08516500001001001',
      package_code: '1501563',
      vat_percent: 12,
      weight_grams: 1200,
      variants: [
        {
          sku: `TST-${kind}-${n}-W`,
          options: [{ code: 'color', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' }, value: 'white', label: { uz: 'Oq', ru: 'Белый', en: 'White' } }],
          price_individual: 300_000,
          price_legal: 280_000,
          old_price_individual: 350_000,
          stock: [{ store_id: storeId, quantity: 5 }],
        },
        {
          sku: `TST-${kind}-${n}-B`,
          options: [{ code: 'color', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' }, value: 'black', label: { uz: 'Qora', ru: 'Чёрный', en: 'Black' } }],
          price_individual: 320_000,
          price_legal: 300_000,
        },
      ],
      ...over,
    };
  }

  async function create(over: Record<string, unknown> = {}): Promise<CreatedProduct> {
    const res = await admin('manager', 'POST', '/api/admin/products', productBody(over));
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    return res.json().product as CreatedProduct;
  }
  const productPage = (slug: string) => shop().t.app.inject({ url: `${R}/product/${slug}`, headers: { 'x-lang': 'ru' } });
  const search = async (q: string) => (await shop().t.app.inject({ url: `${R}/products/search?q=${encodeURIComponent(q)}&limit=50` })).json().data as Array<{ slug: string }>;
  /** Every slug of the shop's product list (what sitemap.xml is built from). */
  async function listedSlugs(): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const res = await shop().t.app.inject({ method: 'POST', url: `${R}/products`, payload: { page, per_page: 100, sort: 'new' } });
      const body = res.json() as { data: Array<{ slug: string }>; meta: { last_page: number } };
      out.push(...body.data.map((p) => p.slug));
      if (page >= body.meta.last_page) return out;
    }
  }
  /** A multipart body sent in a role's name. */
  function withAuth(role: StaffRole, body: { payload: Buffer; headers: Record<string, string> }) {
    return { payload: body.payload, headers: { ...body.headers, ...bearer(shop().tokens[role]), 'x-lang': 'en' } };
  }

  return { admin, productBody, create, productPage, search, listedSlugs, withAuth };
}
