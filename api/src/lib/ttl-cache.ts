/**
 * A value per key, loaded on first use and again once it is older than `ttlMs`; concurrent
 * callers share one load, and a failed load is not kept. At most `maxEntries` keys are kept (the
 * oldest goes first). For figures that follow the catalogue rather than the request (the
 * category tree, product counts, facets), where a few seconds' lag is fine.
 */
export function ttlCache<K, V>(
  ttlMs: number,
  load: (key: K) => Promise<V>,
  options: { maxEntries?: number; keyOf?: (key: K) => unknown; now?: () => number; onLookup?: (hit: boolean) => void } = {},
) {
  const { maxEntries = 1000, keyOf = (k: K) => k, now = Date.now, onLookup } = options;
  const entries = new Map<unknown, { at: number; value: Promise<V> }>();
  const get = (key: K): Promise<V> => {
    const id = keyOf(key);
    const hit = entries.get(id);
    if (hit && now() - hit.at < ttlMs) {
      onLookup?.(true);
      return hit.value;
    }
    onLookup?.(false);
    const value = load(key);
    entries.delete(id);
    entries.set(id, { at: now(), value });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value);
    value.catch(() => {
      if (entries.get(id)?.value === value) entries.delete(id);
    });
    return value;
  };
  /** Forgets every entry: the next call of each key loads again (after a change made in this process). */
  return Object.assign(get, { clear: () => entries.clear() });
}
