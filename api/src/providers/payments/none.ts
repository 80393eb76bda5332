import { type PaymentProvider, PaymentError } from './payment.js';

/**
 * PAYMENT_PROVIDER=none: the shop takes no saved cards (it may still take Payme checkout, Click, cash).
 * Nothing reaches it from a shopper: the card routes answer 404 and a card order is refused before any call
 * (cards.service.ts `taken`). What is left are card payments made before the switch: a receipt cannot be
 * asked about or cancelled with nobody to ask, so those calls are an unknown outcome (`PROVIDER_UNAVAILABLE`),
 * which the reconciler keeps asking about and, at its longest wait, hands to staff — never a guess.
 */
export function createNoCardProvider(): PaymentProvider {
  const off = (): never => {
    throw new PaymentError('PROVIDER_UNAVAILABLE', 'PAYMENT_PROVIDER=none: no card provider configured');
  };
  return {
    name: 'none',
    createCard: async () => off(),
    sendVerifyCode: async () => off(),
    verifyCard: async () => off(),
    // The token was the old provider's; nothing here can forget it.
    removeCard: async () => undefined,
    createReceipt: async () => off(),
    payReceipt: async () => off(),
    checkReceipt: async () => off(),
    cancelReceipt: async () => off(),
  };
}
