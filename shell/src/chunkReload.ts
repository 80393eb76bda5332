// Chunk-load error guard (docs/product.md "After a deploy"): after a deploy an open tab may ask for a chunk that is gone; the
// page reloads — at most once per 10 000 ms, so a real outage cannot cause a reload loop.
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY = 'bozor:chunk-reload-at';

/** True for the errors a missing lazy chunk produces. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message);
}

/** Decides whether to reload now, given the time of the last guarded reload. */
export function shouldReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/** Installs the guard on the window. */
export function installChunkReloadGuard(win: Window = window) {
  const handle = (error: unknown) => {
    if (!isChunkLoadError(error)) return;
    const last = Number(win.sessionStorage.getItem(KEY)) || null;
    const now = Date.now();
    if (!shouldReload(now, last)) return;
    win.sessionStorage.setItem(KEY, String(now));
    win.location.reload();
  };
  win.addEventListener('error', (e) => handle(e.error));
  win.addEventListener('unhandledrejection', (e) => handle(e.reason));
}
