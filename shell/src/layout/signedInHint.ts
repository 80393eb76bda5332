// Whether the header is drawn for a signed-in shopper before the browser knows: the shell server reads the
// `bz_in` cookie (./signedInCookie.ts, kept by stores/persistence.ts beside the stored session) and marks the
// page `data-signed-in`; the hydrating render reads that mark, so both draw the same header. No authority
// comes of it: it only spares a returning shopper a "Sign in" button that turns into "My account".
import { createContext } from 'react';

export const SignedInHint = createContext(false);

/** What the server drew the page's header with (the mark on #root); false for a page it did not render. */
export function serverDrewSignedIn(root: HTMLElement | null): boolean {
  return root?.dataset.ssr === '1' && root.dataset.signedIn === '1';
}
