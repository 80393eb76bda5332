// The cart's cookie mirror: what the shell writes is what the shell server reads back, and nothing else
// is read as a cart.
import { CART_COOKIE_MAX_LINES, cartCheckKey, decodeCartCookie, encodeCartCookie, encodeCartLines } from '../src/cartMirror';
import type { CartItem } from '../src/schemas';

const line = (product_id: number | string, quantity: number, price: number, attributes?: unknown): CartItem => ({ product_id, name: 'P', quantity, price, slug: 'p', ...(attributes === undefined ? {} : { attributes }) });

test('a cart goes into the cookie as product.variant.quantity.price and comes back the same', () => {
  const cart = [line(12, 2, 125000, { variant_id: 30, sku: 'X', options: [] }), line('14', 1, 990), line(15, 1, 5, { variant_id: '31' })];
  const value = encodeCartCookie(cart);
  expect(value).toBe('12.30.2.125000_14..1.990_15.31.1.5');
  expect(decodeCartCookie(value as string)).toEqual([
    { product_id: 12, variant_id: 30, quantity: 2, price: 125000 },
    { product_id: 14, quantity: 1, price: 990 },
    { product_id: 15, variant_id: 31, quantity: 1, price: 5 },
  ]);
  expect(encodeCartLines(decodeCartCookie(value as string) ?? [])).toBe(value);
  expect(encodeCartCookie([])).toBe('');
  expect(decodeCartCookie('')).toEqual([]);
  expect(cartCheckKey('ru', value as string)).toBe('cart-check|ru|12.30.2.125000_14..1.990_15.31.1.5');
});

test('a cart the server could not check as the page will show it is not mirrored', () => {
  expect(encodeCartCookie([line(1, 1, 10, { color: 'white' })])).toBeNull();
  expect(encodeCartCookie([line(1, 1, 10, { sku: 'AB-1' })])).toBeNull();
  expect(encodeCartCookie([line(1, 0, 10)])).toBeNull();
  expect(encodeCartCookie([line(1, 1.5, 10)])).toBeNull();
  expect(encodeCartCookie([line(1, 1, 10.5)])).toBeNull();
  expect(encodeCartCookie(Array.from({ length: CART_COOKIE_MAX_LINES + 1 }, (_, i) => line(i + 1, 1, 10)))).toBeNull();
  expect(encodeCartCookie(Array.from({ length: CART_COOKIE_MAX_LINES }, (_, i) => line(i + 1, 1, 10)))).not.toBeNull();
});

test('a cookie value this code did not write is not a cart', () => {
  for (const value of ['x', '1.2.3', '1..1.10_', '<script>', '1..1.10;2..1.10', '-1..1.10', '1..1.10 ', Array.from({ length: CART_COOKIE_MAX_LINES + 1 }, () => '1..1.1').join('_')]) {
    expect(decodeCartCookie(value)).toBeNull();
  }
});
