import type { Localized, SeedBlog } from './types.js';
import { L } from './vocabulary.js';

interface Article {
  slug: string;
  icon: string;
  color: string;
  date: string;
  title: Localized;
  excerpt: Localized;
  body: Localized;
}

const p = (...paragraphs: string[]): string => paragraphs.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('\n');
const ul = (...items: string[]): string => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

const articles: Article[] = [
  {
    slug: 'how-to-descale-a-kettle', icon: 'coffee', color: '#E4572E', date: '2026-10-20',
    title: L('Choynakdagi quyqani qanday tozalash mumkin', 'Как убрать накипь в чайнике', 'How to descale a kettle'),
    excerpt: L('Toshkent suvi qattiq — quyqa tez paydo boʻladi. Uni limon kislotasi bilan 20 daqiqada tozalaymiz.',
      'Ташкентская вода жёсткая, и накипь появляется быстро. Убираем её лимонной кислотой за 20 минут.',
      'Tashkent tap water is hard and scale builds up fast. Here is how to clear it with citric acid in 20 minutes.'),
    body: L(
      p('Quyqa choynakning ichki devorida oq qatlam boʻlib yigʻiladi: suv sekinroq qaynaydi, elektr koʻproq sarflanadi, choy taʼmi oʻzgaradi.',
        '<h2>Limon kislotasi bilan</h2>',
        ul('Choynakka 1 litr suv quying va 1–2 osh qoshiq limon kislotasini soling.', 'Suvni qaynating va 15–20 daqiqa qoldiring.', 'Suvni toʻkib, choynakni ikki marta toza suv bilan qaynatib chaying.'),
        'Quyqa juda qalin boʻlsa, jarayonni takrorlang. Sirka ham yordam beradi, lekin hidi uzoq ketmaydi.',
        'Har 2–3 haftada bir marta tozalasangiz, qizdirish elementi uzoq xizmat qiladi. Filtrlangan suv quyqani ancha kamaytiradi.'),
      p('Накипь оседает белым слоем на стенках чайника: вода закипает дольше, расходуется больше электричества, а вкус чая портится.',
        '<h2>Лимонной кислотой</h2>',
        ul('Налейте в чайник 1 литр воды и добавьте 1–2 столовые ложки лимонной кислоты.', 'Вскипятите и оставьте на 15–20 минут.', 'Слейте воду и дважды вскипятите чистую воду, чтобы промыть чайник.'),
        'Если налёт толстый, повторите. Уксус тоже помогает, но запах выветривается долго.',
        'Чистка раз в 2–3 недели продлевает жизнь нагревательному элементу. Фильтрованная вода заметно уменьшает накипь.'),
      p('Scale settles as a white layer inside the kettle: the water takes longer to boil, you use more electricity and the tea tastes flat.',
        '<h2>With citric acid</h2>',
        ul('Pour 1 litre of water into the kettle and add 1–2 tablespoons of citric acid.', 'Bring it to the boil and leave it for 15–20 minutes.', 'Pour it away and boil clean water twice to rinse.'),
        'If the scale is thick, repeat. Vinegar works too, but the smell lingers.',
        'Descaling every 2–3 weeks makes the heating element last longer, and filtered water cuts scale a lot.')),
  },
  {
    slug: 'choosing-an-air-conditioner', icon: 'snowflake', color: '#4EA5D9', date: '2026-05-12',
    title: L('Konditsionerni qanday tanlash kerak', 'Как выбрать кондиционер', 'How to choose an air conditioner'),
    excerpt: L('Xona maydoni, invertor va shovqin darajasi — yozgi issiqdan oldin bilishingiz kerak boʻlgan uch narsa.',
      'Площадь комнаты, инвертор и уровень шума — три вещи, которые стоит знать до жары.',
      'Room size, inverter and noise level — three things to know before the summer heat.'),
    body: L(
      p('<h2>Quvvatni maydonga qarab tanlang</h2>',
        ul('9000 BTU — 25 m² gacha', '12 000 BTU — 35 m² gacha', '18 000 BTU — 50 m² gacha', '24 000 BTU — 70 m² gacha'),
        'Quyosh tushadigan yoki oxirgi qavatdagi xona uchun bir pogʻona kuchliroq modelni oling.',
        '<h2>Invertor nima beradi</h2>',
        'Invertorli konditsioner oʻchib-yonmaydi, tezligini silliq oʻzgartiradi: 30–40 % elektr tejaladi va harorat bir xil turadi. Qishda isitish uchun ham qulay.',
        'Oʻrnatishni mutaxassisga topshiring: notoʻgʻri oʻrnatish kafolatni bekor qiladi.'),
      p('<h2>Мощность — по площади</h2>',
        ul('9000 BTU — до 25 м²', '12 000 BTU — до 35 м²', '18 000 BTU — до 50 м²', '24 000 BTU — до 70 м²'),
        'Для солнечной комнаты или последнего этажа берите модель на ступень мощнее.',
        '<h2>Что даёт инвертор</h2>',
        'Инверторный кондиционер не включается и выключается рывками, а плавно меняет скорость: экономия электроэнергии 30–40 % и ровная температура. Зимой им удобно обогреваться.',
        'Доверьте установку мастеру: неправильный монтаж лишает гарантии.'),
      p('<h2>Match the power to the room</h2>',
        ul('9,000 BTU — up to 25 m²', '12,000 BTU — up to 35 m²', '18,000 BTU — up to 50 m²', '24,000 BTU — up to 70 m²'),
        'For a sunny room or a top floor, go one step up.',
        '<h2>What an inverter gives you</h2>',
        'An inverter unit does not cycle on and off; it changes speed smoothly, saving 30–40% of the electricity and keeping the temperature steady. It heats well in winter too.',
        'Have it installed by a professional: a wrong installation voids the warranty.')),
  },
  {
    slug: 'perfect-plov-kazan', icon: 'cooking-pot', color: '#5B8C5A', date: '2026-09-02',
    title: L('Palov uchun qozon: choʻyanmi yoki alyuminiy?', 'Казан для плова: чугун или алюминий?', 'A kazan for plov: cast iron or aluminium?'),
    excerpt: L('Haqiqiy palov qalin devorli qozonni yaxshi koʻradi. Qaysi birini tanlash va qanday parvarish qilishni aytamiz.',
      'Настоящий плов любит толстостенный казан. Рассказываем, какой выбрать и как за ним ухаживать.',
      'Real plov loves a thick-walled kazan. Here is which to choose and how to care for it.'),
    body: L(
      p('Choʻyan qozon issiqni sekin oladi, lekin uzoq va bir tekis saqlaydi — zirvak kuymaydi, guruch ochilib pishadi. Alyuminiy yengil va tez qiziydi, lekin olovni kamaytirishni unutmang.',
        '<h2>Yangi choʻyan qozonni tayyorlash</h2>',
        ul('Issiq suv va sovun bilan yuving, quriting.', 'Ichini oʻsimlik yogʻi bilan surting va 30 daqiqa qizdiring.', 'Yogʻni toʻkib, sovushini kuting — endi qozon yopishmaydi.'),
        '5 kishilik palov uchun 8 litrli, oila bayrami uchun 12 litrli qozon qulay.'),
      p('Чугунный казан нагревается медленно, но долго и ровно держит тепло — зирвак не пригорает, рис получается рассыпчатым. Алюминиевый лёгкий и быстро греется, только не забывайте убавлять огонь.',
        '<h2>Как подготовить новый чугунный казан</h2>',
        ul('Вымойте горячей водой с мылом и просушите.', 'Смажьте изнутри растительным маслом и прокалите 30 минут.', 'Слейте масло и дайте остыть — теперь казан не пригорает.'),
        'Для плова на 5 человек удобен казан на 8 литров, для семейного торжества — на 12.'),
      p('Cast iron heats slowly but holds the heat long and evenly, so the zirvak does not burn and the rice cooks fluffy. Aluminium is light and heats fast — just remember to turn the flame down.',
        '<h2>Seasoning a new cast-iron kazan</h2>',
        ul('Wash it with hot soapy water and dry it.', 'Rub the inside with vegetable oil and heat it for 30 minutes.', 'Pour off the oil and let it cool — now nothing will stick.'),
        'An 8-litre kazan suits plov for five; take 12 litres for a family celebration.')),
  },
  {
    slug: 'fridge-storage-guide', icon: 'refrigerator', color: '#2E86AB', date: '2026-07-18',
    title: L('Muzlatgichda mahsulotlarni toʻgʻri saqlash', 'Как правильно хранить продукты в холодильнике', 'Storing food in the fridge the right way'),
    excerpt: L('Har bir tokchaning oʻz harorati bor. Toʻgʻri joylashtirsangiz, mahsulot uzoq saqlanadi.',
      'У каждой полки своя температура. Разложите продукты правильно — и они дольше останутся свежими.',
      'Every shelf has its own temperature. Put things in the right place and they stay fresh longer.'),
    body: L(
      p(ul('Yuqori tokcha: tayyor taomlar va pishloq.', 'Oʻrta tokcha: sut mahsulotlari va tuxum.', 'Pastki tokcha — eng sovuq joy: goʻsht va baliq.', 'Tortmalar: sabzavot va mevalar.', 'Eshik: ichimliklar va souslar — u yerda harorat eng koʻp oʻzgaradi.'),
        'Issiq ovqatni muzlatgichga qoʻymang — avval xona haroratigacha sovuting. Eng yaxshi harorat +3…+5 °C, muzlatkichda −18 °C.',
        'No Frost tizimi muz qatlamini yigʻmaydi, lekin mahsulotlarni yopiq idishda saqlang — aks holda ular quriydi.'),
      p(ul('Верхняя полка: готовые блюда и сыр.', 'Средняя полка: молочные продукты и яйца.', 'Нижняя полка — самая холодная: мясо и рыба.', 'Ящики: овощи и фрукты.', 'Дверца: напитки и соусы — там температура меняется сильнее всего.'),
        'Не ставьте горячее в холодильник — сначала остудите до комнатной температуры. Лучшая температура +3…+5 °C, в морозилке −18 °C.',
        'Система No Frost не даёт нарастать льду, но храните продукты в закрытых контейнерах, иначе они заветрятся.'),
      p(ul('Top shelf: ready meals and cheese.', 'Middle shelf: dairy and eggs.', 'Bottom shelf — the coldest: meat and fish.', 'Drawers: vegetables and fruit.', 'Door: drinks and sauces — the temperature swings most there.'),
        'Do not put hot food in the fridge; let it cool to room temperature first. Aim for +3…+5 °C, and −18 °C in the freezer.',
        'No Frost stops ice from building up, but keep food in closed containers or it dries out.')),
  },
  {
    slug: 'spring-cleaning-checklist', icon: 'spray-can', color: '#3BB273', date: '2026-03-10',
    title: L('Navroʻz oldidan bahorgi tozalash roʻyxati', 'Весенняя уборка к Навруз: чек-лист', 'A spring-cleaning checklist before Navruz'),
    excerpt: L('Uyni bir hafta ichida bosqichma-bosqich tozalash rejasi.', 'План генеральной уборки по шагам за неделю.', 'A step-by-step plan to clean the whole home in a week.'),
    body: L(
      p('Navroʻzda uy toza va yorugʻ boʻlishi kerak. Ishni kunlarga boʻling — charchamaysiz.',
        ul('1-kun: derazalar va pardalar — pardalarni 30 °C da yuving.', '2-kun: gilamlar — changyutgich bilan ikki tomondan tozalang.', '3-kun: oshxona — plita, pech va muzlatgich.', '4-kun: hammom — ohak qoldiqlarini limon kislotasi bilan.', '5-kun: shkaflar — qishki kiyimlarni saqlash qutilariga joylang.'),
        'Bugʻli shvabra polni kimyoviy vositasiz dezinfeksiya qiladi — kichik bolali uylar uchun qulay.'),
      p('К Наврузу дом должен быть чистым и светлым. Разбейте работу по дням — и не устанете.',
        ul('День 1: окна и шторы — стирайте шторы при 30 °C.', 'День 2: ковры — пропылесосьте с обеих сторон.', 'День 3: кухня — плита, духовка и холодильник.', 'День 4: ванная — известковый налёт лимонной кислотой.', 'День 5: шкафы — уберите зимние вещи в коробки для хранения.'),
        'Паровая швабра дезинфицирует пол без химии — удобно, если в доме маленькие дети.'),
      p('For Navruz the home should be clean and bright. Split the work over several days and you will not wear yourself out.',
        ul('Day 1: windows and curtains — wash curtains at 30 °C.', 'Day 2: carpets — vacuum both sides.', 'Day 3: kitchen — hob, oven and fridge.', 'Day 4: bathroom — limescale with citric acid.', 'Day 5: wardrobes — pack winter clothes into storage boxes.'),
        'A steam mop disinfects floors without chemicals — handy in a home with small children.')),
  },
  {
    slug: 'save-electricity-at-home', icon: 'lightbulb', color: '#F4D35E', date: '2026-01-25',
    title: L('Uyda elektr energiyasini qanday tejash mumkin', 'Как экономить электроэнергию дома', 'How to save electricity at home'),
    excerpt: L('LED lampochkalar, invertor texnika va bir nechta odat oylik toʻlovni sezilarli kamaytiradi.',
      'Светодиодные лампы, инверторная техника и пара привычек заметно снижают счёт за свет.',
      'LED bulbs, inverter appliances and a few habits cut the monthly bill noticeably.'),
    body: L(
      p(ul('Oddiy lampochkalarni LED ga almashtiring — 8 baravar kam sarf.', 'Kir yuvish mashinasini toʻliq yuklang va 30–40 °C rejimini tanlang.', 'Muzlatgichni plita va radiatordan uzoqroq qoʻying.', 'Choynakka faqat kerakli miqdorda suv quying.', 'Konditsionerni 24–26 °C ga qoʻying: har bir daraja 5–7 % tejaydi.'),
        'Yangi texnika tanlaganda energiya sinfiga qarang: A++ muzlatgich A sinfidagiga qaraganda yiliga 150 kVt·soat kam sarflaydi.'),
      p(ul('Замените лампы накаливания на светодиодные — расход в 8 раз меньше.', 'Загружайте стиральную машину полностью и выбирайте 30–40 °C.', 'Ставьте холодильник подальше от плиты и батареи.', 'Наливайте в чайник столько воды, сколько нужно.', 'Ставьте кондиционер на 24–26 °C: каждый градус экономит 5–7 %.'),
        'Выбирая новую технику, смотрите на класс энергопотребления: холодильник A++ тратит в год на 150 кВт·ч меньше, чем класса A.'),
      p(ul('Swap incandescent bulbs for LEDs — eight times less power.', 'Run the washing machine full and choose 30–40 °C.', 'Keep the fridge away from the hob and the radiator.', 'Boil only as much water as you need.', 'Set the air conditioner to 24–26 °C: each degree saves 5–7%.'),
        'When buying a new appliance, check the energy class: an A++ fridge uses 150 kWh a year less than an A-class one.')),
  },
];

/** Household-advice articles of the demo shop's blog. */
export const blogs: SeedBlog[] = articles.map((a) => ({
  slug: a.slug,
  title: a.title,
  excerpt: a.excerpt,
  body: a.body,
  cover: { file: `catalog/blog/${a.slug}.webp`, icon: a.icon, background: a.color, caption: '' },
  publishedAt: new Date(`${a.date}T09:00:00Z`),
}));
