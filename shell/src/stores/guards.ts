// Checks of what localStorage holds ('auth', 'cart') before the stores take it, written by hand: they run
// before the first render, and the contract's zod schemas (`@bozor/shared/schemas`) would bring zod
// into every page's first download for these two reads. They accept exactly what authStateSchema and
// cartSchema accept and, like them, keep only the known fields (a test compares them with the schemas).
import type { AuthState, CartItem, User } from '@bozor/shared';

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
/** `z.string().nullish()` */
const isNullishString = (v: unknown) => v === undefined || v === null || isString(v);

const USER_TEXT_FIELDS = ['name', 'surname', 'email', 'photo_url', 'user_type'] as const;

/** userSchema: a loose object (unknown fields kept), each known field of its type when present. */
function checkUser(v: unknown): User | null {
  if (!isObject(v)) return null;
  if (v.id !== undefined && !isString(v.id) && !isNumber(v.id)) return null;
  if (v.phone !== undefined && !isString(v.phone)) return null;
  if (!USER_TEXT_FIELDS.every((k) => isNullishString(v[k]))) return null;
  return { ...v } as User;
}

/** authStateSchema: { isAuthenticated, token, user | null, userType }, nothing else kept. */
export function checkAuthState(v: unknown): AuthState | null {
  if (!isObject(v) || typeof v.isAuthenticated !== 'boolean' || !isString(v.token) || !isString(v.userType)) return null;
  const user = v.user === null ? null : checkUser(v.user);
  if (user === null && v.user !== null) return null;
  return { isAuthenticated: v.isAuthenticated, token: v.token, user, userType: v.userType };
}

const CART_ITEM_FIELDS = ['product_id', 'name', 'img_url', 'quantity', 'attributes', 'price', 'slug', 'mxit', 'mxit_unit', 'weight'] as const;

/** cartItemSchema: the cart item of docs/product.md "Entities", nothing else kept. */
export function checkCartItem(v: unknown): CartItem | null {
  if (!isObject(v)) return null;
  const ok =
    (isNumber(v.product_id) || isString(v.product_id)) &&
    isString(v.name) &&
    isNullishString(v.img_url) &&
    isNumber(v.quantity) &&
    Number.isInteger(v.quantity) &&
    isNumber(v.price) &&
    isString(v.slug) &&
    isNullishString(v.mxit) &&
    isNullishString(v.mxit_unit) &&
    (v.weight === undefined || v.weight === null || isNumber(v.weight));
  if (!ok) return null;
  const item: Obj = {};
  for (const k of CART_ITEM_FIELDS) if (k in v) item[k] = v[k];
  return item as CartItem;
}

/** cartSchema: an array of cart items; one bad item refuses the whole cart, as the schema does. */
export function checkCart(v: unknown): CartItem[] | null {
  if (!Array.isArray(v)) return null;
  const items = v.map(checkCartItem);
  return items.every((i): i is CartItem => i !== null) ? items : null;
}
