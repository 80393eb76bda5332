// Work that no first render needs waits for the page's `load` event and then an idle moment, so its
// scripts are neither fetched nor run while the page's own JavaScript is (the cart's header widget).
import { useEffect, useState } from 'react';

/** Calls `run` once after `load` and an idle period (at most `timeout` ms later); returns a cancel. */
export function afterLoadIdle(run: () => void, win: Window = window, timeout = 2000): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = () => {
    if (cancelled) return;
    if (typeof win.requestIdleCallback === 'function') idleId = win.requestIdleCallback(() => !cancelled && run(), { timeout });
    else timer = setTimeout(() => !cancelled && run(), 0);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', idle);
    if (idleId !== undefined && typeof win.cancelIdleCallback === 'function') win.cancelIdleCallback(idleId);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** False until the page has loaded and been idle once, then true. */
export function useAfterLoadIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadIdle(() => setReady(true)), []);
  return ready;
}
