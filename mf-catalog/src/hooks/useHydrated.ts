import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and during the browser's hydration of a server-rendered page, true afterwards
 * (and from the start in a page rendered in the browser). What only the browser knows (the screen
 * width) waits for it, so the hydrating render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
