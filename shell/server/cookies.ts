// What the server reads from a page request's cookies: the language chosen before, the cart's mirror
// and whether the browser keeps a signed-in session. The browser writes them (shell/src, shared/src).
import { CART_COOKIE, decodeCartCookie } from '../../shared/src/cartCookie.js';
import { SIGNED_IN_COOKIE } from '../src/layout/signedInCookie.js';
import type { Lang } from './catalogue.js';
import type { SsrContext } from './ssr.js';

/** One cookie's value, as written, in a Cookie header; undefined when it is not there. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trimStart() === name) return part.slice(eq + 1);
  }
  return undefined;
}

/** The language the shopper last chose (the `lang` cookie); null without one the shop knows. */
export function langFromCookie(cookie: string | undefined): Lang | null {
  const value = cookieValue(cookie, 'lang');
  return value === 'uz' || value === 'ru' || value === 'en' ? value : null;
}

/** The cart's cookie mirror (shared/src/cartCookie.ts); undefined without one, or with one we did not write. */
export function cartFromCookie(cookie: string | undefined): SsrContext['cart'] {
  const value = cookieValue(cookie, CART_COOKIE);
  return value === undefined ? undefined : (decodeCartCookie(value) ?? undefined);
}

/** The shopper's browser keeps a signed-in session (its `bz_in` cookie): the header is drawn for them. */
export const signedInFromCookie = (cookie: string | undefined) => cookieValue(cookie, SIGNED_IN_COOKIE) === '1';
