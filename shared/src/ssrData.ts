// What the shell server and a remote's server bundle (ssr/<remote>.cjs) agree on when a page is rendered
// on the server (docs/operations.md "Server rendering"): the API answers a page asks for, and what the
// server knows of the shopper's browser. Types only.
import type { CartCookieLine } from './cartCookie.js';

/** One API answer a page is rendered from (a remote's `dataRequests`), kept in the page under `key`. */
export interface DataRequest {
  key: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

/** What the server knows of the shopper's browser that a page may be rendered from. */
export interface SsrContext {
  /** The cart's lines from its cookie mirror; undefined when there is none (the cart is unknown). */
  cart?: CartCookieLine[];
  /**
   * This browser keeps a signed-in session (the `bz_in` cookie the shell writes beside it): the header is
   * drawn with "My account" rather than "Sign in". A guess for the picture only; no authority comes of it.
   */
  signedIn?: boolean;
}
