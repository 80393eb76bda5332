import { randomBytes } from 'node:crypto';
import { type PaymentProvider, PaymentError, type ProviderCard, maskCardNumber } from './payment.js';

/**
 * Payme's published test cards, then two of ours: one always lacks the money; the other's bank takes
 * the money but never answers the pay request in time (the outcome is unknown: the order is "checking"
 * until the reconciler asks and finds it paid).
 */
export const SANDBOX_CARDS: Record<string, { expire: string; phone: string; funds: boolean; type: string; slowBank?: boolean }> = {
  '8600069195406311': { expire: '03/99', phone: '99890*****31', funds: true, type: 'Uzcard' },
  '8600495473316478': { expire: '03/99', phone: '99891*****78', funds: true, type: 'Uzcard' },
  '8600000000000007': { expire: '03/99', phone: '99893*****07', funds: false, type: 'Uzcard' },
  '8600000000000015': { expire: '03/99', phone: '99894*****15', funds: true, type: 'Uzcard', slowBank: true },
};
export const SANDBOX_CODE = '666666';

/**
 * In-process stand-in for Payme with its test cards and code 666666. Cards are stateless, so tokens
 * stay valid across restarts and API replicas: a token names the test card it stands for.
 * Receipts live in this process's memory and their states follow Payme's (0 created, 4 paid,
 * 50 cancelled). A receipt it does not know (made before a restart, or by another replica) counts
 * as never paid: that is the one answer that costs no real money, so an order a crash left behind
 * is cancelled and its stock returned.
 */
export function createSandboxPaymentProvider(codeWaitS = 60): PaymentProvider {
  const cardOf = (token: string): [string, (typeof SANDBOX_CARDS)[string]] => {
    // The token names the test card by its place in the list, never by its number.
    const index = /^sbx_[0-9a-f]{16}_(\d)$/.exec(token)?.[1];
    const number = index === undefined ? undefined : Object.keys(SANDBOX_CARDS)[Number(index)];
    const card = number ? SANDBOX_CARDS[number] : undefined;
    if (!number || !card) throw new PaymentError('CARD_NOT_FOUND', 'unknown sandbox token');
    return [number, card];
  };
  const describe = (token: string, verified: boolean): ProviderCard => {
    const [number, card] = cardOf(token);
    return { token, number: maskCardNumber(number), expire: card.expire, verified, type: card.type };
  };
  const receipts = new Map<string, { amount: number; state: 0 | 4 | 50 }>();

  return {
    name: 'sandbox',
    async createCard(number, expire) {
      const card = SANDBOX_CARDS[number];
      if (!card) throw new PaymentError('CARD_NOT_FOUND', 'not a sandbox test card');
      if (card.expire !== expire) throw new PaymentError('CARD_EXPIRED', 'expiry does not match the card');
      return describe(`sbx_${randomBytes(8).toString('hex')}_${Object.keys(SANDBOX_CARDS).indexOf(number)}`, false);
    },
    async sendVerifyCode(token) {
      return { phone: cardOf(token)[1].phone, waitS: codeWaitS };
    },
    async verifyCard(token, code) {
      if (code !== SANDBOX_CODE) throw new PaymentError('CARD_CODE_INVALID', 'wrong code');
      return describe(token, true);
    },
    async removeCard(token) {
      cardOf(token);
    },
    async createReceipt(request) {
      const receiptId = `sbx_rcpt_${randomBytes(12).toString('hex')}`;
      receipts.set(receiptId, { amount: request.amount, state: 0 });
      return { receiptId };
    },
    async payReceipt(receiptId, token) {
      const [, card] = cardOf(token);
      if (!card.funds) throw new PaymentError('INSUFFICIENT_FUNDS', 'the test card has no money');
      const receipt = receipts.get(receiptId);
      if (receipt?.state === 50) throw new PaymentError('PAYMENT_DECLINED', 'the receipt is cancelled');
      if (receipt) receipt.state = 4;
      if (card.slowBank) throw new PaymentError('PROVIDER_UNAVAILABLE', 'the test bank took the money but did not answer in time');
      return { paid: true };
    },
    async checkReceipt(receiptId) {
      const state = receipts.get(receiptId)?.state ?? 0;
      return { status: state === 4 ? 'paid' : state === 0 ? 'unpaid' : 'cancelled', state };
    },
    async cancelReceipt(receiptId) {
      // A sandbox refund is immediate: a paid receipt goes straight to cancelled.
      const receipt = receipts.get(receiptId);
      if (receipt) receipt.state = 50;
      return { status: 'cancelled', state: 50 };
    },
  };
}
