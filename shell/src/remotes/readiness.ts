// "The page is ready": the shell has rendered (or hydrated) and every remote slot on the page has its
// module in place and running. Marked as <html data-ready="1">, for the browser tests and for anybody
// measuring when a server-rendered page starts to answer clicks.
let appMounted = false;
let pending = 0;
let readyOnce: (() => void) | null = null;
const firstReady = new Promise<void>((resolve) => (readyOnce = resolve));

function mark() {
  if (appMounted && pending === 0) readyOnce?.();
  if (typeof document === 'undefined') return;
  if (appMounted && pending === 0) document.documentElement.dataset.ready = '1';
  else delete document.documentElement.dataset.ready;
}

/**
 * Resolves once the page is first ready: a server-rendered page is then hydrated, so a store changed from
 * here on (the account's cart read from the server) re-renders it instead of making React's hydrating
 * render differ from the server's HTML.
 */
export function whenReady(): Promise<void> {
  return firstReady;
}

/** The shell's tree has committed. */
export function appCommitted(): void {
  appMounted = true;
  mark();
}

/** A slot waits for its remote's module; call the result when the module has mounted. */
export function slotWaiting(): () => void {
  pending++;
  mark();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending--;
    mark();
  };
}
