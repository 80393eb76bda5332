import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema/index.js';
import { buildCatalog } from '../src/seed/catalog/index.js';
import { DB_KINDS, type TestApp, createTestApp } from './helpers.js';
import { type RelevanceCase, cases } from './search-relevance.cases.js';

interface Card {
  slug: string;
  brand: { slug: string };
  category: { slug: string };
}

const demo = buildCatalog();
/** Migrating and seeding the demo shop can pass jest's 30 s on a busy machine. */
const SEED_TIMEOUT_MS = 180_000;

/** For code cases: the demo product of that brand and category, and the query that names it. */
function codeQuery(c: RelevanceCase): { q: string; slug: string | null } {
  if (!('slugOf' in c.expect)) return { q: c.q, slug: null };
  const { category, brand, slugOf } = c.expect;
  const product = demo.products.find((p) => p.status === 'active' && p.visibleTo === null && p.brand === brand && p.categories[0] === category);
  if (!product) throw new Error(`no ${brand} product in ${category}`);
  const variant = product.variants[0]!;
  // The model code is the name minus the kind and the brand: "Tefal KO2576 electric kettle 1.8 l" → "KO2576".
  const model = product.name.en.split(' ')[1]!;
  return { q: slugOf === 'sku' ? variant.sku.toLowerCase() : model, slug: product.slug };
}

describe.each(DB_KINDS)('search relevance set (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  test('the set has at least 60 queries across the four input kinds', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const k of ['uz-latin', 'uz-cyrillic', 'russian', 'english'] as const) expect(cases.filter((c) => c.kind === k).length).toBeGreaterThanOrEqual(10);
  });

  test.each(cases.map((c) => [c.kind, c.q, c] as const))('%s: %s', async (_kind, _q, c) => {
    const { q, slug } = codeQuery(c);
    const res = await t.app.inject({ url: `/backend/api/ext/v1/resources/products/search?q=${encodeURIComponent(q)}&limit=3` });
    expect(res.statusCode).toBe(200);
    const top = res.json().data as Card[];
    const seen = top.map((p) => `${p.brand.slug}/${p.category.slug}/${p.slug}`);
    const e = c.expect;
    if (slug) {
      expect(seen[0]).toContain(`/${slug}`);
    } else if ('brand' in e) {
      expect(seen.some((s) => s.startsWith(`${e.brand}/${e.category ?? ''}`))).toBe(true);
    } else {
      expect(seen.some((s) => s.includes(`/${e.category}/`))).toBe(true);
    }
  });

  test.each([
    ['sochiq', ['towels']],
    ['tova', ['frying-pans']],
    ['polka', ['shelves']],
  ])('an everyday word found as typed brings its own products only, no look-alikes: %s', async (q, categories) => {
    const res = await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: { q, per_page: 100 } });
    const found = res.json().data as Card[];
    expect(found.length).toBeGreaterThan(0);
    expect([...new Set(found.map((p) => p.category.slug))].filter((c) => !categories.includes(c))).toEqual([]);
  });

  test('at equal relevance, products in stock come before sold-out ones', async () => {
    // Every demo kettle is in stock, so the best-ranked one is sold out here for the test, and back after.
    const search = async () =>
      (await t.app.inject({ url: '/backend/api/ext/v1/resources/products/search?q=choynak&limit=50' })).json().data as Array<{ id: number; in_stock: boolean }>;
    const before = await search();
    const top = before[0]!;
    expect(top.in_stock).toBe(true);
    expect(before.length).toBeGreaterThan(2);
    expect(before.length).toBeLessThan(50); // all kettles fit on the page, so the sold-out one is still on it
    const [{ stock } = { stock: 0 }] = await t.database.db.select({ stock: products.totalQuantity }).from(products).where(eq(products.id, top.id));
    await t.database.db.update(products).set({ totalQuantity: 0 }).where(eq(products.id, top.id));
    try {
      const after = await search();
      // Still found, but after every kettle in stock: last.
      expect(after.map((p) => p.id)).toHaveLength(before.length);
      expect(after.at(-1)).toEqual(expect.objectContaining({ id: top.id, in_stock: false }));
      expect(after.slice(0, -1).every((p) => p.in_stock)).toBe(true);
    } finally {
      await t.database.db.update(products).set({ totalQuantity: stock }).where(eq(products.id, top.id));
    }
  });
});
