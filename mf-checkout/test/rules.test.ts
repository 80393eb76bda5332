// Card and delivery rules as the shopper meets them: bad numbers, past expiry, per-method requirements.
import { expiryValid, luhnValid } from '../src/components/payment/cardRules';
import { deliverySchema } from '../src/components/delivery/deliverySchema';

describe('card rules', () => {
  it('accepts the sandbox cards and refuses a bad Luhn or a short number', () => {
    expect(luhnValid('8600 0691 9540 6311')).toBe(true);
    expect(luhnValid('8600 0000 0000 0007')).toBe(true);
    expect(luhnValid('8600 0691 9540 6312')).toBe(false);
    expect(luhnValid('8600 0691 9540')).toBe(false);
  });
  it('refuses a past or impossible expiry', () => {
    const now = new Date(2026, 10, 22);
    expect(expiryValid('03/99', now)).toBe(true);
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(expiryValid('1/30', now)).toBe(false);
  });
});

describe('delivery rules', () => {
  const schema = deliverySchema((k) => k);
  const base = { deliveryType: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12', flat: '', entrance: '', floor: '', intercom: '', address_comment: '', currentStore: '', name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
  const issues = (v: object) => {
    const r = schema.safeParse({ ...base, ...v });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('needs an address and a city for a courier', () => {
    expect(issues({})).toEqual({});
    expect(issues({ address: ' ', city: '' })).toEqual({ address: 'errors.required', city: 'errors.required' });
  });
  it('allows express in Tashkent only and pickup with a store', () => {
    expect(issues({ deliveryType: 'express', region: 'samarkand' })).toEqual({ region: 'errors.expressRegion' });
    expect(issues({ deliveryType: 'pickup', address: '' })).toEqual({ currentStore: 'errors.store' });
    expect(issues({ deliveryType: 'pickup', currentStore: '2' })).toEqual({});
  });
  it('needs a receiver with an Uzbek mobile', () => {
    expect(issues({ name: '', phone: '+998 71' })).toEqual({ name: 'errors.required', phone: 'errors.phone' });
  });
});
