import { type RateLimiter } from '../limits/limiter.js';
import { type SmsProvider } from './sms.js';

/**
 * A text not sent because its phone has had the day's texts (SMS_DAILY_CAP_PER_PHONE). Not an outage:
 * the sender keeps what it meant to say for later (a stock alert) or leaves it to My orders.
 */
export class SmsCapReachedError extends Error {
  constructor(readonly retryAfterS: number) {
    super(`the phone has had its texts for the day; again in ${retryAfterS} s`);
    this.name = 'SmsCapReachedError';
  }
}

/**
 * Texts other than sign-in codes (order statuses, payments, stock alerts), at most `limit` a day to one
 * phone, counted in the shared limiter (database or Redis) so every API process sees the same count.
 * Every sender counts against the phone's one count of the day, each stopping at its own `limit`: stock
 * alerts stop at half of what order texts may use, so a shopper's alerts never crowd out the news of an
 * order. A text the cap refuses, or the provider fails, is not counted.
 */
export function cappedSms(provider: SmsProvider, deps: { limiter: RateLimiter; limit: number }): SmsProvider {
  const key = (phone: string) => `sms:notices:d:${phone}`;
  return {
    name: provider.name,
    async send(message) {
      const counted = await deps.limiter.consume(key(message.phone), deps.limit, 86_400);
      if (!counted.allowed) {
        await deps.limiter.refund(key(message.phone));
        throw new SmsCapReachedError(counted.retryAfterS);
      }
      try {
        return await provider.send(message);
      } catch (err) {
        await deps.limiter.refund(key(message.phone));
        throw err;
      }
    },
  };
}
