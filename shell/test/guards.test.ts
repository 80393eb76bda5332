// The hand-written localStorage checks accept and keep exactly what the contract's zod schemas do.
import { authStateSchema, cartSchema } from '@bozor/shared/schemas';
import { checkAuthState, checkCart } from '../src/stores/guards';

const item = { product_id: 7, name: 'Choynak Tefal KO2991', img_url: '/media/c.webp', quantity: 2, price: 350000, slug: 'choynak-tefal' };
const user = { id: 3, phone: '+998901234567', name: 'Dilnoza', surname: null, email: undefined, user_type: 'individual', extra: { kept: true } };
const auth = { isAuthenticated: true, token: 'abc', user, userType: 'individual' };

const carts: unknown[] = [
  [],
  [item],
  [{ ...item, attributes: { variant_id: 12, color: 'white' }, mxit: '08516001001000000', mxit_unit: '1502829', weight: 1200 }],
  [{ ...item, product_id: 'p-7', img_url: null, mxit: null, weight: null }],
  [{ ...item, variant_id: 12, stale: 'dropped' }],
  [{ ...item, quantity: 1.5 }],
  [{ ...item, price: '350000' }],
  [{ ...item, name: undefined }],
  [item, { product_id: 1 }],
  [{ ...item, weight: '1 kg' }],
  [{ ...item, product_id: null }],
  { 0: item },
  'cart',
  null,
];

const auths: unknown[] = [
  auth,
  { ...auth, user: null, isAuthenticated: false, token: '', userType: 'null' },
  { ...auth, user: { ...user, id: 'u-3' } },
  { ...auth, more: 'dropped' },
  { ...auth, user: { ...user, id: true } },
  { ...auth, user: { ...user, name: 5 } },
  { ...auth, user: undefined },
  { ...auth, token: null },
  { ...auth, isAuthenticated: 'yes' },
  { ...auth, userType: undefined },
  [],
  null,
];

describe('localStorage checks', () => {
  it.each(carts.map((c) => [JSON.stringify(c) ?? String(c), c]))('cart %s: as cartSchema', (_name, value) => {
    const parsed = cartSchema.safeParse(value);
    expect(checkCart(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it.each(auths.map((a) => [JSON.stringify(a) ?? String(a), a]))('auth %s: as authStateSchema', (_name, value) => {
    const parsed = authStateSchema.safeParse(value);
    expect(checkAuthState(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('refuses what it must and keeps only the known fields', () => {
    expect(checkCart([{ ...item, quantity: 1.5 }])).toBeNull();
    expect(checkCart([{ ...item, variant_id: 12 }])).toEqual([item]);
    expect(checkAuthState({ ...auth, token: null })).toBeNull();
    expect(checkAuthState({ ...auth, more: 1 })).toEqual(auth);
  });
});
