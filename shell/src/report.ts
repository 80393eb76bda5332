/**
 * Records a client-side failure in the server log (POST /_client-log, handled by shell/server):
 * service-worker registration, remote loading. Never throws.
 */
export function reportClientError(kind: string, error: unknown, extra: Record<string, unknown> = {}) {
  const body = JSON.stringify({
    kind,
    message: error instanceof Error ? error.message : String(error),
    path: typeof location === 'undefined' ? '' : location.pathname,
    ...extra,
  });
  console.error(`[bozor] ${kind}`, error);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon('/_client-log', new Blob([body], { type: 'application/json' }));
    } else if (typeof fetch === 'function') {
      void fetch('/_client-log', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).catch(() => undefined);
    }
  } catch {
    // reporting must never break the page
  }
}
