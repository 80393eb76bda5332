import type { Localized, SeedBrand } from './types.js';

const c = (uz: string, ru: string, en: string): Localized => ({ uz, ru, en });
const UZ = c('Oʻzbekiston', 'Узбекистан', 'Uzbekistan');
const KR = c('Janubiy Koreya', 'Южная Корея', 'South Korea');
const FR = c('Fransiya', 'Франция', 'France');
const NL = c('Niderlandiya', 'Нидерланды', 'Netherlands');
const DE = c('Germaniya', 'Германия', 'Germany');
const CN = c('Xitoy', 'Китай', 'China');
const SI = c('Sloveniya', 'Словения', 'Slovenia');
const RU = c('Rossiya', 'Россия', 'Russia');
const US = c('AQSH', 'США', 'USA');
const DK = c('Daniya', 'Дания', 'Denmark');
const TR = c('Turkiya', 'Турция', 'Turkey');

const b = (slug: string, name: string, color: string, country: Localized): SeedBrand => ({ slug, name, color, country });

/** Real brands sold in Uzbek household-goods shops; "Uyjoy" is the shop's own house brand. */
export const brands: SeedBrand[] = [
  b('artel', 'Artel', '#D71920', UZ),
  b('samsung', 'Samsung', '#1428A0', KR),
  b('lg', 'LG', '#A50034', KR),
  b('tefal', 'Tefal', '#C8102E', FR),
  b('philips', 'Philips', '#0B5ED7', NL),
  b('bosch', 'Bosch', '#E20015', DE),
  b('braun', 'Braun', '#222222', DE),
  b('karcher', 'Kärcher', '#FFD100', DE),
  b('zwilling', 'Zwilling', '#B5121B', DE),
  b('midea', 'Midea', '#0093D0', CN),
  b('xiaomi', 'Xiaomi', '#FF6900', CN),
  b('shivaki', 'Shivaki', '#00529B', UZ),
  b('gorenje', 'Gorenje', '#2B2B2B', SI),
  b('vitek', 'Vitek', '#6A1B9A', RU),
  b('redmond', 'Redmond', '#E53935', RU),
  b('polaris', 'Polaris', '#00796B', RU),
  b('luminarc', 'Luminarc', '#1565C0', FR),
  b('pyrex', 'Pyrex', '#0D47A1', US),
  b('fissman', 'Fissman', '#5D4037', DK),
  b('english-home', 'English Home', '#8D6E63', TR),
  b('uyjoy', 'Uyjoy', '#2A9D8F', UZ),
];
