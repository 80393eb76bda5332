import type { ProductFamily, SizeStep } from './family.js';
import { L, UNIT } from './vocabulary.js';

const MATERIAL = L('Material', 'Материал', 'Material');
const STEEL = L('zanglamaydigan poʻlat', 'нержавеющая сталь', 'stainless steel');
const COTTON = L('paxta', 'хлопок', 'cotton');
const PIECES = L('Toʻplamdagi buyumlar', 'Предметов в наборе', 'Pieces in the set');

const step = (value: string, uz: string, ru: string, en: string, factor: number): SizeStep => ({ value, label: L(uz, ru, en), factor });
const BED_SIZES = [step('1.5', '1,5 kishilik', '1,5-спальный', 'single', 1), step('2', '2 kishilik', '2-спальный', 'double', 1.25), step('euro', 'yevro', 'евро', 'king (euro)', 1.45)];
const TOWEL_SIZES = [step('50x90', '50×90 sm', '50×90 см', '50×90 cm', 1), step('70x140', '70×140 sm', '70×140 см', '70×140 cm', 1.8)];
const PAN_SIZES = [step('24', '24 sm', '24 см', '24 cm', 1), step('26', '26 sm', '26 см', '26 cm', 1.12), step('28', '28 sm', '28 см', '28 cm', 1.25)];

