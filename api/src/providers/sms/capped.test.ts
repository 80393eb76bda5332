import { type RateLimiter } from '../limits/limiter.js';
import { SmsCapReachedError, cappedSms } from './capped.js';
import { type SmsMessage, type SmsProvider, SmsUnavailableError } from './sms.js';

/** Fixed-window counters in memory, time frozen: what the database and Redis limiters count. */
function memoryLimiter(): RateLimiter {
  const counts = new Map<string, number>();
  return {
    async consume(key, limit, windowS) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { allowed: count <= limit, count, retryAfterS: windowS };
    },
    async refund(key) {
      counts.set(key, Math.max(0, (counts.get(key) ?? 0) - 1));
    },
    async close() {},
  };
}

function phoneProvider() {
  const sent: SmsMessage[] = [];
  const provider: SmsProvider & { failing: boolean } = {
    name: 'memory',
    failing: false,
    async send(message) {
      if (provider.failing) throw new SmsUnavailableError('down');
      sent.push(message);
      return {};
    },
  };
  return { provider, sent };
}

describe('texts other than sign-in codes, capped per phone and day', () => {
  test("order texts stop at the cap, stock alerts at their share of it; a refused or failed text does not count", async () => {
    const limiter = memoryLimiter();
    const { provider, sent } = phoneProvider();
    const orders = cappedSms(provider, { limiter, limit: 4 });
    const alerts = cappedSms(provider, { limiter, limit: 2 });
    const to = (phone: string, text: string) => ({ phone, text });

    await alerts.send(to('+998901234567', 'alert 1'));
    await alerts.send(to('+998901234567', 'alert 2'));
    await expect(alerts.send(to('+998901234567', 'alert 3'))).rejects.toEqual(new SmsCapReachedError(86_400));
    // the refused alert took nothing from the order texts: two more go out, then none
    provider.failing = true;
    await expect(orders.send(to('+998901234567', 'order, provider down'))).rejects.toBeInstanceOf(SmsUnavailableError);
    provider.failing = false;
    await orders.send(to('+998901234567', 'order 1'));
    await orders.send(to('+998901234567', 'order 2'));
    await expect(orders.send(to('+998901234567', 'order 3'))).rejects.toBeInstanceOf(SmsCapReachedError);
    // another phone has its own day
    await alerts.send(to('+998935551122', 'alert'));
    expect(sent.map((m) => m.text)).toEqual(['alert 1', 'alert 2', 'order 1', 'order 2', 'alert']);
  });
});
