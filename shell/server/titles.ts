// What the server's <head> says beyond the title: the site's description and which pages stay out of
// search engines. The titles themselves are shared with the browser (src/routing/titles.ts).
import type { TitledPage } from '../src/routing/titles.js';
import type { Lang } from './catalogue.js';

const DESCRIPTION: Record<Lang, string> = {
  uz: 'Oshxona texnikasi, idish-tovoq, tozalash vositalari, toʻqimachilik va boshqa roʻzgʻor buyumlari. Toshkent va butun Oʻzbekiston boʻylab yetkazib berish.',
  ru: 'Кухонная техника, посуда, бытовая химия, текстиль и другие товары для дома. Доставка по Ташкенту и всему Узбекистану.',
  en: 'Kitchen appliances, cookware, cleaning, textiles and more for the home. Delivery in Tashkent and across Uzbekistan.',
};

export function siteDescription(lang: Lang): string {
  return DESCRIPTION[lang];
}

/**
 * Pages that are private, a step inside a payment, or a search: not indexed. The cart and the checkout's
 * first step are crawlable (issue 12 asks SEO 100 of them; a crawler sees an empty cart) and stay out of
 * the sitemap (docs/decisions.md "Cart and checkout are crawlable").
 */
export function isNoIndex(page: TitledPage): boolean {
  return ['checkout-payment', 'checkout-confirmed', 'account', 'account-orders', 'search', 'favourites', 'notFound'].includes(page);
}
