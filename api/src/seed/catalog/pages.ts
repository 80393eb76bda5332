import type { SeedPage } from './types.js';
import { L } from './vocabulary.js';

const p = (...parts: string[]): string => parts.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('\n');
const ol = (...items: string[]): string => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
const ul = (...items: string[]): string => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/** The shop's contacts, as tappable links (the footer shows the same number and Telegram). */
const PHONE = '<a href="tel:+998712000000">+998 71 200 00 00</a>';
const TELEGRAM = '<a href="https://t.me/bozor_uz">@bozor_uz</a>';
const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`;

/**
 * The information pages. Delivery fees and store addresses are not repeated here: they live in the
 * delivery settings and the store list, so the pages point there instead of going stale.
 */
export const pages: SeedPage[] = [
  {
    slug: 'about',
    title: L('Biz haqimizda', 'О нас', 'About us'),
    body: L(
      p('Bozor — Toshkentdagi uy-roʻzgʻor buyumlari doʻkonlari tarmogʻi. Biz 2012-yildan beri oilalarga oshxona texnikasi, idish-tovoq, tekstil va uy uchun kerakli hamma narsani sotamiz.',
        'Bizda Artel, Samsung, Tefal, Philips, Bosch va boshqa brendlarning rasmiy kafolatli mahsulotlari bor. Uchta doʻkonimizda mahsulotni koʻrib, ushlab tanlashingiz, saytda esa uyingizdan turib buyurtma berishingiz mumkin.',
        'Bizning maqsadimiz — halol narx, tez yetkazib berish va xarid qilgandan keyin ham yordam.'),
      p('Bozor — сеть магазинов товаров для дома в Ташкенте. С 2012 года мы продаём семьям кухонную технику, посуду, текстиль и всё необходимое для дома.',
        'У нас товары Artel, Samsung, Tefal, Philips, Bosch и других брендов с официальной гарантией. В трёх наших магазинах товар можно посмотреть и потрогать, а на сайте — заказать не выходя из дома.',
        'Наша цель — честная цена, быстрая доставка и помощь после покупки.'),
      p('Bozor is a chain of household-goods stores in Tashkent. Since 2012 we have been selling families kitchen appliances, cookware, textiles and everything else a home needs.',
        'We sell Artel, Samsung, Tefal, Philips, Bosch and other brands with an official warranty. See and touch the goods in our three stores, or order on the site without leaving home.',
        'Our aim: an honest price, fast delivery and help after you buy.')),
  },
  {
    slug: 'contacts',
    title: L('Aloqa', 'Контакты', 'Contacts'),
    body: L(
      p(ul(`Telefon: ${PHONE} (har kuni 9:00 dan 21:00 gacha)`, `Telegram: ${TELEGRAM}`, `Elektron pochta: ${mail('info@bozor.uz')}`),
        `Doʻkonlarimiz manzillari va ish vaqti «Doʻkonlarimiz» sahifasida. Yuridik shaxslar uchun ulgurji narxlar va hisob-faktura boʻyicha: ${mail('b2b@bozor.uz')}.`),
      p(ul(`Телефон: ${PHONE} (ежедневно с 9:00 до 21:00)`, `Telegram: ${TELEGRAM}`, `Эл. почта: ${mail('info@bozor.uz')}`),
        `Адреса и часы работы магазинов — на странице «Наши магазины». Для юридических лиц — оптовые цены и счёт-фактура: ${mail('b2b@bozor.uz')}.`),
      p(ul(`Phone: ${PHONE} (daily, 9:00 to 21:00)`, `Telegram: ${TELEGRAM}`, `Email: ${mail('info@bozor.uz')}`),
        `Store addresses and opening hours are on the Our stores page. Businesses — wholesale prices and invoices: ${mail('b2b@bozor.uz')}.`)),
  },
  {
    slug: 'delivery',
    title: L('Yetkazib berish', 'Доставка', 'Delivery'),
    body: L(
      p('Toshkent shahri boʻylab 1–2 kunda, viloyatlarga hududga qarab 2–6 kunda yetkazamiz: mahsulot sahifasi va rasmiylashtirish sizning hududingiz uchun sanalarni koʻrsatadi. Yetkazib berish narxi hudud va ogʻirlikka bogʻliq; u va bepul yetkazib berish chegarasi buyurtmani rasmiylashtirishda koʻrsatiladi.',
        ul('Kuryer orqali — uyingiz eshigigacha; yirik texnikani kvartiraga koʻtarib beramiz.', 'Ekspress yetkazib berish — kuryer ilovasida narxlanadi, 2–3 soat ichida.', 'Doʻkondan olib ketish — bepul, buyurtma tayyor boʻlgach SMS keladi.'),
        'Qabul qilayotganda mahsulotni kuryer oldida tekshiring.'),
      p('По Ташкенту доставляем за 1–2 дня, в регионы — за 2–6 дней в зависимости от региона: даты для вашего региона показывают страница товара и оформление заказа. Стоимость доставки зависит от региона и веса; она и порог бесплатной доставки показываются при оформлении заказа.',
        ul('Курьером — до двери; крупную технику поднимаем в квартиру.', 'Экспресс-доставка — цена в приложении курьерской службы, за 2–3 часа.', 'Самовывоз из магазина — бесплатно, SMS придёт, когда заказ будет готов.'),
        'При получении проверьте товар при курьере.'),
      p('We deliver in Tashkent city in 1–2 days and to the regions in 2–6 days, depending on the region: the product page and the checkout show the dates for yours. The fee depends on the region and weight; it and the free-delivery threshold are shown at checkout.',
        ul('By courier — to your door; we carry large appliances up to the flat.', 'Express delivery — priced in the courier app, within 2–3 hours.', 'Store pickup — free; you get an SMS when the order is ready.'),
        'Check the goods in front of the courier when you receive them.')),
  },
  {
    slug: 'how-to-buy',
    title: L('Qanday xarid qilish', 'Как купить', 'How to buy'),
    body: L(
      // The buttons by the names the shop shows (mf-catalog, mf-cart, mf-checkout, mf-account texts).
      p(ol('Mahsulotni katalogdan yoki qidiruvdan toping.', '«Sotib olish» tugmasini bosing — mahsulot savatga tushadi. Tezroq: mahsulot sahifasida «1 klikda sotib olish».', 'Savatda «Rasmiylashtirishga oʻtish» tugmasini bosing. Telefon raqamingizni kiriting va «Kodni olish»ni bosing — SMS orqali 5 xonali kod keladi.', 'Yetkazib berish usuli va manzilni tanlang, «Toʻlovga oʻtish»ni bosing.', '«Karta orqali», «Payme orqali», «Click orqali» yoki «Qabul qilishda toʻlash»ni tanlab, «Buyurtma berish»ni bosing. Payme yoki Click bilan ularning sahifasida toʻlaysiz va buyurtmaga qaytasiz.'),
        'Buyurtma holatini «Mening buyurtmalarim» boʻlimida kuzatib boring.'),
      p(ol('Найдите товар в каталоге или через поиск.', 'Нажмите «Купить» — товар попадёт в корзину. Быстрее: на странице товара «Купить в 1 клик».', 'В корзине нажмите «Перейти к оформлению». Введите номер телефона и нажмите «Получить код» — придёт SMS с 5-значным кодом.', 'Выберите способ доставки и адрес, нажмите «Перейти к оплате».', 'Выберите «Картой», «Через Payme», «Через Click» или «Оплата при получении» и нажмите «Оформить заказ». С Payme или Click вы платите на их странице и возвращаетесь к заказу.'),
        'Статус заказа смотрите в разделе «Мои заказы».'),
      p(ol('Find the product in the catalogue or with search.', 'Press "Buy": the product goes into the cart. Quicker: "Buy in 1 click" on the product page.', 'In the cart, press "Go to checkout". Type your phone number and press "Get the code": an SMS brings a 5-digit code.', 'Choose the delivery method and address, then "Continue to payment".', 'Choose "Card", "Pay with Payme", "Pay with Click" or "Pay on receipt" and press "Place the order". With Payme or Click you pay on their page and come back to the order.'),
        'Follow the order status under "My orders".')),
  },
  {
    slug: 'return',
    title: L('Qaytarish va almashtirish', 'Возврат и обмен', 'Returns and exchanges'),
    body: L(
      p('«Isteʼmolchilarning huquqlarini himoya qilish toʻgʻrisida»gi qonunga muvofiq, sifatli nooziq-ovqat mahsulotini 10 kun ichida qaytarish yoki almashtirish mumkin, agar u ishlatilmagan, qadogʻi va yorligʻi saqlangan boʻlsa.',
        'Nuqsonli mahsulot kafolat muddati ichida almashtiriladi, taʼmirlanadi yoki pul qaytariladi. Murakkab texnika uchun servis markazi xulosasi kerak boʻlishi mumkin.',
        ul('Chek yoki buyurtma raqamini saqlang.', 'Doʻkonga keling yoki +998 71 200 00 00 ga qoʻngʻiroq qiling.', 'Pul toʻlov qilingan usul bilan 10 ish kuni ichida qaytariladi.')),
      p('По закону «О защите прав потребителей» качественный непродовольственный товар можно вернуть или обменять в течение 10 дней, если он не был в употреблении и сохранены упаковка и ярлыки.',
        'Товар с недостатком в гарантийный срок заменяем, ремонтируем или возвращаем деньги. Для сложной техники может понадобиться заключение сервисного центра.',
        ul('Сохраните чек или номер заказа.', 'Приходите в магазин или звоните +998 71 200 00 00.', 'Деньги возвращаются тем же способом, которым вы платили, в течение 10 рабочих дней.')),
      p('Under the Consumer Rights Protection Law, non-food goods of proper quality can be returned or exchanged within 10 days if unused, with the packaging and labels intact.',
        'A faulty item within its warranty is replaced, repaired or refunded. Complex appliances may need a service-centre report.',
        ul('Keep the receipt or the order number.', 'Visit a store or call +998 71 200 00 00.', 'Refunds go back the way you paid, within 10 working days.'))),
  },
  {
    slug: 'public-offer',
    title: L('Ommaviy oferta', 'Публичная оферта', 'Public offer'),
    body: L(
      p('<h2>1. Umumiy qoidalar</h2>', 'Ushbu hujjat «Bozor» MChJ (keyingi oʻrinlarda — Sotuvchi) tomonidan bozor.uz saytida mahsulot sotish boʻyicha ommaviy oferta hisoblanadi. Buyurtma berish ofertani toʻliq qabul qilishni bildiradi.',
        '<h2>2. Narx va toʻlov</h2>', 'Narxlar soʻmda, QQS bilan koʻrsatilgan. Toʻlov karta orqali onlayn yoki qabul qilganda amalga oshiriladi. Har bir toʻlov uchun elektron fiskal chek beriladi.',
        '<h2>3. Yetkazib berish</h2>', 'Yetkazib berish muddati va narxi buyurtmani rasmiylashtirishda koʻrsatiladi.',
        '<h2>4. Qaytarish</h2>', 'Qaytarish «Qaytarish va almashtirish» sahifasidagi shartlar asosida amalga oshiriladi.',
        '<h2>5. Shaxsiy maʼlumotlar</h2>', 'Sotuvchi xaridorning telefon raqami va manzilini faqat buyurtmani bajarish uchun ishlatadi va uchinchi shaxslarga bermaydi.'),
      p('<h2>1. Общие положения</h2>', 'Настоящий документ — публичная оферта ООО «Bozor» (далее — Продавец) о продаже товаров на сайте bozor.uz. Оформление заказа означает полное принятие оферты.',
        '<h2>2. Цена и оплата</h2>', 'Цены указаны в сумах с учётом НДС. Оплата — картой онлайн или при получении. На каждый платёж выдаётся электронный фискальный чек.',
        '<h2>3. Доставка</h2>', 'Срок и стоимость доставки указываются при оформлении заказа.',
        '<h2>4. Возврат</h2>', 'Возврат — на условиях страницы «Возврат и обмен».',
        '<h2>5. Персональные данные</h2>', 'Продавец использует телефон и адрес покупателя только для выполнения заказа и не передаёт их третьим лицам.'),
      p('<h2>1. General</h2>', 'This document is the public offer of Bozor LLC (the Seller) for the sale of goods on bozor.uz. Placing an order means accepting this offer in full.',
        '<h2>2. Price and payment</h2>', 'Prices are in so\'m and include VAT. Payment is by card online or on receipt. An electronic fiscal receipt is issued for every payment.',
        '<h2>3. Delivery</h2>', 'The delivery time and fee are shown at checkout.',
        '<h2>4. Returns</h2>', 'Returns follow the terms of the Returns and exchanges page.',
        '<h2>5. Personal data</h2>', 'The Seller uses the buyer\'s phone number and address only to fulfil the order and does not pass them to third parties.')),
  },
];
