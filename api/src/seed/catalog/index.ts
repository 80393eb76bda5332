import { blogs } from './blogs.js';
import { brands } from './brands.js';
import { categories } from './categories.js';
import { generateProducts, type GenerateOptions } from './generate.js';
import { pages } from './pages.js';
import type { SeedCatalog, SeedImage } from './types.js';

export * from './types.js';
export { renderPicture, renderPictures, pictureSvg } from '../../modules/catalog/index.js';
export { DEMO_PRODUCT_COUNT, families } from './generate.js';
export { createRng, hashString } from './prng.js';

/** The demo shop (≥ 400 products) or, with `products`, a catalogue of any size for benchmarks. */
export function buildCatalog(options: GenerateOptions = {}): SeedCatalog {
  return { categories, brands, products: generateProducts(options), blogs, pages };
}

/** Every picture the catalogue refers to: categories, brands, products and blog covers. */
export function catalogPictures(catalog: SeedCatalog): SeedImage[] {
  const pictures: SeedImage[] = [];
  for (const c of catalog.categories) pictures.push(categoryPicture(c.slug, c.icon, c.color));
  for (const b of catalog.brands) pictures.push(brandPicture(b.slug, b.name, b.color));
  for (const p of catalog.products) pictures.push(...p.images);
  for (const b of catalog.blogs) pictures.push(b.cover);
  return pictures;
}

/**
 * A category's picture carries no words: it is shown in three languages beside the category's name,
 * and a caption drawn into it would be in one of them.
 */
export function categoryPicture(slug: string, icon: string, color: string): SeedImage {
  return { file: `catalog/c/${slug}.webp`, icon, background: color, caption: '' };
}

export function brandPicture(slug: string, name: string, color: string): SeedImage {
  return { file: `catalog/b/${slug}.webp`, icon: 'badge-check', background: color, caption: name };
}
