// The cart store (docs/product.md "Stores", "Cart"). Named actions only; the shell persists it ('cart' in
// localStorage) and mirrors a signed-in user's cart to the backend.
import { atom, computed } from 'nanostores';
import type { CartItem } from '../schemas';
import { cartLineKey, type CartLineRef } from '../cartLine';

export const $cart = atom<CartItem[]>([]);

/**
 * True while a signed-in shopper's cart is being read from the server as the page starts (the shell's
 * start-up pull): this browser's copy may be empty or old until then, so a page that acts on an empty
 * cart (the checkout sends it to the cart page) waits. False for a guest and once the pull has ended,
 * whatever its outcome.
 */
export const $cartSyncing = atom<boolean>(false);

/** Number of pieces in the cart (what the badge shows). */
export const $cartCount = computed($cart, (items) => items.reduce((n, i) => n + i.quantity, 0));

/** Sum of the cart in so'm, from the prices the client knows (the server recomputes at checkout). */
export const $cartTotal = computed($cart, (items) => items.reduce((n, i) => n + i.price * i.quantity, 0));

export { cartLineKey, type CartLineRef } from '../cartLine';

/** Adds an item; adding a line already in the cart (same product and variant) increases its quantity. */
export function addToCart(item: CartItem) {
  const items = $cart.get();
  const key = cartLineKey(item);
  if (items.some((i) => cartLineKey(i) === key)) {
    $cart.set(items.map((i) => (cartLineKey(i) === key ? { ...i, quantity: i.quantity + item.quantity } : i)));
  } else {
    $cart.set([...items, item]);
  }
}

/**
 * Which lines `line` means: a line reference (an item) means that one line; a bare product id —
 * what remotes built before variants were keyed pass — means every line of the product.
 */
function matches(line: CartLineRef | CartItem['product_id']): (i: CartItem) => boolean {
  if (typeof line === 'object') {
    const key = cartLineKey(line);
    return (i) => cartLineKey(i) === key;
  }
  return (i) => String(i.product_id) === String(line);
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setCartQuantity(line: CartLineRef | CartItem['product_id'], quantity: number) {
  const items = $cart.get();
  const hit = matches(line);
  if (quantity <= 0) $cart.set(items.filter((i) => !hit(i)));
  else $cart.set(items.map((i) => (hit(i) ? { ...i, quantity } : i)));
}

/** Removes a line (the given product in the given variant). */
export function removeFromCart(line: CartLineRef | CartItem['product_id']) {
  setCartQuantity(line, 0);
}

export function clearCart() {
  $cart.set([]);
}

/**
 * Replaces the cart (from storage, another tab or the server). Lines equal to those held change nothing:
 * a new but equal list would still make every reader (the header's badge, the cart page) render again,
 * synchronously, and the shell write it to storage again — the cart page's check after load mostly
 * answers what the browser already has.
 */
export function replaceCart(items: CartItem[]) {
  if (JSON.stringify(items) === JSON.stringify($cart.get())) return;
  $cart.set(items);
}

/**
 * Merges a guest cart into the backend cart: equal lines (same product and variant, see
 * {@link cartLineKey}) have their quantities summed; the backend line's other fields win. Order:
 * backend lines first, then new guest lines.
 */
export function mergeCarts(backend: CartItem[], guest: CartItem[]): CartItem[] {
  const merged = new Map<string, CartItem>();
  for (const item of [...backend, ...guest]) {
    const key = cartLineKey(item);
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, quantity: prev.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()].filter((i) => i.quantity > 0);
}

/**
 * Cart check (docs/product.md "Cart"): each line's quantity is capped at the product's total_quanity, its price
 * refreshed, and lines left at 0 removed. Unlike the original, every product answer is awaited.
 * `fresh` is keyed by line key ({@link cartLineKey}, per variant) or, for the whole product, by product id.
 */
export function checkCartLines(
  items: CartItem[],
  fresh: ReadonlyMap<string, { price: number; total_quanity?: number } | null>,
): CartItem[] {
  return items
    .map((item) => {
      const key = cartLineKey(item);
      const p = fresh.has(key) ? fresh.get(key) : fresh.get(String(item.product_id));
      if (p === undefined) return item;
      if (p === null) return { ...item, quantity: 0 };
      const cap = p.total_quanity ?? item.quantity;
      return { ...item, price: p.price, quantity: Math.min(item.quantity, cap) };
    })
    .filter((i) => i.quantity > 0);
}