/** Cookware, tableware, cleaning tools, textiles, lighting, furniture, bathroom and storage. */
export const homeFamilies: ProductFamily[] = [
  {
    key: 'pan', category: 'frying-pans', icon: 'egg-fried',
    noun: L('Tova', 'Сковорода', 'frying pan'),
    lines: [['tefal', 'G2## Easy Cook'], ['fissman', 'Rebusto ##'], ['zwilling', 'Madura Plus #'], ['uyjoy', 'Tandir ##'], ['polaris', 'Kontrast-##F']],
    count: 15, price: [160_000, 1_200_000], weight: [800, 2200], mxit: '07323930001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'coating', name: L('Qoplama', 'Покрытие', 'Coating'), values: [L('titan', 'титановое', 'titanium'), L('keramik', 'керамическое', 'ceramic'), L('granit', 'гранитное', 'granite')], priceSpread: 1.4 },
      { code: 'induction', name: L('Induksion plita uchun', 'Для индукционной плиты', 'Induction-ready'), values: [L('ha', 'да', 'yes'), L('yoʻq', 'нет', 'no')] },
    ],
    sizes: { code: 'size', steps: PAN_SIZES },
    about: L('Yopishmaydigan qoplama kam yogʻda qovurish imkonini beradi; dastasi qizimaydi.',
      'Антипригарное покрытие позволяет жарить почти без масла; ручка не нагревается.',
      'The non-stick coating lets you fry with little oil, and the handle stays cool.'),
  },
  {
    key: 'pot', category: 'pots', icon: 'cooking-pot',
    noun: L('Qozon', 'Казан', 'kazan'),
    lines: [['uyjoy', 'Navoiy ##'], ['fissman', 'Magic Black ##'], ['tefal', 'Daily Cook C##'], ['zwilling', 'Twin Classic ##'], ['polaris', 'Solid-##']],
    count: 14, price: [250_000, 2_200_000], weight: [1800, 7000], mxit: '07323990001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'volume', name: L('Hajmi', 'Объём', 'Volume'), values: [3, 5, 8, 12], unit: UNIT.l, inName: true, priceSpread: 2 },
      { code: 'material', name: MATERIAL, values: [L('choʻyan', 'чугун', 'cast iron'), STEEL, L('alyuminiy', 'алюминий', 'aluminium')] },
    ],
    about: L('Qalin devorlari issiqni bir tekis taqsimlaydi — palov va shoʻrva uchun ayni muddao.',
      'Толстые стенки равномерно распределяют тепло — то, что нужно для плова и шурпы.',
      'Thick walls spread the heat evenly — just right for plov and shurpa.'),
  },
  {
    key: 'knife', category: 'knives', icon: 'utensils-crossed',
    noun: L('Oshpaz pichogʻi', 'Поварской нож', 'chef knife'),
    lines: [['zwilling', 'Pro ##'], ['fissman', 'Kensei ##'], ['tefal', 'Ingenio K2##'], ['uyjoy', 'Chust ##']],
    count: 12, price: [120_000, 1_900_000], weight: [150, 400], mxit: '08211910001', mxitUnit: '1501563', warrantyMonths: 24,
    specs: [
      { code: 'blade', name: L('Tigʻ uzunligi', 'Длина лезвия', 'Blade length'), values: [15, 18, 20, 23], unit: UNIT.cm, inName: true, priceSpread: 1.3 },
      { code: 'steel', name: L('Poʻlat', 'Сталь', 'Steel'), values: [L('X50CrMoV15', 'X50CrMoV15', 'X50CrMoV15'), L('VG-10 Damashq', 'VG-10 дамасская', 'VG-10 Damascus')], priceSpread: 2 },
    ],
    about: L('Oʻtkir tigʻ goʻsht va sabzavotni oson kesadi; dastasi qoʻlda sirpanmaydi.',
      'Острое лезвие легко режет мясо и овощи; рукоять не скользит в руке.',
      'The sharp blade cuts meat and vegetables with ease and the handle does not slip.'),
  },
  {
    key: 'dinnerset', category: 'plates', icon: 'utensils',
    noun: L('Ovqatlanish servizi', 'Столовый сервиз', 'dinner set'),
    lines: [['luminarc', 'Diwali ##'], ['luminarc', 'Carine ##'], ['pyrex', 'Classic ##'], ['uyjoy', 'Paxta ##'], ['english-home', 'Bella ##']],
    count: 14, price: [300_000, 2_800_000], weight: [3000, 9000], mxit: '06911100001', mxitUnit: '1500845', warrantyMonths: 0,
    specs: [
      { code: 'pieces', name: PIECES, values: [18, 19, 38, 46], unit: UNIT.pcs, inName: true, priceSpread: 2.2 },
      { code: 'persons', name: L('Necha kishiga', 'Персон', 'Place settings'), values: [6, 12] },
      { code: 'material', name: MATERIAL, values: [L('opal shisha', 'опаловое стекло', 'opal glass'), L('chinni', 'фарфор', 'porcelain')] },
    ],
    colours: ['white', 'beige', 'blue'],
    about: L('Mikrotoʻlqinli pech va idish yuvish mashinasida foydalanish mumkin; mehmon kutish uchun chiroyli.',
      'Можно в микроволновку и посудомоечную машину; красиво смотрится на праздничном столе.',
      'Microwave and dishwasher safe, and it looks lovely on a festive table.'),
  },
  {
    key: 'cups', category: 'glassware', icon: 'glass-water',
    noun: L('Piyola toʻplami', 'Набор пиал', 'tea bowl set'),
    lines: [['luminarc', 'Trianon ##'], ['pyrex', 'Cafe ##'], ['uyjoy', 'Rishton ##'], ['fissman', 'Jaipur ##']],
    count: 12, price: [60_000, 450_000], weight: [800, 2500], mxit: '07013370001', mxitUnit: '1500845', warrantyMonths: 0,
    specs: [
      { code: 'pieces', name: PIECES, values: [4, 6, 12], unit: UNIT.pcs, inName: true, priceSpread: 2.5 },
      { code: 'volume', name: L('Hajmi', 'Объём', 'Volume'), values: [200, 250, 300], unit: UNIT.ml },
      { code: 'material', name: MATERIAL, values: [L('issiqqa chidamli shisha', 'жаропрочное стекло', 'heat-resistant glass'), L('keramika', 'керамика', 'ceramic')] },
    ],
    colours: ['white', 'blue', 'green'],
    about: L('Koʻk choy va qora choy uchun anʼanaviy shakl; qaynoq suvdan yorilmaydi.',
      'Традиционная форма для зелёного и чёрного чая; не трескается от кипятка.',
      'The traditional shape for green and black tea; boiling water will not crack it.'),
  },
  {
    key: 'mop', category: 'cleaning-tools', icon: 'broom',
    noun: L('Pol yuvish shvabrasi', 'Швабра', 'mop'),
    lines: [['uyjoy', 'Toza ##'], ['karcher', 'FC #'], ['xiaomi', 'Deerma TB##'], ['fissman', 'Clean ##']],
    count: 12, price: [90_000, 2_900_000], weight: [800, 4500], mxit: '09603900001', mxitUnit: '1501563', warrantyMonths: 6,
    specs: [
      { code: 'type', name: L('Turi', 'Тип', 'Type'), values: [L('chelakli', 'с ведром', 'with bucket'), L('bugʻli', 'паровая', 'steam'), L('purkagichli', 'с распылителем', 'spray')], priceSpread: 4 },
      { code: 'width', name: L('Ish kengligi', 'Ширина насадки', 'Head width'), values: [30, 35, 40], unit: UNIT.cm, inName: true },
    ],
    colours: ['grey', 'blue', 'green'],
    about: L('Mikrofibra salfetka changni va dogʻlarni yigʻadi, qoʻl nam boʻlmaydi.',
      'Насадка из микрофибры собирает пыль и пятна, руки остаются сухими.',
      'The microfibre pad picks up dust and stains while your hands stay dry.'),
  },
  {
    key: 'detergent', category: 'cleaning-tools', icon: 'spray-can',
    noun: L('Professional tozalash konsentrati', 'Профессиональный моющий концентрат', 'professional cleaning concentrate'),
    lines: [['karcher', 'RM ###'], ['uyjoy', 'Pro ##']],
    count: 6, price: [240_000, 900_000], weight: [5200, 10_500], mxit: '03402200001', mxitUnit: '1500920', warrantyMonths: 0,
    specs: [
      { code: 'volume', name: L('Hajmi', 'Объём', 'Volume'), values: [5, 10], unit: UNIT.l, inName: true, priceSpread: 1.8 },
    ],
    about: L('Ofis, kafe va mehmonxonalar uchun ulgurji qadoq; 1:200 nisbatda suyultiriladi.',
      'Оптовая упаковка для офисов, кафе и гостиниц; разводится 1:200.',
      'A wholesale pack for offices, cafés and hotels; dilute 1:200.'),
    legalOnly: true,
  },
  {
    key: 'bedlinen', category: 'bed-linen', icon: 'bed-double',
    noun: L('Choyshab toʻplami', 'Комплект постельного белья', 'bed linen set'),
    lines: [['english-home', 'Sateen ##'], ['uyjoy', 'Margʻilon ##'], ['uyjoy', 'Buxoro ##'], ['english-home', 'Ranforce ##']],
    count: 14, price: [280_000, 1_500_000], weight: [1200, 2600], mxit: '06302100001', mxitUnit: '1501554', warrantyMonths: 0,
    specs: [
      { code: 'fabric', name: L('Mato', 'Ткань', 'Fabric'), values: [L('satin', 'сатин', 'sateen'), L('ranfors', 'ранфорс', 'ranforce'), L('poplin', 'поплин', 'poplin')], priceSpread: 1.4 },
      { code: 'material', name: MATERIAL, values: [COTTON] },
    ],
    sizes: { code: 'size', steps: BED_SIZES },
    colours: ['white', 'beige', 'grey', 'blue'],
    about: L('100 % oʻzbek paxtasidan; koʻp yuvilgandan keyin ham rangini yoʻqotmaydi.',
      'Из 100 % узбекского хлопка; не теряет цвет после многих стирок.',
      'Made of 100% Uzbek cotton; it keeps its colour after many washes.'),
  },
  {
    key: 'towel', category: 'towels', icon: 'towel-rack',
    noun: L('Mahra sochiq', 'Махровое полотенце', 'terry towel'),
    lines: [['english-home', 'Soft ##'], ['uyjoy', 'Paxtaoy ##'], ['uyjoy', 'Hammom ##']],
    count: 12, price: [45_000, 260_000], weight: [250, 800], mxit: '06302600001', mxitUnit: '1501563', warrantyMonths: 0,
    specs: [
      { code: 'density', name: L('Zichligi', 'Плотность', 'Weight'), values: [L('450 g/m²', '450 г/м²', '450 gsm'), L('550 g/m²', '550 г/м²', '550 gsm')], priceSpread: 1.3 },
      { code: 'material', name: MATERIAL, values: [COTTON] },
    ],
    sizes: { code: 'size', steps: TOWEL_SIZES },
    colours: ['white', 'beige', 'blue', 'pink', 'green'],
    about: L('Namni yaxshi shimadi va tez quriydi.', 'Хорошо впитывает влагу и быстро сохнет.', 'It soaks up water well and dries quickly.'),
  },
  {
    key: 'curtain', category: 'curtains', icon: 'blinds',
    noun: L('Parda', 'Штора', 'curtain'),
    lines: [['english-home', 'Velvet ##'], ['uyjoy', 'Samarqand ##'], ['english-home', 'Linen ##']],
    count: 12, price: [150_000, 900_000], weight: [700, 2000], mxit: '06303920001', mxitUnit: '1501563', warrantyMonths: 0,
    specs: [
      { code: 'size', name: L('Oʻlchami', 'Размер', 'Size'), values: [L('150×260 sm', '150×260 см', '150×260 cm'), L('200×260 sm', '200×260 см', '200×260 cm'), L('250×280 sm', '250×280 см', '250×280 cm')], inName: true, priceSpread: 1.5 },
      { code: 'type', name: L('Turi', 'Тип', 'Type'), values: [L('blackout', 'блэкаут', 'blackout'), L('tyul', 'тюль', 'sheer')] },
    ],
    colours: ['beige', 'grey', 'green', 'brown'],
    about: L('Yozda quyosh nurini toʻsadi, xonani salqin saqlaydi.', 'Летом задерживает солнце и сохраняет прохладу в комнате.', 'It keeps the summer sun out and the room cool.'),
  },
  {
    key: 'chandelier', category: 'ceiling-lights', icon: 'lamp-ceiling',
    noun: L('Qandil', 'Люстра', 'ceiling light'),
    lines: [['uyjoy', 'Nur ##'], ['philips', 'Hue Ceiling ##'], ['xiaomi', 'Yeelight C###']],
    count: 12, price: [350_000, 3_500_000], weight: [1500, 6000], mxit: '09405110001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'lamps', name: L('Lampalar soni', 'Количество ламп', 'Bulbs'), values: [3, 5, 8], unit: UNIT.pcs, inName: true, priceSpread: 2 },
      { code: 'area', name: L('Yoritish maydoni', 'Площадь освещения', 'Room size'), values: [12, 18, 25], unit: UNIT.m2 },
    ],
    colours: ['white', 'gold', 'black'],
    about: L('Pult orqali yorugʻlik va rang haroratini oʻzgartirish mumkin.', 'Яркость и цветовую температуру можно менять с пульта.', 'Brightness and colour temperature change from the remote.'),
  },
  {
    key: 'desklamp', category: 'desk-lamps', icon: 'lamp-desk',
    noun: L('Stol chirogʻi', 'Настольная лампа', 'desk lamp'),
    lines: [['xiaomi', 'Mi LED 1S'], ['philips', 'Donutt ##'], ['uyjoy', 'Oʻqish ##'], ['artel', 'DL-##']],
    count: 10, price: [110_000, 700_000], weight: [600, 1500], mxit: '09405200001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'power', name: L('Quvvati', 'Мощность', 'Power'), values: [6, 9, 12], unit: UNIT.W, inName: true, priceSpread: 1.5 },
      { code: 'dimmer', name: L('Yorugʻlikni sozlash', 'Регулировка яркости', 'Dimmable'), values: [L('bor', 'есть', 'yes'), L('yoʻq', 'нет', 'no')] },
    ],
    colours: ['white', 'black'],
    about: L('Koʻzni charchatmaydigan miltillamaydigan yorugʻlik — dars tayyorlash uchun.', 'Немерцающий свет, который не утомляет глаза, — для уроков.', 'Flicker-free light that is easy on the eyes — good for homework.'),
  },
  {
    key: 'bulb', category: 'light-bulbs', icon: 'lightbulb',
    noun: L('LED lampochka', 'Светодиодная лампа', 'LED bulb'),
    lines: [['philips', 'EcoHome E27'], ['artel', 'LED A60'], ['uyjoy', 'LED E14'], ['xiaomi', 'Yeelight W#']],
    count: 12, price: [12_000, 190_000], weight: [40, 120], mxit: '08539500001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'power', name: L('Quvvati', 'Мощность', 'Power'), values: [7, 10, 13, 15], unit: UNIT.W, inName: true, priceSpread: 1.6 },
      { code: 'flux', name: L('Yorugʻlik oqimi', 'Световой поток', 'Light output'), values: [600, 900, 1300], unit: UNIT.lm },
      { code: 'temp', name: L('Rang harorati', 'Цветовая температура', 'Colour temperature'), values: [L('3000 K iliq', '3000 K тёплый', '3000 K warm'), L('6500 K sovuq', '6500 K холодный', '6500 K cool')] },
    ],
    about: L('Oddiy lampochkaga qaraganda 8 baravar kam elektr sarflaydi.', 'Потребляет в 8 раз меньше электричества, чем лампа накаливания.', 'It uses eight times less electricity than an incandescent bulb.'),
  },
  {
    key: 'chair', category: 'chairs', icon: 'armchair',
    noun: L('Stul', 'Стул', 'chair'),
    lines: [['uyjoy', 'Lola ##'], ['uyjoy', 'Ofis ##'], ['english-home', 'Nordic ##']],
    count: 12, price: [250_000, 2_500_000], weight: [4000, 14_000], mxit: '09401610001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'type', name: L('Turi', 'Тип', 'Type'), values: [L('oshxona', 'кухонный', 'kitchen'), L('ofis', 'офисный', 'office')], priceSpread: 2.5 },
      { code: 'load', name: L('Maksimal yuk', 'Максимальная нагрузка', 'Max load'), values: [100, 120, 150], unit: UNIT.kg },
    ],
    colours: ['grey', 'beige', 'black', 'green'],
    about: L('Mustahkam karkas va yuviladigan qoplama; yigʻish 10 daqiqa.', 'Прочный каркас и моющаяся обивка; сборка за 10 минут.', 'A sturdy frame and washable upholstery; assembles in 10 minutes.'),
  },
  {
    key: 'table', category: 'tables', icon: 'table',
    noun: L('Stol', 'Стол', 'table'),
    lines: [['uyjoy', 'Dasturxon ##'], ['uyjoy', 'Jurnal ##'], ['english-home', 'Oak ##']],
    count: 10, price: [600_000, 4_500_000], weight: [12_000, 35_000], mxit: '09403600001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'size', name: L('Oʻlchami', 'Размер', 'Size'), values: [L('80×60 sm', '80×60 см', '80×60 cm'), L('120×75 sm', '120×75 см', '120×75 cm'), L('160×90 sm', '160×90 см', '160×90 cm')], inName: true, priceSpread: 2 },
      { code: 'material', name: MATERIAL, values: [L('LDSP', 'ЛДСП', 'chipboard'), L('yogʻoch', 'массив дерева', 'solid wood')], priceSpread: 1.6 },
    ],
    colours: ['white', 'brown', 'beige'],
    about: L('Butun oila yigʻiladigan dasturxon uchun; sirtiga issiq choynak qoʻysa ham iz qolmaydi.', 'Для семейного застолья; горячий чайник не оставит следа.', 'For the whole family at the table; a hot teapot leaves no mark.'),
  },
  {
    key: 'shelf', category: 'shelves', icon: 'shelving-unit',
    noun: L('Javon', 'Стеллаж', 'shelving unit'),
    lines: [['uyjoy', 'Kitob ##'], ['uyjoy', 'Loft ##']],
    count: 10, price: [400_000, 2_800_000], weight: [9000, 30_000], mxit: '09403300001', mxitUnit: '1501563', warrantyMonths: 12,
    specs: [
      { code: 'shelves', name: L('Tokchalar soni', 'Количество полок', 'Shelves'), values: [3, 4, 5], unit: UNIT.pcs, inName: true, priceSpread: 1.7 },
      { code: 'height', name: L('Balandligi', 'Высота', 'Height'), values: [120, 160, 180], unit: UNIT.cm },
    ],
    colours: ['white', 'black', 'brown'],
    about: L('Kitoblar, gullar va savatlar uchun; devorga mahkamlash moslamasi bilan.', 'Для книг, цветов и корзин; с креплением к стене.', 'For books, plants and baskets, with a wall fixing.'),
  },
  {
    key: 'shower', category: 'shower', icon: 'shower-head',
    noun: L('Dush toʻplami', 'Душевой гарнитур', 'shower set'),
    lines: [['uyjoy', 'Buloq ##'], ['xiaomi', 'Diiib ##'], ['gorenje', 'Aqua ##']],
    count: 10, price: [180_000, 1_600_000], weight: [700, 3000], mxit: '08481800001', mxitUnit: '1501563', warrantyMonths: 24,
    specs: [
      { code: 'modes', name: L('Rejimlar soni', 'Количество режимов', 'Spray modes'), values: [1, 3, 5], unit: UNIT.pcs, inName: true, priceSpread: 1.8 },
      { code: 'hose', name: L('Shlang uzunligi', 'Длина шланга', 'Hose length'), values: [150, 175], unit: UNIT.cm },
    ],
    colours: ['silver', 'black', 'gold'],
    about: L('Suvni tejaydigan purkagich va ohakka qarshi soplolar.', 'Экономящая воду лейка и сопла с защитой от накипи.', 'A water-saving head with anti-limescale nozzles.'),
  },
  {
    key: 'bathmat', category: 'bath-accessories', icon: 'soap-dispenser-droplet',
    noun: L('Hammom gilamchasi', 'Коврик для ванной', 'bath mat'),
    lines: [['english-home', 'Cloud ##'], ['uyjoy', 'Hovuz ##']],
    count: 10, price: [60_000, 320_000], weight: [400, 1500], mxit: '05703200001', mxitUnit: '1501563', warrantyMonths: 0,
    specs: [
      { code: 'size', name: L('Oʻlchami', 'Размер', 'Size'), values: [L('50×80 sm', '50×80 см', '50×80 cm'), L('60×100 sm', '60×100 см', '60×100 cm')], inName: true, priceSpread: 1.4 },
      { code: 'base', name: L('Asosi', 'Основа', 'Backing'), values: [L('sirpanmaydigan', 'противоскользящая', 'non-slip')] },
    ],
    colours: ['white', 'grey', 'blue', 'beige'],
    about: L('Sirpanmaydigan asos va tez quriydigan tuklar.', 'Противоскользящая основа и быстро сохнущий ворс.', 'A non-slip backing and a quick-drying pile.'),
  },
  {
    key: 'container', category: 'food-containers', icon: 'container',
    noun: L('Oziq-ovqat idishlari toʻplami', 'Набор контейнеров', 'food container set'),
    lines: [['pyrex', 'Cook&Freeze ##'], ['luminarc', 'Pure Box ##'], ['fissman', 'Fresh ##'], ['uyjoy', 'Saqla ##']],
    count: 12, price: [70_000, 550_000], weight: [600, 3000], mxit: '03924100001', mxitUnit: '1500845', warrantyMonths: 0,
    specs: [
      { code: 'pieces', name: PIECES, values: [3, 5, 7], unit: UNIT.pcs, inName: true, priceSpread: 2 },
      { code: 'material', name: MATERIAL, values: [L('issiqqa chidamli shisha', 'жаропрочное стекло', 'heat-resistant glass'), L('oziq-ovqat plastigi', 'пищевой пластик', 'food-grade plastic')] },
    ],
    about: L('Germetik qopqoq hidni oʻtkazmaydi; pech va muzlatgichda ishlatsa boʻladi.', 'Герметичная крышка не пропускает запахи; можно в духовку и морозилку.', 'The airtight lid keeps smells in; oven and freezer safe.'),
  },
  {
    key: 'box', category: 'storage-boxes', icon: 'package',
    noun: L('Saqlash qutisi', 'Коробка для хранения', 'storage box'),
    lines: [['uyjoy', 'Tartib ##'], ['english-home', 'Home Box ##'], ['fissman', 'Store ##']],
    count: 10, price: [40_000, 260_000], weight: [300, 1800], mxit: '03923100001', mxitUnit: '1501563', warrantyMonths: 0,
    specs: [
      { code: 'volume', name: L('Hajmi', 'Объём', 'Volume'), values: [10, 20, 35, 50], unit: UNIT.l, inName: true, priceSpread: 2 },
      { code: 'lid', name: L('Qopqoq', 'Крышка', 'Lid'), values: [L('bor', 'есть', 'yes')] },
    ],
    colours: ['white', 'grey', 'beige'],
    about: L('Mavsumiy kiyim va oʻyinchoqlarni tartibli saqlaydi; bir-birining ustiga qoʻyiladi.', 'Порядок для сезонной одежды и игрушек; ставятся друг на друга.', 'Keeps seasonal clothes and toys tidy; they stack.'),
  },
];
