import { type Localized } from '../i18n/lang.js';

/** "uz|ru|en" → Localized. */
const L = (text: string): Localized => {
  const [uz = '', ru = '', en = ''] = text.split('|');
  return { uz, ru, en };
};
const slug = (en: string) => en.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

interface RegionSeed {
  slug: string;
  name: Localized;
  cities: Array<{ slug: string; name: Localized }>;
  baseFee: number;
  baseWeightG: number;
  perKgFee: number;
  days: string;
  expressAvailable: boolean;
}

function region(regionSlug: string, name: string, cities: string[], tariff: [base: number, perKg: number, days: string], express = false): RegionSeed {
  return {
    slug: regionSlug,
    name: L(name),
    cities: cities.map((c) => ({ slug: slug(L(c).en), name: L(c) })),
    baseFee: tariff[0],
    baseWeightG: 5000,
    perKgFee: tariff[1],
    days: tariff[2],
    expressAvailable: express,
  };
}

/** The regions (docs/product.md "Regions, delivery and payment"): the regions of Uzbekistan with their towns; courier tariffs in so'm. */
export const REGIONS: RegionSeed[] = [
  region('tashkent', 'Toshkent shahri|г. Ташкент|Tashkent city', [
    'Chilonzor|Чиланзар|Chilanzar', 'Yunusobod|Юнусабад|Yunusabad', 'Mirzo Ulugʻbek|Мирзо-Улугбек|Mirzo Ulugbek',
    'Yakkasaroy|Яккасарай|Yakkasaray', 'Shayxontohur|Шайхантахур|Shaykhantakhur', 'Olmazor|Алмазар|Almazar',
    'Mirobod|Мирабад|Mirabad', 'Sergeli|Сергели|Sergeli', 'Uchtepa|Учтепа|Uchtepa', 'Yashnobod|Яшнабад|Yashnabad',
    'Bektemir|Бектемир|Bektemir', 'Yangihayot|Янгихаёт|Yangihayot',
  ], [25_000, 3_000, '1–2'], true),
  region('tashkent-region', 'Toshkent viloyati|Ташкентская область|Tashkent Region', [
    'Chirchiq|Чирчик|Chirchiq', 'Angren|Ангрен|Angren', 'Olmaliq|Алмалык|Almalyk', 'Bekobod|Бекабад|Bekabad',
    'Nurafshon|Нурафшан|Nurafshon', 'Yangiyoʻl|Янгиюль|Yangiyul',
  ], [35_000, 4_000, '2–3']),
  region('karakalpakstan', 'Qoraqalpogʻiston Respublikasi|Республика Каракалпакстан|Republic of Karakalpakstan', [
    'Nukus|Нукус|Nukus', 'Xoʻjayli|Ходжейли|Khojeyli', 'Toʻrtkoʻl|Турткуль|Turtkul', 'Beruniy|Беруни|Beruniy',
    'Qoʻngʻirot|Кунград|Kungrad', 'Chimboy|Чимбай|Chimbay',
  ], [65_000, 6_000, '4–6']),
  region('andijan', 'Andijon viloyati|Андижанская область|Andijan Region', [
    'Andijon|Андижан|Andijan', 'Asaka|Асака|Asaka', 'Xonobod|Ханабад|Khanabad', 'Shahrixon|Шахрихан|Shahrikhan', 'Qorasuv|Карасу|Karasu',
  ], [45_000, 5_000, '2–4']),
  region('bukhara', 'Buxoro viloyati|Бухарская область|Bukhara Region', [
    'Buxoro|Бухара|Bukhara', 'Kogon|Каган|Kagan', 'Gʻijduvon|Гиждуван|Gijduvan', 'Qorakoʻl|Каракуль|Karakul', 'Vobkent|Вабкент|Vabkent',
  ], [50_000, 5_000, '3–4']),
  region('kashkadarya', 'Qashqadaryo viloyati|Кашкадарьинская область|Kashkadarya Region', [
    'Qarshi|Карши|Karshi', 'Shahrisabz|Шахрисабз|Shahrisabz', 'Kitob|Китаб|Kitab', 'Gʻuzor|Гузар|Guzar', 'Muborak|Мубарек|Muborak',
  ], [50_000, 5_000, '3–4']),
  region('navoi', 'Navoiy viloyati|Навоийская область|Navoi Region', [
    'Navoiy|Навои|Navoi', 'Zarafshon|Зарафшан|Zarafshan', 'Uchquduq|Учкудук|Uchkuduk', 'Karmana|Кармана|Karmana', 'Nurota|Нурата|Nurata',
  ], [50_000, 5_000, '3–4']),
  region('namangan', 'Namangan viloyati|Наманганская область|Namangan Region', [
    'Namangan|Наманган|Namangan', 'Chust|Чуст|Chust', 'Pop|Пап|Pap', 'Kosonsoy|Касансай|Kasansay', 'Uchqoʻrgʻon|Учкурган|Uchkurgan',
  ], [45_000, 5_000, '2–4']),
  region('samarkand', 'Samarqand viloyati|Самаркандская область|Samarkand Region', [
    'Samarqand|Самарканд|Samarkand', 'Kattaqoʻrgʻon|Каттакурган|Kattakurgan', 'Urgut|Ургут|Urgut', 'Bulungʻur|Булунгур|Bulungur', 'Jomboy|Джамбай|Jambay',
  ], [45_000, 5_000, '2–3']),
  region('surkhandarya', 'Surxondaryo viloyati|Сурхандарьинская область|Surkhandarya Region', [
    'Termiz|Термез|Termez', 'Denov|Денау|Denau', 'Sherobod|Шерабад|Sherabad', 'Shoʻrchi|Шурчи|Shurchi', 'Boysun|Байсун|Baysun',
  ], [60_000, 6_000, '4–5']),
  region('syrdarya', 'Sirdaryo viloyati|Сырдарьинская область|Syrdarya Region', [
    'Guliston|Гулистан|Gulistan', 'Yangiyer|Янгиер|Yangiyer', 'Shirin|Ширин|Shirin', 'Sirdaryo|Сырдарья|Syrdarya', 'Boyovut|Баяут|Bayaut',
  ], [40_000, 4_000, '2–3']),
  region('fergana', 'Fargʻona viloyati|Ферганская область|Fergana Region', [
    'Fargʻona|Фергана|Fergana', 'Margʻilon|Маргилан|Margilan', 'Qoʻqon|Коканд|Kokand', 'Quvasoy|Кувасай|Kuvasay', 'Rishton|Риштан|Rishtan',
  ], [45_000, 5_000, '2–4']),
  region('khorezm', 'Xorazm viloyati|Хорезмская область|Khorezm Region', [
    'Urganch|Ургенч|Urgench', 'Xiva|Хива|Khiva', 'Hazorasp|Хазарасп|Khazarasp', 'Shovot|Шават|Shavat', 'Xonqa|Ханка|Khanka',
  ], [65_000, 6_000, '4–6']),
  region('jizzakh', 'Jizzax viloyati|Джизакская область|Jizzakh Region', [
    'Jizzax|Джизак|Jizzakh', 'Gʻallaorol|Галляарал|Gallaorol', 'Zomin|Заамин|Zaamin', 'Paxtakor|Пахтакор|Pakhtakor', 'Doʻstlik|Дустлик|Dustlik',
  ], [45_000, 5_000, '2–3']),
];
