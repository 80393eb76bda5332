// Card and delivery rules as the shopper meets them: past expiry, per-method requirements. Card numbers
// are checked by the API's own rule (@bozor/shared-runtime/card-number, tested in shared) and the form
// test (add-card.test.tsx).
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import { expiryProblem, expiryValid, formatCardPhone } from '../src/components/payment/cardRules';
import { deliverySchema, expressRegions } from '../src/components/delivery/deliverySchema';

describe('card rules', () => {
  it('refuses a past or impossible expiry', () => {
    const now = new Date(2026, 10, 22);
    expect(expiryValid('03/99', now)).toBe(true);
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(expiryValid('1/30', now)).toBe(false);
  });
  it('tells an expired card from a mistyped date', () => {
    const now = new Date(2026, 10, 22);
    expect(expiryProblem('11/26', now)).toBeNull();
    expect(expiryProblem('01/20', now)).toBe('expired');
    expect(expiryProblem('10/26', now)).toBe('expired');
    expect(expiryProblem('13/30', now)).toBe('format');
    expect(expiryProblem('1/30', now)).toBe('format');
  });
});

describe('the phone a card code was texted to', () => {
  it('is written as the shop writes phones, whatever way the bank masks it', () => {
    expect(formatCardPhone('99890*****31')).toBe('+998 90 *** ** 31');
    expect(formatCardPhone('+99893*****07')).toBe('+998 93 *** ** 07');
    expect(formatCardPhone('998 91 *** ** 78')).toBe('+998 91 *** ** 78');
    expect(formatCardPhone('99894***4515')).toBe('+998 94 *** 45 15');
    expect(formatCardPhone('998*******31')).toBe('+998 ** *** ** 31');
    expect(formatCardPhone('90*****31')).toBe('+998 90 *** ** 31');
    expect(formatCardPhone('998901234567')).toBe('+998 90 123 45 67');
  });
  it('is shown as the bank sent it when it is not an Uzbek phone of 12 digits', () => {
    expect(formatCardPhone('99890***31')).toBe('99890***31');
    expect(formatCardPhone('7916*****12')).toBe('7916*****12');
    expect(formatCardPhone('+7 916 *** ** 12')).toBe('+7 916 *** ** 12');
    expect(formatCardPhone('')).toBe('');
  });
});

/** The regions of GET /api/settings/delivery as the demo shop has them: express in Tashkent city only. */
const seedRegions: DeliverySettingsData['regions'] = [
  { slug: 'tashkent', name: 'Tashkent city', cities: [{ slug: 'chilanzar', name: 'Chilanzar' }], days: '1–2', express_available: true },
  { slug: 'tashkent-region', name: 'Tashkent Region', cities: [{ slug: 'chirchiq', name: 'Chirchiq' }], days: '2–3', express_available: false },
  { slug: 'samarkand', name: 'Samarkand Region', cities: [{ slug: 'samarkand', name: 'Samarkand' }], days: '2–4', express_available: false },
];

describe('delivery rules', () => {
  const base = { deliveryType: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12', flat: '', entrance: '', floor: '', intercom: '', address_comment: '', currentStore: '', name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
  const issuesWith = (regions: DeliverySettingsData['regions']) => (v: object) => {
    const r = deliverySchema((k) => k, { regions }).safeParse({ ...base, ...v });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  const issues = issuesWith(seedRegions);
  it('needs an address and a city for a courier', () => {
    expect(issues({})).toEqual({});
    expect(issues({ address: ' ', city: '' })).toEqual({ address: 'errors.required', city: 'errors.required' });
  });
  it('allows express where the delivery settings say (Tashkent city in the demo shop) and pickup with a store', () => {
    expect(issues({ deliveryType: 'express', region: 'tashkent', city: '' })).toEqual({});
    expect(issues({ deliveryType: 'express', region: 'samarkand' })).toEqual({ region: 'errors.expressRegion' });
    expect(issues({ deliveryType: 'express', region: 'tashkent-region' })).toEqual({ region: 'errors.expressRegion' });
    expect(issues({ deliveryType: 'pickup', address: '' })).toEqual({ currentStore: 'errors.store' });
    expect(issues({ deliveryType: 'pickup', currentStore: '2' })).toEqual({});
  });
  it('follows the settings when the shop opens express elsewhere or closes it in Tashkent', () => {
    const moved = seedRegions.map((r) => ({ ...r, express_available: r.slug === 'samarkand' }));
    expect(expressRegions({ regions: moved })).toEqual(['samarkand']);
    expect(issuesWith(moved)({ deliveryType: 'express', region: 'samarkand' })).toEqual({});
    expect(issuesWith(moved)({ deliveryType: 'express', region: 'tashkent' })).toEqual({ region: 'errors.expressRegion' });
    // A settings answer without the flag offers express nowhere, as the API would refuse it.
    expect(issuesWith(seedRegions.map(({ express_available: _, ...r }) => r))({ deliveryType: 'express', region: 'tashkent' })).toEqual({ region: 'errors.expressRegion' });
  });
  it('needs a receiver with an Uzbek mobile, as the API does: a landline is refused here, not at payment', () => {
    expect(issues({ name: '', phone: '+998 71' })).toEqual({ name: 'errors.required', phone: 'errors.phone' });
    expect(issues({ phone: '+998 71 200 11 22' })).toEqual({ phone: 'errors.phone' });
    expect(issues({ phone: '+998 (33) 111-22-33' })).toEqual({});
  });
});
