import { buildCatalog, catalogPictures } from './index.js';
import { LANGS } from './types.js';

const catalog = buildCatalog();

describe('demo catalogue data', () => {
  it('has at least 400 products in at least 12 categories on two levels', () => {
    expect(catalog.products.length).toBeGreaterThanOrEqual(400);
    expect(catalog.categories.length).toBeGreaterThanOrEqual(12);
    const top = catalog.categories.filter((c) => c.parent === null);
    expect(top.length).toBeGreaterThanOrEqual(8);
    const slugs = new Set(catalog.categories.map((c) => c.slug));
    for (const c of catalog.categories) if (c.parent) expect(slugs.has(c.parent)).toBe(true);
    for (const p of catalog.products) expect(slugs.has(p.categories[0]!)).toBe(true);
  });

  it('is the same on every run', () => {
    const again = buildCatalog();
    expect(again.products.map((p) => [p.slug, p.variants[0]!.priceIndividual, p.variants[0]!.stock])).toEqual(
      catalog.products.map((p) => [p.slug, p.variants[0]!.priceIndividual, p.variants[0]!.stock]),
    );
  });

  it('has unique slugs and SKUs, and Latin slugs', () => {
    const slugs = catalog.products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const skus = catalog.products.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('gives every product texts in all three languages, Uzbek written with the ʻ letter mark', () => {
    for (const p of catalog.products) {
      for (const lang of LANGS) {
        expect(p.name[lang].length).toBeGreaterThan(3);
        expect(p.description[lang].length).toBeGreaterThan(40);
      }
      expect(p.description.uz).not.toMatch(/[a-z]['‘’`][a-z]/i);
    }
    for (const item of [...catalog.blogs, ...catalog.pages]) for (const lang of LANGS) expect(item.body[lang].length).toBeGreaterThan(200);
    expect(catalog.blogs.length).toBeGreaterThanOrEqual(6);
    expect(catalog.pages.map((p) => p.slug).sort()).toEqual(['about', 'contacts', 'delivery', 'how-to-buy', 'public-offer', 'return']);
  });

  it('has fiscal codes, integer prices, discounts and varied stock', () => {
    for (const p of catalog.products) {
      expect(p.mxit).toMatch(/^\d{17}$/);
      expect(p.mxitUnit).toMatch(/^\d+$/);
      expect(p.vatPercent).toBe(12);
      expect(Number.isInteger(p.weightGrams)).toBe(true);
      for (const v of p.variants) {
        expect(Number.isInteger(v.priceIndividual)).toBe(true);
        expect(v.priceLegal).toBeLessThanOrEqual(v.priceIndividual);
        if (v.oldPrice !== null) expect(v.oldPrice).toBeGreaterThan(v.priceIndividual);
      }
    }
    const variants = catalog.products.flatMap((p) => p.variants);
    expect(variants.some((v) => v.oldPrice !== null)).toBe(true);
    expect(variants.some((v) => v.stock.every((s) => s === 0))).toBe(true);
    expect(variants.some((v) => v.stock.reduce((a, b) => a + b) <= 3 && v.stock.some((s) => s > 0))).toBe(true);
  });

  it('marks a handful of appliances for fiscal marking codes, nothing else', () => {
    const marked = catalog.products.filter((p) => p.marked);
    expect(marked.map((p) => p.slug)).toEqual([
      'karcher-vc-9-350-w',
      'polaris-pwk-1783-2-l',
      'braun-hd-517-2000-w',
      'lg-ms2052-23-l',
      'lg-65uq7500-65-in',
      'philips-dst7898-2400-w',
    ]);
    expect(new Set(marked.map((p) => p.categories[0]))).toEqual(new Set(['vacuum-cleaners', 'kettles', 'hair-dryers', 'microwaves', 'tvs', 'irons']));
    // On sale, with stock, and not among the most popular (what the catalogue lists first).
    for (const p of marked) {
      expect(p.status).toBe('active');
      expect(p.visibleTo).toBeNull();
      expect(p.variants.some((v) => v.stock.reduce((a, b) => a + b) >= 5)).toBe(true);
      expect(p.popularity).toBeLessThan(100);
    }
  });

  it('prices kettles and fridges plausibly', () => {
    const prices = (category: string) => catalog.products.filter((p) => p.categories[0] === category).flatMap((p) => p.variants.map((v) => v.priceIndividual));
    const kettles = prices('kettles');
    const fridges = prices('refrigerators');
    expect(Math.min(...kettles)).toBeGreaterThanOrEqual(180_000);
    expect(Math.max(...kettles)).toBeLessThanOrEqual(650_000);
    expect(Math.min(...fridges)).toBeGreaterThanOrEqual(4_000_000);
    expect(Math.max(...fridges)).toBeLessThanOrEqual(15_000_000);
  });

  it('builds a larger catalogue on request with unique slugs', () => {
    const big = buildCatalog({ products: 3000 });
    expect(big.products).toHaveLength(3000);
    expect(new Set(big.products.map((p) => p.slug)).size).toBe(3000);
    expect(new Set(catalogPictures(big).map((i) => i.file)).size).toBeLessThan(600);
  });
});
