// The cart store of spec §4 "Cart". Named actions only; the shell persists it ('cart' in
// localStorage) and mirrors a signed-in user's cart to the backend.
import { atom, computed } from 'nanostores';
import type { CartItem } from '../schemas';

export const $cart = atom<CartItem[]>([]);

/** Number of pieces in the cart (what the badge shows). */
export const $cartCount = computed($cart, (items) => items.reduce((n, i) => n + i.quantity, 0));

/** Sum of the cart in so'm, from the prices the client knows (the server recomputes at checkout). */
export const $cartTotal = computed($cart, (items) => items.reduce((n, i) => n + i.price * i.quantity, 0));

/** Adds an item; adding a product already in the cart increases its quantity. */
export function addToCart(item: CartItem) {
  const items = $cart.get();
  const existing = items.find((i) => i.product_id === item.product_id);
  if (existing) {
    $cart.set(items.map((i) => (i.product_id === item.product_id ? { ...i, quantity: i.quantity + item.quantity } : i)));
  } else {
    $cart.set([...items, item]);
  }
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setCartQuantity(productId: CartItem['product_id'], quantity: number) {
  const items = $cart.get();
  if (quantity <= 0) $cart.set(items.filter((i) => i.product_id !== productId));
  else $cart.set(items.map((i) => (i.product_id === productId ? { ...i, quantity } : i)));
}

export function removeFromCart(productId: CartItem['product_id']) {
  setCartQuantity(productId, 0);
}

export function clearCart() {
  $cart.set([]);
}

/** Replaces the cart (from storage, another tab or the server). */
export function replaceCart(items: CartItem[]) {
  $cart.set(items);
}

/**
 * Merges a guest cart into the backend cart: lines with the same product_id have their quantities
 * summed; the backend line's other fields win. Order: backend lines first, then new guest lines.
 */
export function mergeCarts(backend: CartItem[], guest: CartItem[]): CartItem[] {
  const merged = new Map<string, CartItem>();
  for (const item of [...backend, ...guest]) {
    const key = String(item.product_id);
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, quantity: prev.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()].filter((i) => i.quantity > 0);
}

/**
 * Cart check (spec §4): each line's quantity is capped at the product's total_quanity, its price
 * refreshed, and lines left at 0 removed. Unlike the original, every product answer is awaited.
 */
export function checkCartLines(
  items: CartItem[],
  fresh: ReadonlyMap<string, { price: number; total_quanity?: number } | null>,
): CartItem[] {
  return items
    .map((item) => {
      const p = fresh.get(String(item.product_id));
      if (p === undefined) return item;
      if (p === null) return { ...item, quantity: 0 };
      const cap = p.total_quanity ?? item.quantity;
      return { ...item, price: p.price, quantity: Math.min(item.quantity, cap) };
    })
    .filter((i) => i.quantity > 0);
}
