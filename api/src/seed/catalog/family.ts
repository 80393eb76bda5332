import type { Localized } from './types.js';

/** One line of a specification that a family's products share; each product picks one value. */
export interface SpecDef {
  code: string;
  name: Localized;
  /** Numbers are written with `unit`; texts are taken as they are. */
  values: readonly (number | Localized)[];
  unit?: Localized;
  /** Put the value at the end of the product name ("… 1,7 l"). */
  inName?: boolean;
  /** Later values cost more: the price grows up to this factor over the list. */
  priceSpread?: number;
}

/** A size/volume variant axis: each step has a label and a price factor. */
export interface SizeStep {
  value: string;
  label: Localized;
  factor: number;
}

/**
 * A hand-written template for a kind of product ("electric kettle") that the generator combines
 * with brands, model codes, specs and variants into many real-looking products.
 */
export interface ProductFamily {
  key: string;
  /** Leaf category slug. */
  category: string;
  icon: string;
  /** The product kind as it starts a name: "Elektr choynak", "Электрический чайник", "electric kettle". */
  noun: Localized;
  /** Brand slug and model pattern: `#` a digit, `@` a capital letter, `%` the number shown in the name. */
  lines: readonly [brand: string, pattern: string][];
  /** Products of this family in the demo shop. */
  count: number;
  /** Individual price range, integer so'm. */
  price: [number, number];
  weight: [number, number];
  /** First 11 digits of the MXIK code of this product group. */
  mxit: string;
  /** MXIK package code ("dona" etc.). */
  mxitUnit: string;
  warrantyMonths: number;
  specs: readonly SpecDef[];
  /** Colour keys the variants are made in, or sizes; none means a single variant. */
  colours?: readonly string[];
  sizes?: { code: 'size' | 'volume'; steps: readonly SizeStep[] };
  /** One or two sentences about what the product is good for, in each language. */
  about: Localized;
  /** Other words shoppers use for this kind ("fridge", "stiralka"); searched, never shown. */
  keywords?: readonly string[];
  /** Shown only to legal entities (wholesale packs). */
  legalOnly?: boolean;
  /**
   * Which of this family's products (by their number within the family, from 0) are under mandatory fiscal
   * marking in the demo shop: their order lines need a scanned code per unit (api/src/modules/orders/marking.ts).
   * Only a handful, far from the first and last products and from the most popular ones, which tests buy.
   */
  marked?: readonly number[];
}
