/**
 * The search relevance set: each query with what must be among the first three results.
 * Four input kinds (uz Latin, uz Cyrillic, Russian, English) plus typos, apostrophe variants,
 * brand and model codes, SKUs and word order.
 */
export type Expect =
  | { category: string }
  | { brand: string; category?: string }
  | { slugOf: 'model' | 'sku'; category: string; brand: string };

export interface RelevanceCase {
  q: string;
  kind: 'uz-latin' | 'uz-cyrillic' | 'russian' | 'english' | 'typo' | 'apostrophe' | 'brand' | 'code' | 'word-order';
  expect: Expect;
}

const kinds: Array<[category: string, uzLatin: string, uzCyrillic: string, russian: string, english: string]> = [
  ['kettles', 'choynak', 'чойнак', 'чайник', 'kettle'],
  ['microwaves', 'mikrotoʻlqinli pech', 'микротўлқинли печ', 'микроволновая печь', 'microwave'],
  ['refrigerators', 'muzlatgich', 'музлатгич', 'холодильник', 'refrigerator'],
  ['washing-machines', 'kir yuvish mashinasi', 'кир ювиш машинаси', 'стиральная машина', 'washing machine'],
  ['tvs', 'televizor', 'телевизор', 'телевизор smart', 'tv'],
  ['vacuum-cleaners', 'changyutgich', 'чангютгич', 'пылесос', 'vacuum cleaner'],
  ['irons', 'dazmol', 'дазмол', 'утюг', 'steam iron'],
  ['air-conditioners', 'konditsioner', 'кондиционер', 'кондиционер инверторный', 'air conditioner'],
  ['frying-pans', 'tova', 'това', 'сковорода', 'frying pan'],
  ['pots', 'qozon', 'қозон', 'казан', 'kazan'],
  ['meat-grinders', 'goʻsht maydalagich', 'гўшт майдалагич', 'мясорубка', 'meat grinder'],
  ['towels', 'sochiq', 'сочиқ', 'полотенце', 'towel'],
  ['bed-linen', 'choyshab', 'чойшаб', 'постельное бельё', 'bed linen'],
  ['ceiling-lights', 'qandil', 'қандил', 'люстра', 'ceiling light'],
  ['heaters', 'moyli radiator', 'мойли радиатор', 'масляный радиатор', 'oil radiator'],
  ['multicookers', 'multivarka', 'мультиварка', 'мультиварка редмонд', 'multicooker'],
];

export const cases: RelevanceCase[] = [
  ...kinds.flatMap(([category, uz, cyr, ru, en]): RelevanceCase[] => [
    { q: uz, kind: 'uz-latin', expect: { category } },
    { q: cyr, kind: 'uz-cyrillic', expect: { category } },
    { q: ru, kind: 'russian', expect: { category } },
    { q: en, kind: 'english', expect: { category } },
  ]),
  // One or two letters wrong.
  { q: 'choynk', kind: 'typo', expect: { category: 'kettles' } },
  { q: 'televzor', kind: 'typo', expect: { category: 'tvs' } },
  { q: 'muzlatgch', kind: 'typo', expect: { category: 'refrigerators' } },
  { q: 'changyutgch', kind: 'typo', expect: { category: 'vacuum-cleaners' } },
  { q: 'холодильнек', kind: 'typo', expect: { category: 'refrigerators' } },
  { q: 'пылесас', kind: 'typo', expect: { category: 'vacuum-cleaners' } },
  { q: 'refrigirator', kind: 'typo', expect: { category: 'refrigerators' } },
  { q: 'konditsoner', kind: 'typo', expect: { category: 'air-conditioners' } },
  { q: 'samsng', kind: 'typo', expect: { brand: 'samsung' } },
  { q: 'multivraka', kind: 'typo', expect: { category: 'multicookers' } },
  // Every way Uzbek apostrophes get typed.
  { q: "mikroto'lqinli", kind: 'apostrophe', expect: { category: 'microwaves' } },
  { q: 'mikroto‘lqinli', kind: 'apostrophe', expect: { category: 'microwaves' } },
  { q: 'mikroto’lqinli', kind: 'apostrophe', expect: { category: 'microwaves' } },
  { q: 'mikroto`lqinli', kind: 'apostrophe', expect: { category: 'microwaves' } },
  { q: 'mikrotolqinli', kind: 'apostrophe', expect: { category: 'microwaves' } },
  { q: "go'sht maydalagich", kind: 'apostrophe', expect: { category: 'meat-grinders' } },
  { q: 'choyshab toʼplami', kind: 'apostrophe', expect: { category: 'bed-linen' } },
  // Brands, alone and with a kind, in either order.
  { q: 'artel', kind: 'brand', expect: { brand: 'artel' } },
  { q: 'Kärcher', kind: 'brand', expect: { brand: 'karcher' } },
  { q: 'karcher', kind: 'brand', expect: { brand: 'karcher' } },
  { q: 'артел', kind: 'brand', expect: { brand: 'artel' } },
  { q: 'tefal choynak', kind: 'word-order', expect: { brand: 'tefal', category: 'kettles' } },
  { q: 'choynak tefal', kind: 'word-order', expect: { brand: 'tefal', category: 'kettles' } },
  { q: 'samsung muzlatgich', kind: 'word-order', expect: { brand: 'samsung', category: 'refrigerators' } },
  { q: 'холодильник samsung', kind: 'word-order', expect: { brand: 'samsung', category: 'refrigerators' } },
  { q: 'kettle philips', kind: 'word-order', expect: { brand: 'philips', category: 'kettles' } },
  { q: 'artel konditsioner', kind: 'word-order', expect: { brand: 'artel', category: 'air-conditioners' } },
  { q: 'пылесос xiaomi', kind: 'word-order', expect: { brand: 'xiaomi', category: 'vacuum-cleaners' } },
  // Model codes and SKUs find the one product.
  { q: 'model', kind: 'code', expect: { slugOf: 'model', category: 'kettles', brand: 'tefal' } },
  { q: 'model', kind: 'code', expect: { slugOf: 'model', category: 'refrigerators', brand: 'lg' } },
  { q: 'sku', kind: 'code', expect: { slugOf: 'sku', category: 'irons', brand: 'philips' } },
  { q: 'sku', kind: 'code', expect: { slugOf: 'sku', category: 'frying-pans', brand: 'tefal' } },
  // Colloquial names.
  { q: 'fridge', kind: 'english', expect: { category: 'refrigerators' } },
  { q: 'стиралка', kind: 'russian', expect: { category: 'washing-machines' } },
  { q: 'фен', kind: 'russian', expect: { category: 'hair-dryers' } },
];
