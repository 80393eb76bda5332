import { type Localized } from '../../i18n/lang.js';

/**
 * Payme Merchant API error codes (developer.help.paycom.uz, "Merchant API" → "Ошибки"): protocol errors
 * -32xxx, business errors -31xxx; -31050…-31099 are the merchant's own account errors, with `data`
 * naming the account field.
 */
export const PAYME = {
  parse: -32700,
  invalidRequest: -32600,
  notPost: -32300,
  methodNotFound: -32601,
  unauthorized: -32504,
  system: -32400,
  wrongAmount: -31001,
  transactionNotFound: -31003,
  cannotCancel: -31007,
  cannotPerform: -31008,
  /** Ours, within -31050…-31099: no such order, or it is not paid through Payme. */
  orderNotFound: -31050,
  /** Ours: the order is no longer awaiting payment (paid, cancelled, expired). */
  orderNotPayable: -31051,
  /** Ours: another Payme transaction of the order is under way (one transaction per order). */
  orderBusy: -31052,
} as const;
export type PaymeCode = (typeof PAYME)[keyof typeof PAYME];

/** Messages in the three languages Payme shows (`message: {uz, ru, en}`). */
const MESSAGES: Record<PaymeCode, Localized> = {
  [-32700]: { uz: 'JSON tahlil qilinmadi', ru: 'Ошибка разбора JSON', en: 'Could not parse JSON' },
  [-32600]: { uz: 'Soʻrov notoʻgʻri', ru: 'Неверный RPC-запрос', en: 'Invalid RPC request' },
  [-32300]: { uz: 'Soʻrov POST emas', ru: 'Метод запроса не POST', en: 'The request method is not POST' },
  [-32601]: { uz: 'Metod topilmadi', ru: 'Метод не найден', en: 'Method not found' },
  [-32504]: { uz: 'Metodni bajarish uchun huquq yetarli emas', ru: 'Недостаточно привилегий для выполнения метода', en: 'Insufficient privileges to perform the method' },
  [-32400]: { uz: 'Tizim xatosi', ru: 'Системная ошибка', en: 'System error' },
  [-31001]: { uz: 'Notoʻgʻri summa', ru: 'Неверная сумма', en: 'Incorrect amount' },
  [-31003]: { uz: 'Tranzaksiya topilmadi', ru: 'Транзакция не найдена', en: 'Transaction not found' },
  [-31007]: { uz: 'Buyurtma yuborilgan, tranzaksiyani bekor qilib boʻlmaydi', ru: 'Заказ отправлен, транзакцию нельзя отменить', en: 'The order has been shipped; the transaction cannot be cancelled' },
  [-31008]: { uz: 'Amalni bajarib boʻlmaydi', ru: 'Невозможно выполнить операцию', en: 'The operation cannot be performed' },
  [-31050]: { uz: 'Buyurtma topilmadi', ru: 'Заказ не найден', en: 'Order not found' },
  [-31051]: { uz: 'Buyurtma toʻlovni kutmayapti', ru: 'Заказ не ожидает оплаты', en: 'The order is not awaiting payment' },
  [-31052]: { uz: 'Buyurtma boshqa tranzaksiya orqali toʻlanmoqda', ru: 'Заказ оплачивается другой транзакцией', en: 'Another transaction is paying for this order' },
};

/**
 * A Payme error answer. Not an AppError: it is never an HTTP error but the body of the 200 answer
 * Payme's JSON-RPC requires, so it never reaches the API's error handler.
 */
export class PaymeFault extends Error {
  constructor(readonly code: PaymeCode, readonly data?: string) {
    super(`payme ${code}`);
    this.name = 'PaymeFault';
  }
  toJSON() {
    return { code: this.code, message: MESSAGES[this.code], ...(this.data ? { data: this.data } : {}) };
  }
}
