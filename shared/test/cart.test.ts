import { $cart, $cartCount, $cartTotal, addToCart, cartLineKey, setCartQuantity, removeFromCart, clearCart, replaceCart, mergeCarts, checkCartLines, type CartItem } from '../src';
import { orderLines } from '../src/api/orders';
import { cartNotes } from '../src/api/cart';

const item = (id: number, quantity: number, price = 1000): CartItem => ({
  product_id: id,
  name: `P${id}`,
  img_url: null,
  quantity,
  price,
  slug: `p-${id}`,
});

beforeEach(() => clearCart());

describe('cart actions', () => {
  it('adding an existing product increases its quantity', () => {
    addToCart(item(1, 1));
    addToCart(item(1, 2));
    expect($cart.get()).toHaveLength(1);
    expect($cartCount.get()).toBe(3);
  });
  it('quantity 0 or less removes the line; clear empties', () => {
    addToCart(item(1, 1));
    addToCart(item(2, 1));
    setCartQuantity(1, 0);
    expect($cart.get().map((i) => i.product_id)).toEqual([2]);
    setCartQuantity(2, -3);
    expect($cart.get()).toEqual([]);
    addToCart(item(3, 1));
    clearCart();
    expect($cart.get()).toEqual([]);
  });
});

describe('replaceCart', () => {
  it('takes new lines, and lines equal to those held change nothing (no reader is told, nothing is stored again)', () => {
    replaceCart([item(1, 1)]);
    const changes = jest.fn();
    const off = $cart.listen(changes);
    replaceCart([item(1, 1)]);
    expect(changes).not.toHaveBeenCalled();
    replaceCart([item(1, 2)]);
    expect(changes).toHaveBeenCalledTimes(1);
    expect($cartCount.get()).toBe(2);
    replaceCart([{ ...item(1, 2), price: 900 }]);
    expect(changes).toHaveBeenCalledTimes(2);
    expect($cartTotal.get()).toBe(1800);
    off();
  });
});

describe('mergeCarts', () => {
  it('sums quantities of equal product_id and keeps the other lines', () => {
    const merged = mergeCarts([item(1, 2), item(2, 1)], [item(1, 3), item(4, 1)]);
    expect(merged.map((i) => [i.product_id, i.quantity])).toEqual([
      [1, 5],
      [2, 1],
      [4, 1],
    ]);
  });
});

describe('checkCartLines', () => {
  it('caps at total_quanity, refreshes price and drops empty lines', () => {
    const fresh = new Map([
      ['1', { price: 2000, total_quanity: 2 }],
      ['2', { price: 500, total_quanity: 0 }],
      ['3', null],
    ]);
    const out = checkCartLines([item(1, 5), item(2, 1), item(3, 1), item(4, 1)], fresh);
    expect(out.map((i) => [i.product_id, i.quantity, i.price])).toEqual([
      [1, 2, 2000],
      [4, 1, 1000],
    ]);
  });
});

