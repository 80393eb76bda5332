import { blogs } from './blogs.js';
import { brands } from './brands.js';
import { categories } from './categories.js';
import { generateProducts, type GenerateOptions } from './generate.js';
import { pages } from './pages.js';
import type { SeedCatalog, SeedImage } from './types.js';

export * from './types.js';
export { renderPicture, renderPictures, pictureSvg } from './images.js';
export { DEMO_PRODUCT_COUNT, families } from './generate.js';
export { createRng, hashString } from './prng.js';

/** The demo shop (≥ 400 products) or, with `products`, a catalogue of any size for benchmarks. */
export function buildCatalog(options: GenerateOptions = {}): SeedCatalog {
  return { categories, brands, products: generateProducts(options), blogs, pages };
}

/** Every picture the catalogue refers to: categories, brands, products and blog covers. */
export function catalogPictures(catalog: SeedCatalog): SeedImage[] {
  const pictures: SeedImage[] = [];
  for (const c of catalog.categories) pictures.push(categoryPicture(c.slug, c.icon, c.color, c.name.en));
  for (const b of catalog.brands) pictures.push(brandPicture(b.slug, b.name, b.color));
  for (const p of catalog.products) pictures.push(...p.images);
  for (const b of catalog.blogs) pictures.push(b.cover);
  return pictures;
}

export function categoryPicture(slug: string, icon: string, color: string, caption: string): SeedImage {
  return { file: `catalog/c/${slug}.webp`, icon, background: color, caption };
}

export function brandPicture(slug: string, name: string, color: string): SeedImage {
  return { file: `catalog/b/${slug}.webp`, icon: 'badge-check', background: color, caption: name };
}
