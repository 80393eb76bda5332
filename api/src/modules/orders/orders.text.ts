import { formatSum } from '@bozor/shared-runtime/money';
import { type OrderStatus, type PaymentStatus } from '../../db/schema/index.js';
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

/** Payment statuses as the shopper reads them. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, Localized> = {
  pending: { uz: 'Toʻlov kutilmoqda', ru: 'Ожидает оплаты', en: 'Awaiting payment' },
  checking: { uz: 'Toʻlov tekshirilmoqda', ru: 'Оплата проверяется', en: 'Checking the payment' },
  paid: { uz: 'Toʻlangan', ru: 'Оплачен', en: 'Paid' },
  failed: { uz: 'Toʻlov oʻtmadi', ru: 'Оплата не прошла', en: 'Payment failed' },
  refund_pending: { uz: 'Pul qaytarilmoqda', ru: 'Возврат оформляется', en: 'Refund in progress' },
  refunded: { uz: 'Pul qaytarildi', ru: 'Деньги возвращены', en: 'Refunded' },
};

/** An order cancelled before its money came (a cash order, a payment never started) owes nothing: not "awaiting". */
const NOT_PAID: Localized = { uz: 'Toʻlanmagan', ru: 'Не оплачен', en: 'Not paid' };

/** The payment's label as staff and the shopper read it, given where the order stands. */
export function paymentStatusLabel(status: OrderStatus, paymentStatus: PaymentStatus, lang: Lang): string {
  return (status === 'cancelled' && paymentStatus === 'pending' ? NOT_PAID : PAYMENT_STATUS_LABELS[paymentStatus])[lang];
}

/**
 * The statuses a shopper is texted about: the steps they act on (expect the shop's call or the courier,
 * come to the store, stop waiting). The others show in My orders only: every text costs the shop, and a
 * shopper told of each packing step learns to ignore the texts.
 */
export const TEXTED_STATUSES: ReadonlySet<OrderStatus> = new Set(['confirmed', 'shipping', 'ready_for_pickup', 'cancelled']);

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

/**
 * A sum as a text writes it: the shop's own (formatSum) with plain spaces. A no-break space keeps a sum on
 * one line of a page, which an SMS does not have, and it is no GSM character: it would send an English
 * text as UCS-2, 70 characters a part instead of 160.
 */
const smsSum = (amount: number, lang: Lang) => formatSum(amount, lang).replace(/\u00a0/g, ' ');

/**
 * The SMS when the provider confirmed an order's refund (its payment became `refunded`), sent once, by
 * whoever made that move. `cancelledNow`: the same moment cancelled the order (a refund the provider made
 * while staff cancelled it, or Payme's own CancelTransaction of an order not yet cancelled), so one text
 * says both instead of a "Cancelled" one beside it. Kept short: up to a sum of 9 999 999 each is one SMS
 * part (70 characters in UCS-2, which Uzbek's ʻ and Cyrillic need).
 */
export function refundedSmsText(number: string, amount: number, lang: Lang, cancelledNow = false): string {
  const sum = smsSum(amount, lang);
  switch (lang) {
    case 'uz':
      return cancelledNow ? `Bozor: ${number} buyurtmasi bekor qilindi, ${sum} qaytarildi.` : `Bozor: ${number} buyurtmasi uchun ${sum} qaytarildi.`;
    case 'ru':
      return cancelledNow ? `Bozor: заказ ${number} отменён, возвращено ${sum}.` : `Bozor: по заказу ${number} возвращено ${sum}.`;
    case 'en':
      return cancelledNow ? `Bozor: your order ${number} is cancelled and ${sum} has been refunded.` : `Bozor: ${sum} has been refunded for your order ${number}.`;
  }
}

/**
 * The SMS when a card payment whose outcome was unknown turned out not to have gone through. The
 * money may have been taken and given back (a paid receipt cancelled), so the text promises its return
 * rather than claiming the card was never charged.
 */
