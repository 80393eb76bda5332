import { type Lang, type Localized } from './lang.js';

/**
 * Every error message a client can see, by error code, in uz/ru/en.
 * `{name}` placeholders are filled from the error's params.
 */
export const messages = {
  BAD_REQUEST: {
    uz: 'Soʻrov notoʻgʻri tuzilgan.',
    ru: 'Некорректный запрос.',
    en: 'The request is malformed.',
  },
  VALIDATION_FAILED: {
    uz: 'Maʼlumotlarni tekshiring.',
    ru: 'Проверьте введённые данные.',
    en: 'Please check the data you entered.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    uz: 'Bu maʼlumot turi qabul qilinmaydi.',
    ru: 'Этот тип данных не поддерживается.',
    en: 'This content type is not supported.',
  },
  PAYLOAD_TOO_LARGE: {
    uz: 'Yuborilgan maʼlumot juda katta.',
    ru: 'Слишком большой объём данных.',
    en: 'The request is too large.',
  },
  NOT_FOUND: {
    uz: 'Topilmadi.',
    ru: 'Не найдено.',
    en: 'Not found.',
  },
  ROUTE_NOT_FOUND: {
    uz: 'Bunday manzil yoʻq: {path}',
    ru: 'Такого адреса нет: {path}',
    en: 'No such endpoint: {path}',
  },
  UNAUTHENTICATED: {
    uz: 'Iltimos, tizimga kiring.',
    ru: 'Пожалуйста, войдите в систему.',
    en: 'Please sign in.',
  },
  FORBIDDEN: {
    uz: 'Bu amal uchun ruxsat yoʻq.',
    ru: 'Недостаточно прав для этого действия.',
    en: 'You are not allowed to do this.',
  },
  CSRF_REJECTED: {
    uz: 'Soʻrov boshqa saytdan yuborilgan va rad etildi.',
    ru: 'Запрос отправлен с другого сайта и отклонён.',
    en: 'The request came from another site and was refused.',
  },
  INVALID_API_KEY: {
    uz: 'API kaliti notoʻgʻri yoki yoʻq.',
    ru: 'Неверный или отсутствующий API-ключ.',
    en: 'The API key is missing or wrong.',
  },
  RATE_LIMITED: {
    uz: 'Juda koʻp urinish. {seconds} soniyadan keyin qayta urinib koʻring.',
    ru: 'Слишком много попыток. Повторите через {seconds} с.',
    en: 'Too many attempts. Try again in {seconds} s.',
  },
  OTP_RESEND_TOO_SOON: {
    uz: 'Kodni qayta yuborish uchun {seconds} soniya kuting.',
    ru: 'Повторно отправить код можно через {seconds} с.',
    en: 'You can request a new code in {seconds} s.',
  },
  CHALLENGE_REQUIRED: {
    uz: 'Yana bir kod yuborishdan oldin brauzeringiz qisqa tekshiruvdan oʻtishi kerak. Qayta urinib koʻring.',
    ru: 'Перед отправкой ещё одного кода браузер должен пройти короткую проверку. Повторите попытку.',
    en: 'Your browser has to pass a short check before another code is sent. Try again.',
  },
  OTP_INVALID: {
    uz: 'Kod notoʻgʻri.',
    ru: 'Неверный код.',
    en: 'The code is wrong.',
  },
  OTP_EXPIRED: {
    uz: 'Kodning muddati tugagan yoki u soʻralmagan. Yangi kod oling.',
    ru: 'Срок действия кода истёк или код не запрашивался. Запросите новый код.',
    en: 'The code has expired or was never requested. Request a new code.',
  },
  OTP_TOO_MANY_ATTEMPTS: {
    uz: 'Urinishlar soni tugadi. Yangi kod oling.',
    ru: 'Превышено число попыток. Запросите новый код.',
    en: 'Too many wrong tries. Request a new code.',
  },
  LEGAL_ENTITY_CONTACT_SUPPORT: {
    uz: 'Yuridik shaxslar uchun hisob ochish boʻyicha mijozlarni qoʻllab-quvvatlash xizmatiga murojaat qiling.',
    ru: 'Для регистрации юридического лица обратитесь в службу поддержки клиентов.',
    en: 'Legal entities: please contact customer support to open an account.',
  },
  ACCOUNT_TYPE_CONTACT_SUPPORT: {
    uz: 'Hisob turini oʻzgartirish uchun mijozlarni qoʻllab-quvvatlash xizmatiga murojaat qiling.',
    ru: 'Чтобы сменить тип аккаунта, обратитесь в службу поддержки клиентов.',
    en: 'To change the account type, please contact customer support.',
  },
  SMS_UNAVAILABLE: {
    uz: 'SMS yuborib boʻlmadi. Birozdan keyin qayta urinib koʻring.',
    ru: 'Не удалось отправить SMS. Попробуйте чуть позже.',
    en: 'We could not send the SMS. Please try again shortly.',
  },
  PHOTO_INVALID: {
    uz: 'Rasm JPEG, PNG yoki WebP formatida boʻlishi kerak.',
    ru: 'Фото должно быть в формате JPEG, PNG или WebP.',
    en: 'The photo must be a JPEG, PNG or WebP image.',
  },
  PHOTO_TOO_LARGE: {
    uz: 'Rasm juda katta: 5 MB va 40 megapikselgacha boʻlishi kerak.',
    ru: 'Фото слишком большое: до 5 МБ и 40 мегапикселей.',
    en: 'The photo is too large: at most 5 MB and 40 megapixels.',
  },
  PHOTO_REQUIRED: {
    uz: '«photo» maydonida rasm yuboring.',
    ru: 'Отправьте изображение в поле «photo».',
    en: 'Send an image in the "photo" field.',
  },
  CARD_NOT_FOUND: {
    uz: 'Karta topilmadi. Raqamini tekshiring yoki boshqa karta qoʻshing.',
    ru: 'Карта не найдена. Проверьте номер или добавьте другую карту.',
    en: 'Card not found. Check the number or add another card.',
  },
  CARD_EXPIRED: {
    uz: 'Kartaning amal qilish muddati tugagan yoki notoʻgʻri kiritilgan.',
    ru: 'Срок действия карты истёк или указан неверно.',
    en: 'The card has expired or the expiry date is wrong.',
  },
  CARD_INVALID: {
    uz: 'Karta raqami notoʻgʻri.',
    ru: 'Неверный номер карты.',
    en: 'The card number is not valid.',
  },
  CARD_CODE_INVALID: {
    uz: 'SMS-kod notoʻgʻri.',
    ru: 'Неверный код из SMS.',
    en: 'The SMS code is wrong.',
  },
  CARD_CODE_LOCKED: {
    uz: 'Kod 5 marta notoʻgʻri kiritildi. Kartani qaytadan qoʻshing.',
    ru: 'Код введён неверно 5 раз. Добавьте карту заново.',
    en: 'The code was wrong 5 times. Add the card again.',
  },
  CARD_CODE_EXPIRED: {
    uz: 'SMS-kodning muddati tugadi. Yangi kod soʻrang.',
    ru: 'Срок действия кода истёк. Запросите новый код.',
    en: 'The SMS code has expired. Request a new one.',
  },
  INSUFFICIENT_FUNDS: {
    uz: 'Kartada mablagʻ yetarli emas. Pul yechilmadi.',
    ru: 'На карте недостаточно средств. Деньги не списаны.',
    en: 'Insufficient funds on the card. The card was not charged.',
  },
  PAYMENT_DECLINED: {
    uz: 'Toʻlov rad etildi. Pul yechilmadi.',
    ru: 'Платёж отклонён. Деньги не списаны.',
    en: 'The payment was declined. The card was not charged.',
  },
  PAYMENT_UNAVAILABLE: {
    uz: 'Toʻlov tizimi vaqtincha ishlamayapti. Pul yechilmadi.',
    ru: 'Платёжная система временно недоступна. Деньги не списаны.',
    en: 'The payment service is unavailable right now. The card was not charged.',
  },
  PAYMENT_NOT_CONFIRMED: {
    uz: 'Toʻlov tasdiqlanmadi, buyurtma bekor qilindi. Kartadan pul yechilgan boʻlsa, u qaytariladi.',
    ru: 'Оплата не подтвердилась, заказ отменён. Если деньги были списаны с карты, они вернутся.',
    en: 'The payment was not confirmed, so the order was cancelled. If the card was charged, the money will be returned.',
  },
  PAYMENT_CHECKING: {
    uz: 'Toʻlov hali tekshirilmoqda. U aniqlangach, qayta urinib koʻring.',
    ru: 'Оплата ещё проверяется. Повторите, когда она прояснится.',
    en: 'The payment is still being checked. Try again once it is settled.',
  },
  PAYMENT_AWAITED: {
    uz: 'Buyurtma hali toʻlanmagan: xaridor uni Payme yoki Click sahifasida toʻlashi mumkin. Toʻlanmaguncha buyurtma kutadi; toʻlov muddati tugasa, u oʻzi bekor qilinadi va tovar omborga qaytadi.',
    ru: 'Заказ ещё не оплачен: покупатель может оплатить его на странице Payme или Click. До оплаты заказ ждёт; если срок оплаты истечёт, заказ отменится сам и товар вернётся на склад.',
    en: 'The order is not paid yet: the shopper may pay it on the Payme or Click page. Until it is paid the order waits; if the time to pay runs out, it is cancelled by itself and its stock returned.',
  },
  OUT_OF_STOCK: {
    uz: 'Baʼzi mahsulotlar yetarli emas: {items}. Savatni yangilang.',
    ru: 'Некоторых товаров недостаточно: {items}. Обновите корзину.',
    en: 'Some items are short of stock: {items}. Please update your cart.',
  },
  PRODUCT_UNAVAILABLE: {
    uz: 'Baʼzi mahsulotlar endi sotilmaydi. Savatni yangilang.',
    ru: 'Некоторые товары больше не продаются. Обновите корзину.',
    en: 'Some items are no longer sold. Please update your cart.',
  },
  IDEMPOTENCY_KEY_REQUIRED: {
    uz: 'Idempotency-Key sarlavhasi kerak.',
    ru: 'Нужен заголовок Idempotency-Key.',
    en: 'The Idempotency-Key header is required.',
  },
  IDEMPOTENCY_CONFLICT: {
    uz: 'Bu kalit boshqa buyurtma uchun ishlatilgan.',
    ru: 'Этот ключ уже использован для другого заказа.',
    en: 'This key was already used for a different order.',
  },
  TOO_MANY_OPEN_ORDERS: {
    uz: 'Toʻlanmagan buyurtmalar chegarasiga yetdingiz: {max} ta. Ulardan birini «Mening buyurtmalarim» boʻlimida («Hozir toʻlash» tugmasi) toʻlang yoki kuting: doʻkon toʻlanmagan buyurtmani zaxira muddati tugagach bekor qiladi (Payme va Click — {payment_hold}, tasdiqlanmagan qabul qilishda toʻlash — {cash_hold}). Qabul qilishda toʻlanadigan buyurtma uni olganingizdan keyin hisobga olinmaydi.',
    ru: 'Достигнут предел неоплаченных заказов: {max}. Оплатите один из них в разделе «Мои заказы» (кнопка «Оплатить сейчас») или подождите: магазин отменяет неоплаченный заказ, когда истекает срок резерва (Payme и Click — {payment_hold}, неподтверждённая оплата при получении — {cash_hold}). Заказ с оплатой при получении перестаёт учитываться, когда вы его получите.',
    en: 'You have reached the limit of {max} unpaid orders. Pay one of them in My orders (“Pay now”), or wait: the shop cancels an unpaid order when its hold runs out (Payme and Click: {payment_hold}; pay on receipt, not yet confirmed: {cash_hold}). An order paid on receipt stops counting once you receive it.',
  },
  QUANTITY_LIMIT: {
    uz: 'Bitta buyurtmada bir mahsulotdan koʻpi bilan {max} dona: {items}.',
    ru: 'В одном заказе не больше {max} шт. одного товара: {items}.',
    en: 'At most {max} of one item per order: {items}.',
  },
  HOLD_ALREADY_EXTENDED: {
    uz: 'Bu buyurtma uchun tovarlarni saqlash muddati allaqachon bir marta uzaytirilgan.',
    ru: 'Срок резерва этого заказа уже продлевали: продлить можно только один раз.',
    en: 'The hold of this order was already extended; it can be extended only once.',
  },
  NO_STOCK_HOLD: {
    uz: 'Bu buyurtmada muddatli zaxira yoʻq: u tasdiqlangan, bekor qilingan yoki naqd pulga emas.',
    ru: 'У этого заказа нет резерва со сроком: он подтверждён, отменён или оплачивается не наличными.',
    en: 'This order holds no stock with a time limit: it is confirmed, cancelled or not paid in cash.',
  },
  LABELS_CLOSED: {
    uz: 'Tovarlar doʻkondan chiqib ketgan yoki buyurtma yopilgan: markirovka kodlarini endi oʻzgartirib boʻlmaydi.',
    ru: 'Товары уже покинули магазин или заказ закрыт: коды маркировки больше нельзя изменить.',
    en: 'The goods have left the shop or the order is closed: its marking codes can no longer be changed.',
  },
  LABELS_ON_RECEIPT: {
    uz: 'Bu kodlar bilan fiskal chek Click orqali allaqachon yuborilgan: ularni endi oʻzgartirib boʻlmaydi.',
    ru: 'Фискальный чек с этими кодами уже отправлен через Click: изменить их нельзя.',
    en: 'The fiscal receipt with these codes has already been sent through Click: they can no longer be changed.',
  },
  LABELS_MISSING: {
    uz: 'Avval markirovka kodlarini skanerlang: {items}.',
    ru: 'Сначала отсканируйте коды маркировки: {items}.',
    en: 'Scan the marking codes first: {items}.',
  },
  ACCOUNT_BLOCKED: {
    uz: 'Hisobingiz bloklangan. Savollar boʻlsa, +998 71 200 00 00 raqamiga qoʻngʻiroq qiling.',
    ru: 'Ваш аккаунт заблокирован. По вопросам звоните +998 71 200 00 00.',
    en: 'Your account is blocked. For questions call +998 71 200 00 00.',
  },
  PICTURE_REQUIRED: {
    uz: '«picture» maydonida rasm yuboring (JPEG, PNG yoki WebP).',
    ru: 'Отправьте изображение в поле «picture» (JPEG, PNG или WebP).',
    en: 'Send an image in the "picture" field (JPEG, PNG or WebP).',
  },
  CATEGORY_HAS_PRODUCTS: {
    uz: '«{name}» toifasida {count} ta mahsulot bor. Avval ularni boshqa toifaga oʻtkazing.',
    ru: 'В категории «{name}» есть товары ({count}). Сначала перенесите их в другую категорию.',
    en: 'The category “{name}” has {count} products. Move them to another category first.',
  },
  REGION_HAS_ORDERS: {
    uz: '«{name}» hududiga {count} ta buyurtma yetkazilgan: ularda hudud nomi koʻrinib turishi kerak, shuning uchun uni oʻchirib boʻlmaydi. Uning oʻrniga yetkazib berishni toʻxtating: buyurtma berishda u taklif qilinmaydi.',
    ru: 'В регион «{name}» уже оформлено заказов: {count}. В них должно остаться его название, поэтому его нельзя удалить. Вместо этого остановите доставку туда: при оформлении заказа его не будет.',
    en: 'The region “{name}” has {count} orders, which must keep showing its name, so it cannot be deleted. Stop delivering there instead: the checkout will not offer it.',
  },
  REGION_IS_DEFAULT: {
    uz: '«{name}» — doʻkonning asosiy hududi (yetkazib berish muddati va narxi shu boʻyicha koʻrsatiladi), uni oʻchirib ham, yetkazib berishni toʻxtatib ham boʻlmaydi.',
    ru: '«{name}» — основной регион магазина (по нему показываются сроки и цена доставки), его нельзя ни удалить, ни отключить.',
    en: '“{name}” is the shop’s default region (delivery times and prices are shown for it), so it can be neither deleted nor switched off.',
  },
  CATEGORY_HAS_CHILDREN: {
    uz: '«{name}» toifasi ichida boshqa toifalar bor. Avval ularni koʻchiring yoki oʻchiring.',
    ru: 'В категории «{name}» есть подкатегории. Сначала перенесите или удалите их.',
    en: 'The category “{name}” has subcategories. Move or delete them first.',
  },
  STAFF_DISABLED: {
    uz: 'Bu xodim hisobi oʻchirilgan. Doʻkon egasiga murojaat qiling.',
    ru: 'Эта учётная запись сотрудника отключена. Обратитесь к владельцу магазина.',
    en: 'This staff account is disabled. Ask the shop owner.',
  },
  STAFF_EXISTS: {
    uz: 'Bu raqamli xodim allaqachon bor.',
    ru: 'Сотрудник с этим номером уже есть.',
    en: 'A staff member with this number already exists.',
  },
  LAST_OWNER: {
    uz: 'Oxirgi egani oʻchirib yoki uning rolini oʻzgartirib boʻlmaydi.',
    ru: 'Нельзя отключить последнего владельца или сменить его роль.',
    en: 'The last owner cannot be disabled or given another role.',
  },
  INVALID_TRANSITION: {
    uz: 'Buyurtmani «{from}» holatidan «{to}» holatiga oʻtkazib boʻlmaydi. Mumkin: {allowed}.',
    ru: 'Заказ нельзя перевести из «{from}» в «{to}». Можно: {allowed}.',
    en: 'The order cannot go from “{from}” to “{to}”. Allowed: {allowed}.',
  },
  VARIANT_IN_OPEN_ORDERS: {
    uz: '{sku} variantini olib tashlab boʻlmaydi: u hali yopilmagan buyurtmalarda bor ({count} ta). Ular yakunlangach yoki bekor qilingach olib tashlang.',
    ru: 'Вариант {sku} нельзя удалить: он есть в незакрытых заказах ({count}). Удалите его, когда они будут выполнены или отменены.',
    en: 'The variant {sku} cannot be removed: orders still under way hold it ({count}). Remove it once they are completed or cancelled.',
  },
  SKU_TAKEN: {
    uz: 'Bu SKU boshqa tovarda bor.',
    ru: 'Этот артикул (SKU) уже есть у другого товара.',
    en: 'Another product already has this SKU.',
  },
  SLUG_TAKEN: {
    uz: 'Bu manzil (slug) boshqa tovarda bor.',
    ru: 'Этот адрес (slug) уже занят другим товаром.',
    en: 'Another product already has this address (slug).',
  },
  STOCK_CHANGED: {
    uz: 'Qoldiq siz koʻrganingizdan keyin oʻzgardi (hozir {available} dona). Qayta tekshirib, yana kiriting.',
    ru: 'Остаток изменился после того, как вы его видели (сейчас {available} шт.). Проверьте и введите снова.',
    en: 'The stock changed since you saw it (now {available}). Check it and enter it again.',
  },
  STOCK_INSUFFICIENT: {
    uz: 'Doʻkonda buncha tovar yoʻq: {available} dona bor.',
    ru: 'В магазине нет столько товара: есть {available} шт.',
    en: 'The store does not have that many: {available} on hand.',
  },
  IMAGE_INVALID: {
    uz: 'Rasm JPEG, PNG yoki WebP boʻlishi kerak (10 MB gacha).',
    ru: 'Картинка должна быть JPEG, PNG или WebP (до 10 МБ).',
    en: 'The picture must be a JPEG, PNG or WebP (up to 10 MB).',
  },
  IMPORT_FILE_INVALID: {
    uz: 'Faylni oʻqib boʻlmadi: {reason}',
    ru: 'Не удалось прочитать файл: {reason}',
    en: 'The file could not be read: {reason}',
  },
  IMPORT_INVALID: {
    uz: 'Faylda {count} ta xato qator bor: hech narsa oʻzgartirilmadi.',
    ru: 'В файле {count} строк с ошибками: ничего не изменено.',
    en: 'The file has {count} bad rows: nothing was changed.',
  },
  IMPORT_STALE: {
    uz: 'Tekshiruvdan keyin katalog oʻzgardi. Faylni qayta tekshiring.',
    ru: 'Каталог изменился после проверки. Проверьте файл ещё раз.',
    en: 'The catalogue changed since the dry run. Run the dry run again.',
  },
  IMPORT_TIMED_OUT: {
    uz: 'Import {limit} soniyadan uzoq davom etdi va bekor qilindi: hech narsa oʻzgarmadi. Tinchroq vaqtda qayta urinib koʻring yoki faylni boʻlib yuboring.',
    ru: 'Импорт шёл дольше {limit} с и был отменён: ничего не изменено. Повторите в более спокойное время или разделите файл.',
    en: 'The import took longer than {limit} s and was undone: nothing changed. Try again in a quieter hour, or split the file.',
  },
  SERVICE_UNAVAILABLE: {
    uz: 'Xizmat vaqtincha ishlamayapti.',
    ru: 'Сервис временно недоступен.',
    en: 'The service is temporarily unavailable.',
  },
  INTERNAL: {
    uz: 'Serverda xatolik yuz berdi.',
    ru: 'Внутренняя ошибка сервера.',
    en: 'Internal Server Error',
  },
} satisfies Record<string, Localized>;

