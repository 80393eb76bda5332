// Generic titles and descriptions per page and language, used when the API has nothing more specific.
import type { PageName } from '../../shared/src/routes.js';
import type { Lang } from './catalogue.js';

export const SITE_NAME = 'Bozor';

const T: Record<Lang, Record<PageName | 'notFound', string>> = {
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
    info: 'Maʼlumot',
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
    info: 'Информация',
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
    info: 'Information',
    cart: 'Cart',
    checkout: 'Checkout',
    'checkout-payment': 'Payment',
    'checkout-confirmed': 'Order confirmed!',
    account: 'My profile',
    'account-orders': 'My orders',
    notFound: 'Page Not Found',
  },
};

const DESCRIPTION: Record<Lang, string> = {
  uz: 'Oshxona texnikasi, idish-tovoq, tozalash vositalari, toʻqimachilik va boshqa roʻzgʻor buyumlari. Toshkent va butun Oʻzbekiston boʻylab yetkazib berish.',
  ru: 'Кухонная техника, посуда, бытовая химия, текстиль и другие товары для дома. Доставка по Ташкенту и всему Узбекистану.',
  en: 'Kitchen appliances, cookware, cleaning, textiles and more for the home. Delivery in Tashkent and across Uzbekistan.',
};

export function pageTitle(lang: Lang, page: PageName | 'notFound'): string {
  return T[lang][page];
}

export function siteDescription(lang: Lang): string {
  return DESCRIPTION[lang];
}

/**
 * Pages that are private, a step inside a payment, or a search: not indexed. The cart and the checkout's
 * first step are crawlable (issue 12 asks SEO 100 of them; a crawler sees an empty cart) and stay out of
 * the sitemap (docs/decisions.md "Cart and checkout are crawlable").
 */
export function isNoIndex(page: PageName | 'notFound'): boolean {
  return ['checkout-payment', 'checkout-confirmed', 'account', 'account-orders', 'search', 'favourites', 'notFound'].includes(page);
}