export function paymentFailedSmsText(number: string, lang: Lang): string {
  switch (lang) {
    case 'uz':
      return `Bozor: ${number} buyurtmangiz uchun toʻlov oʻtmadi, buyurtma bekor qilindi. Kartadan pul yechilgan boʻlsa, u qaytariladi.`;
    case 'ru':
      return `Bozor: оплата заказа ${number} не прошла, заказ отменён. Если деньги были списаны с карты, они вернутся.`;
    case 'en':
      return `Bozor: the payment for your order ${number} did not go through, so the order is cancelled. If the card was charged, the money will be returned.`;
  }
}

/**
 * The SMS when an unconfirmed cash order gave its stock back (CASH_ORDER_HOLD_H passed without the shop
 * confirming it with the shopper): why it was cancelled and what to do.
 */
export function holdExpiredSmsText(number: string, lang: Lang): string {
  switch (lang) {
    case 'uz':
      return `Bozor: ${number} buyurtmangiz oʻz vaqtida tasdiqlanmagani uchun bekor qilindi. Kerak boʻlsa, qaytadan buyurtma bering.`;
    case 'ru':
      return `Bozor: заказ ${number} не был вовремя подтверждён и отменён. Если он ещё нужен, оформите его заново.`;
    case 'en':
      return `Bozor: your order ${number} was not confirmed in time, so it is cancelled. If you still need it, please order again.`;
  }
}

/** The SMS after "Buy in 1 click": the order is in, and the shop will call to confirm it and agree the delivery. */
export function oneClickSmsText(number: string, lang: Lang): string {
  switch (lang) {
    case 'uz':
      return `Bozor: ${number} buyurtmangiz qabul qilindi. Tasdiqlash va yetkazib berishni kelishish uchun sizga qoʻngʻiroq qilamiz.`;
    case 'ru':
      return `Bozor: заказ ${number} принят. Мы позвоним, чтобы подтвердить его и договориться о доставке.`;
    case 'en':
      return `Bozor: your order ${number} is in. We will call you to confirm it and agree the delivery.`;
  }
}

/**
 * A pending refund as the shopper's order tells it (refund-tasks.ts `shopperRefund`): `by_hand`, the shop
 * makes it in the provider's cabinet within `span` of the cancel; `late`, that time has passed; `automatic`,
 * the provider was asked and the order says "Refunded" once it confirms.
 */
export function refundNoteText(kind: 'by_hand' | 'late' | 'automatic', provider: 'Payme' | 'Click', span: string, lang: Lang): string {
  switch (kind) {
    case 'by_hand':
      return {
        uz: `Doʻkon pulni ${provider} orqali siz toʻlagan kartaga qaytaradi: buyurtma bekor qilinganidan keyin ${span} ichida.`,
        ru: `Магазин вернёт деньги через ${provider} на карту, с которой вы платили. Срок — ${span} с отмены заказа.`,
        en: `The shop returns the money through ${provider} to the card you paid with, within ${span} of the cancellation.`,
      }[lang];
    case 'late':
      return {
        uz: `Pulni qaytarish kechikmoqda: doʻkon uni ${provider} orqali bekor qilinganidan keyin ${span} ichida qilishi kerak edi. Bu doʻkon xodimlari uchun shoshilinch vazifa.`,
        ru: `Возврат задерживается: магазин должен был оформить его через ${provider} (срок — ${span} с отмены заказа). Для сотрудников магазина это срочная задача.`,
        en: `The refund is late: the shop was to make it through ${provider} within ${span} of the cancellation. It is marked urgent for the shop's staff.`,
      }[lang];
    case 'automatic':
      return {
        uz: `Pulni qaytarish ${provider}dan soʻraldi: pul siz toʻlagan kartaga qaytadi. ${provider} tasdiqlagach, bu yerda «Pul qaytarildi» deb yoziladi.`,
        ru: `Возврат запрошен у ${provider}: деньги вернутся на карту, с которой вы платили. Когда ${provider} подтвердит его, здесь будет «Деньги возвращены».`,
        en: `The refund has been asked of ${provider}: the money goes back to the card you paid with. This page says "Refunded" once ${provider} confirms it.`,
      }[lang];
  }
}
