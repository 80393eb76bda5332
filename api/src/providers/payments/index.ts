import { type Config } from '../../config.js';
import { createPaymePaymentProvider } from './payme.js';
import { type PaymentProvider } from './payment.js';
import { createSandboxPaymentProvider } from './sandbox.js';

export * from './payment.js';

/** Picks the card-payment adapter named by PAYMENT_PROVIDER. */
export function createPaymentProvider(config: Config['payment']): PaymentProvider {
  switch (config.provider) {
    case 'sandbox':
      return createSandboxPaymentProvider();
    case 'payme':
      return createPaymePaymentProvider(config);
  }
}
