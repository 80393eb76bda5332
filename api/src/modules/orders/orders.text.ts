import { type OrderStatus } from '../../db/schema/orders.js';
import { type Lang, type Localized } from '../../i18n/lang.js';

/** Order statuses as the shopper reads them. */
export const STATUS_LABELS: Record<OrderStatus, Localized> = {
  new: { uz: 'Qabul qilindi', ru: 'Принят', en: 'Received' },
  confirmed: { uz: 'Tasdiqlandi', ru: 'Подтверждён', en: 'Confirmed' },
  assembling: { uz: 'Yigʻilmoqda', ru: 'Собирается', en: 'Being packed' },
  shipping: { uz: 'Yoʻlda', ru: 'В пути', en: 'On the way' },
  ready_for_pickup: { uz: 'Olib ketishga tayyor', ru: 'Готов к выдаче', en: 'Ready for pickup' },
  delivered: { uz: 'Yetkazildi', ru: 'Доставлен', en: 'Delivered' },
  picked_up: { uz: 'Olib ketildi', ru: 'Получен', en: 'Picked up' },
  completed: { uz: 'Yakunlandi', ru: 'Завершён', en: 'Completed' },
  cancelled: { uz: 'Bekor qilindi', ru: 'Отменён', en: 'Cancelled' },
};

/** The SMS telling a customer where their order stands, in the order's language. */
export function orderSmsText(number: string, status: OrderStatus, lang: Lang): string {
  const label = STATUS_LABELS[status][lang];
  switch (lang) {
    case 'uz':
      return `Bozor: ${number} buyurtmangiz holati — «${label}». Rahmat!`;
    case 'ru':
      return `Bozor: статус вашего заказа ${number} — «${label}». Спасибо!`;
    case 'en':
      return `Bozor: your order ${number} is now "${label}". Thank you!`;
  }
}
