// Page titles per route and language: the one copy the shell server writes into <title> and the
// browser sets as document.title after every in-app navigation (routing/DocumentTitle.tsx). It
// imports only types, so the server can import it and the browser bundle gains no second route table.
import type { INFO_PAGES, PageName, RouteLang } from '../../../shared/src/routes.js';

export const SITE_NAME = 'Bozor';

/** A page a title is written for: a route of the table, or the 404. */
export type TitledPage = PageName | 'notFound';

/** An information page's path (docs/product.md "Routes"). */
export type InfoSlug = (typeof INFO_PAGES)[number];

/** Every page's name except the information pages', which each have their own (below). */
const T: Record<RouteLang, Record<Exclude<TitledPage, 'info'>, string>> = {
  uz: {
    home: 'Bozor — roʻzgʻor buyumlari onlayn doʻkoni',
    catalog: 'Katalog',
    categories: 'Kategoriyalar',
    products: 'Mahsulotlar',
    product: 'Mahsulot',
    brands: 'Brendlar',
    blogs: 'Blog',
    blog: 'Maqola',
    markets: 'Doʻkonlarimiz',
    search: 'Qidiruv',
    favourites: 'Sevimlilar',
    cart: 'Savat',
    checkout: 'Buyurtmani rasmiylashtirish',
    'checkout-payment': 'Toʻlov',
    'checkout-confirmed': 'Buyurtma tasdiqlandi!',
    account: 'Mening profilim',
    'account-orders': 'Mening buyurtmalarim',
    notFound: 'Sahifa topilmadi',
  },
  ru: {
    home: 'Bozor — интернет-магазин товаров для дома',
    catalog: 'Каталог',
    categories: 'Категории',
    products: 'Товары',
    product: 'Товар',
    brands: 'Бренды',
    blogs: 'Блог',
    blog: 'Статья',
    markets: 'Наши магазины',
    search: 'Поиск',
    favourites: 'Избранное',
    cart: 'Корзина',
    checkout: 'Оформление заказа',
    'checkout-payment': 'Оплата',
    'checkout-confirmed': 'Заказ подтверждён!',
    account: 'Мой профиль',
    'account-orders': 'Мои заказы',
    notFound: 'Страница не найдена',
  },
  en: {
    home: 'Bozor — household goods online',
    catalog: 'Catalogue',
    categories: 'Categories',
    products: 'Products',
    product: 'Product',
    brands: 'Brands',
    blogs: 'Blog',
    blog: 'Blog article',
    markets: 'Our stores',
    search: 'Search',
    favourites: 'Favourites',
    cart: 'Cart',
    checkout: 'Checkout',
    'checkout-payment': 'Payment',
    'checkout-confirmed': 'Order confirmed!',
    account: 'My profile',
    'account-orders': 'My orders',
    notFound: 'Page Not Found',
  },
};

/**
 * Each information page's own name, as its heading says it (the page texts the API is seeded with,
 * api/src/seed/catalog/pages.ts; "pages" is the catalogue's list of them). The shell server prefers the
 * name the API gives, since the back office may rename a page; these stand in when the API says nothing
 * and in the browser, which does not read the page itself.
 */
const INFO: Record<RouteLang, Record<InfoSlug, string>> = {
  uz: {
    about: 'Biz haqimizda',
    contacts: 'Aloqa',
    delivery: 'Yetkazib berish',
    'how-to-buy': 'Qanday xarid qilish',
    return: 'Qaytarish va almashtirish',
    'public-offer': 'Ommaviy oferta',
    pages: 'Sahifalar',
  },
  ru: {
    about: 'О нас',
    contacts: 'Контакты',
    delivery: 'Доставка',
    'how-to-buy': 'Как купить',
    return: 'Возврат и обмен',
    'public-offer': 'Публичная оферта',
    pages: 'Страницы',
  },
  en: {
    about: 'About us',
    contacts: 'Contacts',
    delivery: 'Delivery',
    'how-to-buy': 'How to buy',
    return: 'Returns and exchanges',
    'public-offer': 'Public offer',
    pages: 'Pages',
  },
};

/**
 * The name of a page in `lang`, before any name the API knows (a product's, a post's): the section's
 * name, or for an information page (`rest` its path, e.g. "contacts") that page's own name.
 */
export function pageTitle(lang: RouteLang, page: TitledPage, rest = ''): string {
  if (page !== 'info') return T[lang][page];
  const names = INFO[lang];
  return Object.hasOwn(names, rest) ? names[rest as InfoSlug] : names.pages;
}

/** The text of <title> for a page named `name`: "name — Bozor"; the home page's name already says the shop. */
export function documentTitle(page: TitledPage, name: string): string {
  return page === 'home' ? name : `${name} — ${SITE_NAME}`;
}

/** The <title> of a route when nothing more specific is known (no product or post name): the server's and the browser's. */
export function routeTitle(lang: RouteLang, page: TitledPage, rest = ''): string {
  return documentTitle(page, pageTitle(lang, page, rest));
}
