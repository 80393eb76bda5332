// The API answers the shell server rendered a page from (<script id="bozor-data">, shell/server/head.ts),
// for the browser's hydrating render to start from the same. Imported by subpath
// (`@bozor/shared/page-data`): each remote reads its own keys.

/** After this long a page's answers are too old: a fresh request is better. */
export const PAGE_DATA_TTL_MS = 60_000;

let inline: Record<string, unknown> | null = null;

/** The page's answers by key; empty on the server, after the page's first minute, or when there are none. */
export function pageData(): Record<string, unknown> {
  if (typeof document === 'undefined' || performance.now() > PAGE_DATA_TTL_MS) return {};
  if (inline === null) {
    try {
      const parsed = JSON.parse(document.getElementById('bozor-data')?.textContent ?? '{}') as unknown;
      inline = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      inline = {};
    }
  }
  return inline;
}

/** Tests only: read the page's answers again on the next call. */
export function resetPageDataForTests(): void {
  inline = null;
}
