/**
 * Shapes of the demo catalogue as plain data. The seeder turns these into rows; nothing here
 * knows about the database, so the same data feeds the demo shop, the tests and the benchmark.
 */
export type Lang = 'uz' | 'ru' | 'en';
export const LANGS: readonly Lang[] = ['uz', 'ru', 'en'];

/** A text in the three shop languages; Uzbek is Latin script with the ʻ letter mark. */
export type Localized = Record<Lang, string>;

export interface SeedCategory {
  slug: string;
  /** Slug of the parent, or null for a top-level category. */
  parent: string | null;
  sort: number;
  /** A lucide-static icon name, rendered into the category picture. */
  icon: string;
  /** Background colour of the generated picture. */
  color: string;
  name: Localized;
  description: Localized;
}

export interface SeedBrand {
  slug: string;
  name: string;
  /** Brand colour for generated pictures. */
  color: string;
  country: Localized;
}

/** One line of the specification table, e.g. "Hajmi / Объём / Volume: 1,7 l". */
export interface SeedAttribute {
  code: string;
  name: Localized;
  value: Localized;
}

/** One choice on a variant axis, e.g. colour = white. `value` is a stable Latin key for filters. */
export interface SeedOption {
  code: 'color' | 'volume' | 'size';
  name: Localized;
  value: string;
  label: Localized;
}

export interface SeedVariant {
  sku: string;
  options: SeedOption[];
  /** Integer so'm. */
  priceIndividual: number;
  priceLegal: number;
  /** Price before the discount, integer so'm; only when there is a discount. */
  oldPrice: number | null;
  /** Units in each of the three stores, in store order. */
  stock: [number, number, number];
  /** Background colour of this variant's picture. */
  color: string;
}

import type { SeedImage } from '../../modules/catalog/index.js';

export type { SeedImage };

export interface SeedProduct {
  slug: string;
  name: Localized;
  description: Localized;
  brand: string;
  /** Category slugs; the first is the main one (breadcrumbs). */
  categories: string[];
  attributes: SeedAttribute[];
  variants: SeedVariant[];
  images: SeedImage[];
  /** MXIK / ИКПУ, 17 digits. */
  mxit: string;
  /** Package code of the MXIK classifier. */
  mxitUnit: string;
  vatPercent: number;
  weightGrams: number;
  /** Under mandatory fiscal marking: each unit sold needs its scanned code (products.marked). */
  marked: boolean;
  status: 'active' | 'hidden';
  /** Only shown to this account type when set (e.g. bulk packs for legal entities). */
  visibleTo: 'individual' | 'legal' | null;
  createdAt: Date;
  popularity: number;
  related: string[];
  /** Extra search words (synonyms, colloquial names); never shown. */
  keywords: string[];
}

export interface SeedBlog {
  slug: string;
  title: Localized;
  excerpt: Localized;
  /** Simple HTML; sanitised again when stored. */
  body: Localized;
  cover: SeedImage;
  publishedAt: Date;
}

export interface SeedPage {
  slug: 'about' | 'contacts' | 'delivery' | 'how-to-buy' | 'return' | 'public-offer';
  title: Localized;
  body: Localized;
}

export interface SeedCatalog {
  categories: SeedCategory[];
  brands: SeedBrand[];
  products: SeedProduct[];
  blogs: SeedBlog[];
  pages: SeedPage[];
}
