import { $cart, $cartCount, addToCart, setCartQuantity, clearCart, mergeCarts, checkCartLines, type CartItem } from '../src';

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
