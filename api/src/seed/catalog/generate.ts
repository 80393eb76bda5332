import { brands } from './brands.js';
import { applianceFamilies } from './families-appliances.js';
import { homeFamilies } from './families-home.js';
import type { ProductFamily, SpecDef } from './family.js';
import { createRng, hashString, type Rng } from './prng.js';
import { joinLocalized, lowerFirst, roundSum, slugify } from './text.js';
import type { Localized, SeedAttribute, SeedBrand, SeedImage, SeedOption, SeedProduct, SeedVariant } from './types.js';
import { COLOURS, L, OPTION_NAMES, withUnit } from './vocabulary.js';

export const families: readonly ProductFamily[] = [...applianceFamilies, ...homeFamilies];

const brandBySlug = new Map(brands.map((b) => [b.slug, b]));
/** Demo "today": createdAt dates count back from here so the seed is the same every day. */
const EPOCH = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

export interface GenerateOptions {
  /** How many products; default is the demo size (the sum of the family counts). */
  products?: number;
  seed?: number;
  /** `product`: a picture per product and colour (demo); `family`: shared per family and brand (benchmarks). */
  images?: 'product' | 'family';
}

function fillPattern(pattern: string, rng: Rng, nameNumber: number | null): string {
  return pattern
    .replace(/%/g, String(nameNumber ?? ''))
    .replace(/[#@]/g, (ch) => (ch === '#' ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25))));
}

function specValue(spec: SpecDef, value: number | Localized): Localized {
  if (typeof value === 'number') return spec.unit ? withUnit(value, spec.unit) : L(String(value), String(value), String(value));
  return value;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) || noun.startsWith('LED') ? 'an' : 'a';
}

function describe(family: ProductFamily, brand: SeedBrand, model: string, attributes: SeedAttribute[], rng: Rng): Localized {
  const specs = attributes.filter((a) => family.specs.some((s) => s.code === a.code));
  const list = (lang: keyof Localized, dash: string) => specs.map((a) => `${lowerFirst(a.name[lang])}${dash}${a.value[lang]}`).join(', ');
  const warranty = family.warrantyMonths > 0
    ? L(`Rasmiy kafolat — ${family.warrantyMonths} oy.`, `Официальная гарантия — ${family.warrantyMonths} мес.`, `Official warranty: ${family.warrantyMonths} months.`)
    : null;
  const closing = rng.pick([
    L('Toshkentdagi doʻkonlarimizdan olib ketishingiz yoki uyingizgacha yetkazib berishni buyurtma qilishingiz mumkin.',
      'Заберите покупку в наших магазинах в Ташкенте или закажите доставку до двери.',
      'Collect it from one of our Tashkent stores or order delivery to your door.'),
    L('Buyurtmani bir bosishda rasmiylashtiring — operatorimiz oʻzi qoʻngʻiroq qiladi.',
      'Оформите заказ в один клик — оператор перезвонит сам.',
      'Order in one click and our operator will call you back.'),
    L('Naqd pul yoki karta bilan, qabul qilganda toʻlash mumkin.',
      'Оплатить можно наличными или картой при получении.',
      'You can pay in cash or by card on receipt.'),
  ]);
  const noun = family.noun;
  return joinLocalized([
    L(`${brand.name} ${model} — ${lowerFirst(noun.uz)}.`, `${brand.name} ${model} — ${lowerFirst(noun.ru)}.`, `The ${brand.name} ${model} is ${article(noun.en)} ${noun.en}.`),
    family.about,
    specs.length > 0 ? L(`Asosiy koʻrsatkichlar: ${list('uz', ' — ')}.`, `Основные характеристики: ${list('ru', ' — ')}.`, `Key specs: ${list('en', ' ')}.`) : null,
    L(`Brend mamlakati: ${brand.country.uz}.`, `Страна бренда: ${brand.country.ru}.`, `Brand country: ${brand.country.en}.`),
    warranty,
    closing,
  ]);
}

function stockFor(rng: Rng): [number, number, number] {
  const roll = rng.next();
  if (roll < 0.1) return [0, 0, 0];
  if (roll < 0.22) {
    const s: [number, number, number] = [0, 0, 0];
    s[rng.int(0, 2)] = rng.int(1, 3);
    return s;
  }
  return [rng.chance(0.2) ? 0 : rng.int(1, 30), rng.chance(0.3) ? 0 : rng.int(1, 20), rng.chance(0.3) ? 0 : rng.int(1, 15)];
}

function skuOf(brand: SeedBrand, model: string, suffix: string | null): string {
  const base = `${brand.slug.slice(0, 3)}-${slugify(model)}`.toUpperCase();
  return suffix ? `${base}-${slugify(suffix).toUpperCase()}` : base;
}

/** Builds one product of a family; `ordinal` numbers the products of that family. */
function buildProduct(family: ProductFamily, ordinal: number, seed: number, taken: Set<string>, images: 'product' | 'family'): SeedProduct {
  const rng = createRng(hashString(`${family.key}:${ordinal}:${seed}`));
  const [brandSlug, pattern] = family.lines[ordinal % family.lines.length]!;
  const brand = brandBySlug.get(brandSlug);
  if (!brand) throw new Error(`family ${family.key}: unknown brand ${brandSlug}`);

  let boost = 0;
  let boosted = 0;
  const attributes: SeedAttribute[] = [];
  let nameSuffix: Localized | null = null;
  let nameNumber: number | null = null;
  for (const spec of family.specs) {
    const index = rng.int(0, spec.values.length - 1);
    const raw = spec.values[index]!;
    const value = specValue(spec, raw);
    attributes.push({ code: spec.code, name: spec.name, value });
    if (spec.inName) {
      nameSuffix = value;
      nameNumber = typeof raw === 'number' ? raw : null;
    }
    if (spec.priceSpread && spec.values.length > 1) {
      const t = index / (spec.values.length - 1);
      boost += spec.priceSpread >= 1 ? t : 1 - t;
      boosted++;
    }
  }

  // Uniqueness is per brand and model code, so that SKUs (brand + model + option) never repeat.
  let model = fillPattern(pattern, rng, nameNumber);
  for (let attempt = 0; taken.has(`${brand.slug} ${model}`) && attempt < 8; attempt++) model = fillPattern(pattern, rng, nameNumber);
  if (taken.has(`${brand.slug} ${model}`)) model = `${model}-${ordinal}`;
  taken.add(`${brand.slug} ${model}`);
  const slug = slugify(`${brand.slug} ${model} ${nameSuffix?.en ?? ''}`);

  attributes.unshift({ code: 'brand', name: L('Brend', 'Бренд', 'Brand'), value: L(brand.name, brand.name, brand.name) });
  attributes.push({ code: 'country', name: L('Brend mamlakati', 'Страна бренда', 'Brand country'), value: brand.country });
  if (family.warrantyMonths > 0) {
    const w = family.warrantyMonths;
    attributes.push({ code: 'warranty', name: L('Kafolat', 'Гарантия', 'Warranty'), value: L(`${w} oy`, `${w} мес.`, `${w} months`) });
  }

  const t = 0.5 * rng.next() + 0.5 * (boosted > 0 ? boost / boosted : rng.next());
  const basePrice = family.price[0] + (family.price[1] - family.price[0]) * t;
  const discount = rng.chance(0.25) ? rng.pick([10, 15, 20, 25, 30]) : 0;

  const colourKeys = family.colours ? pickColours(family.colours, rng, family.sizes ? 1 : rng.int(1, 3)) : [];
  const steps = family.sizes?.steps ?? [null];
  const variants: SeedVariant[] = [];
  for (const step of steps) {
    for (const key of colourKeys.length > 0 ? colourKeys : [null]) {
      const options: SeedOption[] = [];
      if (step && family.sizes) options.push({ code: family.sizes.code, name: OPTION_NAMES[family.sizes.code], value: step.value, label: step.label });
      const colour = key ? COLOURS[key] : undefined;
      if (colour) options.push({ code: 'color', name: OPTION_NAMES.color, value: colour.key, label: colour.label });
      const price = roundSum(basePrice * (step?.factor ?? 1));
      variants.push({
        sku: skuOf(brand, model, [step?.value, colour?.key].filter(Boolean).join('-') || null),
        options,
        priceIndividual: price,
        priceLegal: roundSum(price * 0.93),
        oldPrice: discount > 0 ? roundSum(price / (1 - discount / 100)) : null,
        stock: stockFor(rng),
        color: colour?.hex ?? brand.color,
      });
    }
  }

  const pictureKeys = colourKeys.length > 0 ? colourKeys : ['main'];
  const productImages: SeedImage[] = images === 'family'
    ? [{ file: `catalog/f/${family.key}-${brand.slug}.webp`, icon: family.icon, background: brand.color, caption: brand.name }]
    : pictureKeys.map((key) => ({
      file: `catalog/p/${slug}-${key}.webp`,
      icon: family.icon,
      background: COLOURS[key]?.hex ?? brand.color,
      caption: `${brand.name} ${model}`,
    }));

  const noun = family.noun;
  const suffix = nameSuffix ? (lang: keyof Localized) => ` ${nameSuffix[lang]}` : () => '';
  return {
    slug,
    name: L(`${noun.uz} ${brand.name} ${model}${suffix('uz')}`, `${noun.ru} ${brand.name} ${model}${suffix('ru')}`, `${brand.name} ${model} ${noun.en}${suffix('en')}`),
    description: describe(family, brand, model, attributes, rng),
    brand: brand.slug,
    categories: [family.category],
    attributes,
    variants,
    images: productImages,
    mxit: `${family.mxit}${String(ordinal % 1000).padStart(3, '0')}001`,
    mxitUnit: family.mxitUnit,
    vatPercent: 12,
    weightGrams: Math.round(rng.int(family.weight[0], family.weight[1]) / 10) * 10,
    marked: family.marked?.includes(ordinal) ?? false,
    status: rng.chance(0.02) ? 'hidden' : 'active',
    visibleTo: family.legalOnly ? 'legal' : null,
    createdAt: new Date(EPOCH - rng.int(0, 400) * DAY - rng.int(0, DAY - 1)),
    popularity: Math.floor(rng.next() ** 3 * 5000),
    related: [],
    keywords: [...(family.keywords ?? [])],
  };
}

function pickColours(keys: readonly string[], rng: Rng, count: number): string[] {
  const pool = [...keys];
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  return picked;
}

/** Links each product to up to four others of the same category, other brands first. */
function linkRelated(products: SeedProduct[]): void {
  const byCategory = new Map<string, SeedProduct[]>();
  for (const p of products) {
    const list = byCategory.get(p.categories[0]!) ?? [];
    list.push(p);
    byCategory.set(p.categories[0]!, list);
  }
  for (const list of byCategory.values()) {
    list.forEach((p, i) => {
      const others = [1, 2, 3, 4, 5, 6].map((k) => list[(i + k) % list.length]!).filter((o) => o.slug !== p.slug);
      others.sort((a, b) => Number(a.brand === p.brand) - Number(b.brand === p.brand));
      p.related = [...new Set(others.map((o) => o.slug))].slice(0, 4);
    });
  }
}

/** The demo product count: the sum of the hand-set family counts (≥ 400). */
export const DEMO_PRODUCT_COUNT = families.reduce((sum, f) => sum + f.count, 0);

/**
 * Generates `products` products deterministically: the demo shop by default, or any size for
 * benchmarks (families are repeated in proportion to their demo counts).
 */
export function generateProducts(options: GenerateOptions = {}): SeedProduct[] {
  const total = options.products ?? DEMO_PRODUCT_COUNT;
  const seed = options.seed ?? 1;
  const images = options.images ?? (total > DEMO_PRODUCT_COUNT ? 'family' : 'product');
  const taken = new Set<string>();
  const products: SeedProduct[] = [];
  const ordinals = new Map<string, number>();
  // Walk the families round-robin, weighted by their demo counts, until `total` products exist.
  for (let round = 0; products.length < total; round++) {
    for (const family of families) {
      const share = Math.ceil((family.count * total) / DEMO_PRODUCT_COUNT);
      const done = ordinals.get(family.key) ?? 0;
      if (done >= share || products.length >= total) continue;
      ordinals.set(family.key, done + 1);
      products.push(buildProduct(family, done, seed, taken, images));
    }
    if (round > total) break;
  }
  linkRelated(products);
  return products;
}
