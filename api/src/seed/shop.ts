import sharp from 'sharp';
import { type DbOrTx } from '../db/client.js';
import { type Localized } from '../i18n/lang.js';
import { type ShopContentSeed, seedShopContent } from '../modules/content/index.js';
import { type MediaStorage } from '../providers/media/media.js';
import { REGIONS } from './regions.js';

const STORES: ShopContentSeed['stores'] = [
  {
    slug: 'chilonzor',
    name: { uz: 'Bozor Chilonzor', ru: 'Bozor Чиланзар', en: 'Bozor Chilanzar' },
    address: {
      uz: 'Toshkent, Chilonzor tumani, Bunyodkor shoh koʻchasi, 42',
      ru: 'Ташкент, Чиланзарский район, проспект Бунёдкор, 42',
      en: '42 Bunyodkor Avenue, Chilanzar district, Tashkent',
    },
    landmark: { uz: 'Moʻljal: «Novza» metro bekati', ru: 'Ориентир: станция метро «Новза»', en: 'Landmark: Novza metro station' },
    phone: '+998712001122',
    hours: { uz: 'Har kuni 09:00–21:00', ru: 'Ежедневно 09:00–21:00', en: 'Daily 9:00–21:00' },
    lat: 41.2926,
    lng: 69.2226,
    sort: 1,
  },
  {
    slug: 'yunusobod',
    name: { uz: 'Bozor Yunusobod', ru: 'Bozor Юнусабад', en: 'Bozor Yunusabad' },
    address: {
      uz: 'Toshkent, Yunusobod tumani, Amir Temur shoh koʻchasi, 107B',
      ru: 'Ташкент, Юнусабадский район, проспект Амира Темура, 107Б',
      en: '107B Amir Temur Avenue, Yunusabad district, Tashkent',
    },
    landmark: { uz: 'Moʻljal: «Minor» masjidi', ru: 'Ориентир: мечеть «Минор»', en: 'Landmark: Minor mosque' },
    phone: '+998712001133',
    hours: { uz: 'Har kuni 09:00–22:00', ru: 'Ежедневно 09:00–22:00', en: 'Daily 9:00–22:00' },
    lat: 41.3397,
    lng: 69.2851,
    sort: 2,
  },
  {
    slug: 'sergeli',
    name: { uz: 'Bozor Sergeli', ru: 'Bozor Сергели', en: 'Bozor Sergeli' },
    address: {
      uz: 'Toshkent, Sergeli tumani, Yangi Sergeli koʻchasi, 8',
      ru: 'Ташкент, Сергелийский район, улица Янги Сергели, 8',
      en: '8 Yangi Sergeli Street, Sergeli district, Tashkent',
    },
    landmark: { uz: 'Moʻljal: Sergeli dehqon bozori', ru: 'Ориентир: Сергелийский дехканский рынок', en: 'Landmark: Sergeli farmers’ market' },
    phone: '+998712001144',
    hours: { uz: 'Dush–Shan 09:00–20:00, Yak 10:00–18:00', ru: 'Пн–Сб 09:00–20:00, Вс 10:00–18:00', en: 'Mon–Sat 9:00–20:00, Sun 10:00–18:00' },
    lat: 41.2272,
    lng: 69.2192,
    sort: 3,
  },
];

const SLIDES: Array<{ key: string; colors: [string, string]; title: Localized; subtitle: Localized; link: string }> = [
  {
    key: 'winter-sale',
    colors: ['#0f4c81', '#3aa0e8'],
    title: { uz: 'Qishki chegirmalar −30% gacha', ru: 'Зимние скидки до −30%', en: 'Winter sale: up to −30%' },
    subtitle: { uz: 'Isitgichlar va konditsionerlar', ru: 'Обогреватели и кондиционеры', en: 'Heaters and air conditioners' },
    // what the banner says: climate control on sale, not every discounted product
    link: '/catalog?category=climate&discounted=true',
  },
  {
    key: 'kitchen',
    colors: ['#b4462b', '#f2a65a'],
    title: { uz: 'Oshxona uchun hammasi', ru: 'Всё для кухни', en: 'Everything for the kitchen' },
    subtitle: { uz: 'Tefal, Bosch, Artel — rasmiy kafolat', ru: 'Tefal, Bosch, Artel — официальная гарантия', en: 'Tefal, Bosch, Artel — official warranty' },
    link: '/catalog?category=kitchen-appliances',
  },
  {
    key: 'free-delivery',
    colors: ['#1d6b47', '#5cc48b'],
    title: { uz: '1 000 000 soʻmdan bepul yetkazib berish', ru: 'Бесплатная доставка от 1 000 000 сум', en: 'Free delivery from 1,000,000 UZS' },
    subtitle: { uz: 'Butun Oʻzbekiston boʻylab', ru: 'По всему Узбекистану', en: 'All over Uzbekistan' },
    link: '/delivery',
  },
  {
    key: 'pickup',
    colors: ['#5b2a86', '#b07cd8'],
    title: { uz: 'Doʻkondan olib keting', ru: 'Самовывоз из магазина', en: 'Pick up in store' },
    subtitle: { uz: 'Toshkentdagi 3 ta doʻkonimizdan', ru: 'Из трёх наших магазинов в Ташкенте', en: 'From our three stores in Tashkent' },
    link: '/markets',
  },
];

/** A decorative banner background (text is drawn by the storefront, so no fonts are needed). */
async function bannerImage(colors: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <rect width="1200" height="400" fill="url(#g)"/>
    <circle cx="1010" cy="90" r="170" fill="#fff" fill-opacity=".12"/>
    <circle cx="880" cy="340" r="120" fill="#fff" fill-opacity=".10"/>
    <rect x="760" y="120" width="220" height="180" rx="28" fill="#fff" fill-opacity=".18"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** Stores, slides and delivery settings for an empty database (content writes them: seedShopContent). */
export async function seedShop(db: DbOrTx, media: MediaStorage): Promise<void> {
  const slides: ShopContentSeed['slides'] = [];
  for (const [index, slide] of SLIDES.entries()) {
    const key = `slides/${slide.key}.webp`;
    await media.put(key, await bannerImage(slide.colors));
    slides.push({ image: key, title: slide.title, subtitle: slide.subtitle, link: slide.link, sort: index + 1 });
  }
  await seedShopContent(db, {
    stores: STORES,
    slides,
    deliverySettings: {
      key: 'default',
      deliverySum: 25_000,
      freeDeliveryThreshold: 1_000_000,
      expressNote: {
        uz: 'Tezkor yetkazib berish faqat Toshkent boʻylab, 2–3 soat ichida. Narxi kuryer ilovasida hisoblanadi.',
        ru: 'Экспресс-доставка только по Ташкенту, за 2–3 часа. Стоимость рассчитывается в приложении курьерской службы.',
        en: 'Express delivery within Tashkent only, in 2–3 hours. It is priced in the courier app.',
      },
      pickupNote: {
        uz: 'Buyurtma tayyor boʻlgach SMS yuboramiz. Doʻkonda naqd yoki karta bilan toʻlash mumkin.',
        ru: 'Пришлём SMS, когда заказ будет готов. В магазине можно оплатить наличными или картой.',
        en: 'We text you when the order is ready. Pay in store by cash or card.',
      },
    },
    regions: REGIONS.map((r, index) => ({ ...r, sort: index })),
  });
}