export type ErrorCode = keyof typeof messages;

/** Field-level validation texts, by key. */
export const fieldMessages = {
  required: { uz: 'Toʻldirish shart.', ru: 'Обязательное поле.', en: 'This field is required.' },
  invalid: { uz: 'Qiymat notoʻgʻri.', ru: 'Неверное значение.', en: 'This value is not valid.' },
  phone_invalid: {
    uz: 'Oʻzbekiston mobil raqamini kiriting: +998 XX XXX XX XX.',
    ru: 'Введите мобильный номер Узбекистана: +998 XX XXX XX XX.',
    en: 'Enter an Uzbek mobile number: +998 XX XXX XX XX.',
  },
  otp_format: { uz: 'Kod 5 ta raqamdan iborat.', ru: 'Код состоит из 5 цифр.', en: 'The code has 5 digits.' },
  too_long: { uz: 'Juda uzun.', ru: 'Слишком длинно.', en: 'Too long.' },
  // {max}/{min}: the schema's bound, filled in by fieldErrors
  at_most: { uz: 'Koʻpi bilan {max}.', ru: 'Не больше {max}.', en: 'At most {max}.' },
  at_least: { uz: 'Kamida {min}.', ru: 'Не меньше {min}.', en: 'At least {min}.' },
  too_many: { uz: 'Koʻpi bilan {max} ta.', ru: 'Не больше {max} шт.', en: 'At most {max} items.' },
  email_invalid: { uz: 'Email notoʻgʻri.', ru: 'Неверный email.', en: 'This email is not valid.' },
  date_invalid: {
    uz: 'Sanani YYYY-MM-DD koʻrinishida kiriting.',
    ru: 'Введите дату в формате ГГГГ-ММ-ДД.',
    en: 'Enter the date as YYYY-MM-DD.',
  },
  date_out_of_range: {
    uz: '1900-yildan bugungacha boʻlgan sanani kiriting.',
    ru: 'Укажите дату между 1900 годом и сегодняшним днём.',
    en: 'Enter a date between 1900 and today.',
  },
  card_number_invalid: {
    uz: 'Karta raqamini toʻliq va toʻgʻri kiriting (16 ta raqam).',
    ru: 'Введите номер карты полностью и без ошибок (16 цифр).',
    en: 'Enter the full card number correctly (16 digits).',
  },
  card_expiry_invalid: { uz: 'Muddatni OO/YY koʻrinishida kiriting.', ru: 'Укажите срок в формате ММ/ГГ.', en: 'Enter the expiry as MM/YY.' },
  card_expired: { uz: 'Kartaning muddati oʻtgan.', ru: 'Срок действия карты истёк.', en: 'This card has expired.' },
  card_code_format: { uz: 'Kod 6 ta raqamdan iborat.', ru: 'Код состоит из 6 цифр.', en: 'The code has 6 digits.' },
  express_tashkent_only: {
    uz: 'Tezkor yetkazib berish faqat Toshkent shahri boʻylab.',
    ru: 'Экспресс-доставка только по Ташкенту.',
    en: 'Express delivery is available in Tashkent only.',
  },
  region_closed: {
    uz: 'Hozir bu hududga yetkazib bermaymiz. Boshqa hududni yoki doʻkondan olib ketishni tanlang.',
    ru: 'Сейчас мы не доставляем в этот регион. Выберите другой регион или самовывоз из магазина.',
    en: 'We do not deliver to this region now. Choose another region or pickup from a store.',
  },
  inn_invalid: { uz: 'INN 9 ta raqamdan iborat.', ru: 'ИНН состоит из 9 цифр.', en: 'The INN has 9 digits.' },
  slug_invalid: {
    uz: 'Faqat lotin kichik harflari, raqamlar va chiziqcha (-), masalan: qishki-chegirma.',
    ru: 'Только латинские строчные буквы, цифры и дефис (-), например: zimnyaya-skidka.',
    en: 'Only Latin lower-case letters, digits and hyphens (-), e.g. winter-sale.',
  },
  slug_taken: { uz: 'Bu manzil (slug) band.', ru: 'Этот адрес (slug) уже занят.', en: 'This slug is already taken.' },
  category_cycle: {
    uz: 'Toifani oʻzining yoki oʻz ichidagi toifaning ichiga koʻchirib boʻlmaydi.',
    ru: 'Категорию нельзя перенести в саму себя или в свою подкатегорию.',
    en: 'A category cannot be moved into itself or into one of its subcategories.',
  },
  link_invalid: {
    uz: 'Doʻkon ichidagi manzil: / bilan boshlanadi, tilsiz (masalan, /catalog?discounted=true).',
    ru: 'Адрес внутри магазина: начинается с /, без языка (например, /catalog?discounted=true).',
    en: 'A path of the shop: starts with /, without the language (e.g. /catalog?discounted=true).',
  },
  date_order: { uz: 'Tugash vaqti boshlanishidan keyin boʻlishi kerak.', ru: 'Окончание должно быть позже начала.', en: 'The end must be after the start.' },
  lat_range: {
    uz: 'Kenglik Oʻzbekiston hududida boʻlishi kerak (37.1–45.6).',
    ru: 'Широта должна быть в пределах Узбекистана (37,1–45,6).',
    en: 'The latitude must be inside Uzbekistan (37.1–45.6).',
  },
  lng_range: {
    uz: 'Uzunlik Oʻzbekiston hududida boʻlishi kerak (55.9–73.2).',
    ru: 'Долгота должна быть в пределах Узбекистана (55,9–73,2).',
    en: 'The longitude must be inside Uzbekistan (55.9–73.2).',
  },
  store_phone_invalid: {
    uz: 'Raqamni +998 XX XXX XX XX koʻrinishida kiriting.',
    ru: 'Введите номер в формате +998 XX XXX XX XX.',
    en: 'Enter the number as +998 XX XXX XX XX.',
  },
  city_duplicate: { uz: 'Bir xil shahar ikki marta kiritilgan.', ru: 'Один и тот же город указан дважды.', en: 'The same city is listed twice.' },
  days_invalid: {
    uz: 'Kunlarni raqam bilan kiriting: 2 yoki 2–3 (1 dan 30 gacha, oraliqda kichigi oldin).',
    ru: 'Укажите дни числом: 2 или 2–3 (от 1 до 30, в диапазоне меньшее первым).',
    en: 'Enter the days as a number: 2 or 2–3 (1 to 30, the smaller first in a range).',
  },
  article_empty: { uz: 'Matn boʻsh.', ru: 'Текст пустой.', en: 'The text is empty.' },
  unknown_parent: { uz: 'Bunday toifa yoʻq.', ru: 'Такой категории нет.', en: 'No such category.' },
  store_required: { uz: 'Doʻkonni tanlang.', ru: 'Выберите магазин.', en: 'Choose the store.' },
  unknown_field: { uz: 'Nomaʼlum maydon.', ru: 'Неизвестное поле.', en: 'Unknown field.' },
  quantity_limit: {
    uz: 'Bir buyurtmada buncha dona olib boʻlmaydi.',
    ru: 'Столько нельзя заказать в одном заказе.',
    en: 'More than one order may hold.',
  },
  labels_count: {
    uz: 'Har bir dona uchun bitta kod kerak: kodlar soni donalar soniga teng boʻlsin.',
    ru: 'Нужен один код на каждую единицу: кодов должно быть столько же, сколько штук.',
    en: 'One code per unit: enter as many codes as the line has units.',
  },
  labels_format: {
    uz: 'Markirovka kodi 21 belgidan iborat: 14 raqamli GTIN va 7 belgili seriya raqami.',
    ru: 'Код маркировки — 21 символ: GTIN из 14 цифр и серийный номер из 7 символов.',
    en: 'A marking code is 21 characters: a 14-digit GTIN and a 7-character serial.',
  },
  labels_duplicate: {
    uz: 'Bu kod ikki marta kiritilgan: har bir donaning oʻz kodi bor.',
    ru: 'Этот код введён дважды: у каждой единицы свой код.',
    en: 'This code is entered twice: each unit has its own code.',
  },
  labels_taken: {
    uz: 'Bu kod boshqa buyurtmada turibdi: har bir dona faqat bir marta sotiladi. Donani qayta skanerlang.',
    ru: 'Этот код уже стоит в другом заказе: каждая единица продаётся один раз. Отсканируйте единицу заново.',
    en: 'This code is already on another order: each unit is sold once. Scan the unit again.',
  },
  labels_not_marked: {
    uz: 'Bu tovar markirovka qilinmaydi: unga kod kerak emas.',
    ru: 'Этот товар не маркируется: коды для него не нужны.',
    en: 'This item is not marked: it takes no codes.',
  },
  invalid_characters: {
    uz: 'Yaroqsiz belgilar bor (masalan, boshqaruv belgilari).',
    ru: 'Есть недопустимые символы (например, управляющие).',
    en: 'Contains characters that are not allowed (such as control characters or broken Unicode).',
  },
  too_deep: {
    uz: 'Maʼlumotlar juda koʻp darajali (16 dan ortiq ichma-ich).',
    ru: 'Слишком глубокая вложенность данных (больше 16 уровней).',
    en: 'Nested too deeply (more than 16 levels).',
  },
  mxik_invalid: { uz: 'MXIK 17 ta raqamdan iborat.', ru: 'ИКПУ (MXIK) состоит из 17 цифр.', en: 'The MXIK code has 17 digits.' },
  package_code_invalid: { uz: 'Qadoq kodi 1–20 ta raqam.', ru: 'Код упаковки — от 1 до 20 цифр.', en: 'The package code is 1–20 digits.' },
  sku_invalid: {
    uz: 'SKU: 1–64 belgi, faqat lotin harflari, raqamlar va . _ / -',
    ru: 'Артикул (SKU): 1–64 символа, только латиница, цифры и . _ / -',
    en: 'SKU: 1–64 characters: Latin letters, digits and . _ / - only.',
  },
  sku_taken: { uz: 'Bu SKU band.', ru: 'Этот артикул уже занят.', en: 'This SKU is taken.' },
  sku_duplicate: { uz: 'Bu SKU roʻyxatda ikki marta bor.', ru: 'Этот артикул указан дважды.', en: 'This SKU appears twice.' },
  old_price_not_above: {
    uz: 'Eski narx joriy narxdan yuqori boʻlishi kerak.',
    ru: 'Старая цена должна быть выше текущей.',
    en: 'The old price must be higher than the price.',
  },
  price_invalid: { uz: 'Narx — butun soʻm, 1 dan katta.', ru: 'Цена — целое число сумов, больше 0.', en: 'The price is whole soʻm, above 0.' },
  not_found_ref: { uz: 'Bunday yozuv yoʻq.', ru: 'Такой записи нет.', en: 'No such record.' },
  image_keys: {
    uz: 'Faqat shu tovarning rasmlarini koʻrsating.',
    ru: 'Укажите только картинки этого товара.',
    en: 'List only this product’s pictures.',
  },
  too_many_images: { uz: 'Koʻpi bilan 20 ta rasm.', ru: 'Не больше 20 картинок.', en: 'At most 20 pictures.' },
} satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof fieldMessages;

/** A placeholder's value: the same in every language, or given in each (a status's name). */
export type MessageParam = string | number | Localized;

/** Fills `{name}` placeholders. */
export function translate(code: ErrorCode, lang: Lang, params: Record<string, MessageParam> = {}): string {
  return messages[code][lang].replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    return value === undefined ? `{${key}}` : typeof value === 'object' ? value[lang] : String(value);
  });
}
