// POST /api/cart/check (spec §4 Cart). The shared API client has no method for it yet, and the shared
// package is a Module Federation singleton served by the shell's build, so a new client method would
// be missing in a shell built earlier; this call is made here with the same headers the client sends.
import { $accountType, $auth, $language, ApiError, type CartItem } from '@bozor/shared';

/** What the server changed in a line: gone, no longer sold, capped at stock, or a new price. */
export type CartChangeKind = 'removed' | 'unavailable' | 'quantity_capped' | 'price_changed';

export interface CartChange {
  product_id: number;
  variant_id: number | null;
  change: CartChangeKind;
}

/** A checked line: a cart item plus the stock the stepper is capped at. */
export type CheckedLine = CartItem & { total_quanity: number; variant_id?: number; old_price?: number | null };

export interface CartCheckAnswer {
  data: CheckedLine[];
  changes: CartChange[];
}

/** Sends the cart lines and returns the server's priced, stock-capped lines and what changed. */
export async function checkCart(lines: CartItem[], fetchImpl: typeof fetch = (...a) => fetch(...a)): Promise<CartCheckAnswer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-LANG': $language.get(),
    'X-ACCOUNT-TYPE': $accountType.get(),
  };
  const token = $auth.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const cart_data = lines.map((l) => ({ ...l, product_id: Number(l.product_id) }));
  const res = await fetchImpl('/api/cart/check', { method: 'POST', headers, body: JSON.stringify({ cart_data }) });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? res.statusText);
  }
  return data as CartCheckAnswer;
}

/** The line as the cart store keeps it (the server's extra fields dropped). */
export function toCartItem(line: CheckedLine): CartItem {
  return {
    product_id: line.product_id,
    name: line.name,
    img_url: line.img_url,
    quantity: line.quantity,
    attributes: line.attributes,
    price: line.price,
    slug: line.slug,
    mxit: line.mxit,
    mxit_unit: line.mxit_unit,
    weight: line.weight,
  };
}