describe('variants are part of the line key', () => {
  const pan = (variant: number, quantity: number, price = 1000): CartItem => ({
    ...item(9, quantity, price),
    attributes: { variant_id: variant, sku: `PAN-${variant}`, options: [{ code: 'size', value: String(variant) }] },
  });

  it('two variants of one product stay two lines; the same variant again adds to its line', () => {
    addToCart(pan(1, 1));
    addToCart(pan(2, 1, 2000));
    addToCart(pan(1, 2));
    expect($cart.get().map((i) => [cartLineKey(i), i.quantity])).toEqual([
      ['9|v1', 3],
      ['9|v2', 1],
    ]);
    expect($cartCount.get()).toBe(4);
    expect($cartTotal.get()).toBe(3 * 1000 + 2000);
  });

  it('the stepper and remove touch only their own variant', () => {
    addToCart(pan(1, 1));
    addToCart(pan(2, 1));
    setCartQuantity(pan(2, 0), 5);
    expect($cart.get().map((i) => i.quantity)).toEqual([1, 5]);
    removeFromCart(pan(1, 0));
    expect($cart.get().map(cartLineKey)).toEqual(['9|v2']);
  });

  it('a bare product id (an older remote) still means every line of the product', () => {
    addToCart(pan(1, 1));
    addToCart(pan(2, 1));
    addToCart(item(3, 1));
    removeFromCart(9);
    expect($cart.get().map(cartLineKey)).toEqual(['3']);
  });

  it('the key reads a variant id, a top-level variant_id, the SKU or the options, in any key order', () => {
    expect(cartLineKey({ product_id: 9, attributes: { variant_id: '7' } })).toBe('9|v7');
    expect(cartLineKey({ product_id: '9', attributes: undefined, variant_id: 7 })).toBe('9|v7');
    expect(cartLineKey({ product_id: 9, attributes: { sku: 'PAN-24' } })).toBe('9|span-24');
    expect(cartLineKey({ product_id: 9, attributes: { size: '24', color: 'red' } })).toBe(cartLineKey({ product_id: 9, attributes: { color: 'red', size: '24' } }));
    expect(cartLineKey({ product_id: 9, attributes: [{ code: 'size', value: '24' }] })).not.toBe(cartLineKey({ product_id: 9, attributes: [{ code: 'size', value: '28' }] }));
    expect(cartLineKey({ product_id: 9, attributes: {} })).toBe(cartLineKey({ product_id: 9, attributes: undefined }));
  });

  it('the sign-in merge sums equal variants and keeps different ones apart', () => {
    const merged = mergeCarts([pan(1, 2)], [pan(1, 1), pan(2, 4)]);
    expect(merged.map((i) => [cartLineKey(i), i.quantity])).toEqual([
      ['9|v1', 3],
      ['9|v2', 4],
    ]);
  });

  it('the cart check caps each variant at its own stock', () => {
    const out = checkCartLines([pan(1, 5), pan(2, 5)], new Map([['9|v1', { price: 900, total_quanity: 2 }], ['9|v2', { price: 1100, total_quanity: 10 }]]));
    expect(out.map((i) => [i.price, i.quantity])).toEqual([
      [900, 2],
      [1100, 5],
    ]);
  });
});

describe('order lines sent by checkout', () => {
  it('carry each variant of one product as its own line', () => {
    const lines = orderLines([
      { ...item(9, 2), attributes: { variant_id: 1 } },
      { ...item(9, 1), attributes: { variant_id: '2' } },
    ]);
    expect(lines).toEqual([
      { product_id: 9, quantity: 2, variant_id: 1 },
      { product_id: 9, quantity: 1, variant_id: 2 },
    ]);
  });
});

describe('cartNotes (what a cart check changed, as the shopper is told it)', () => {
  const line = (id: number, variant?: number, label?: string) => ({
    product_id: id,
    name: `P${id}`,
    img_url: null,
    quantity: 3,
    price: 1000,
    slug: `p${id}`,
    attributes: variant === undefined ? undefined : { variant_id: variant, options: label ? [{ code: 'size', value: label, label }] : [] },
  });

  it('names a line by its options, and tells a cap at the per-order limit apart from one at the stock', () => {
    const notes = cartNotes([line(1, 11, '24 cm'), line(1, 12, '28 cm'), line(2)], {
      data: [
        { ...line(1, 11, '24 cm'), quantity: 2, total_quanity: 2, max_quantity: 2, variant_id: 11 },
        { ...line(2), quantity: 1, total_quanity: 50, max_quantity: 1 },
      ],
      changes: [
        { product_id: 1, variant_id: 11, change: 'quantity_capped' },
        { product_id: 1, variant_id: 12, change: 'unavailable' },
        { product_id: 2, variant_id: null, change: 'quantity_capped' },
      ],
    });
    expect(notes.map((n) => [n.name, n.change, n.max])).toEqual([
      ['P1 (24 cm)', 'quantity_capped', undefined],
      ['P1 (28 cm)', 'unavailable', undefined],
      ['P2', 'quantity_limit', 1],
    ]);
  });
});
