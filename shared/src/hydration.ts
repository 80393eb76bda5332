// Server-rendered pages (contract 2.1.0): what only the browser knows waits for hydration.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates a server-rendered page, true afterwards (and at
 * once in a page rendered in the browser). What only the browser knows (the signed-in shopper, the
 * screen width, stores filled after the page loaded) waits for it, so the hydrating render matches the
 * server's HTML and React need not render that part again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
