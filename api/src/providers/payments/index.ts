import { type Config } from '../../config.js';
import { createNoCardProvider } from './none.js';
import { createPaymePaymentProvider } from './payme.js';
import { type PaymentProvider } from './payment.js';
import { createSandboxPaymentProvider } from './sandbox.js';

export * from './payment.js';

/**
 * Picks the card-payment adapter named by PAYMENT_PROVIDER (`none`: no saved cards, none.ts). The sandbox's "bank" makes the shopper wait
 * OTP_RESEND_S before another card code, like the SMS sign-in (Payme itself says how long).
 */
export function createPaymentProvider(config: Config['payment'], otp?: Config['otp']): PaymentProvider {
  switch (config.provider) {
    case 'sandbox':
      return createSandboxPaymentProvider(otp?.resendS);
    case 'payme':
      return createPaymePaymentProvider(config);
    case 'none':
      return createNoCardProvider();
  }
}
