// Server-rendered pages (contract 2.1.0): what only the browser knows waits for hydration.
import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates a server-rendered page, true afterwards (and at
 * once in a page rendered in the browser). What only the browser knows (the signed-in shopper, the
 * screen width, stores filled after the page loaded) waits for it, so the hydrating render matches the
 * server's HTML and React need not render that part again.
 *
 * The turn to true after a hydration is a transition: React renders it in slices a tap can come
 * between. (`useSyncExternalStore` alone, whose server snapshot differs, made React re-render every
 * such component in one synchronous task right after hydrating — a quarter of a second on a slow
 * phone — and, at that priority, throw away the server's HTML of a remote's part not yet hydrated.)
 */
export function useHydrated(): boolean {
  // whether React hydrated this component: it asks for the server's snapshot only then
  const hydrating = useRef(false);
  const atMount = useSyncExternalStore(
    subscribe,
    // a hydrated component keeps the server's value here, so React sees no change to force
    () => !hydrating.current,
    () => {
      hydrating.current = true;
      return false;
    },
  );
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (atMount) return;
    startTransition(() => setAfter(true));
  }, [atMount]);
  return atMount || after;
}
