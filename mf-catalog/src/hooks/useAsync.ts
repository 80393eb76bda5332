import { startTransition, useEffect, useRef, useState } from 'react';
import type { Seed } from '../api/prefetch';

export interface AsyncState<T> {
  data: T | null;
  loading: boolean;
  error: Error | null;
}

/**
 * Runs `load` whenever `key` changes and keeps only the newest answer (an older, slower request never
 * overwrites a newer one). The hooks of this remote build on it; pages never fetch themselves.
 *
 * `seed`: an answer that came with the page (the server rendered the page from it). The first render
 * shows it at once, the same on the server and while the browser hydrates, and no request is made for
 * that key.
 */
export function useAsync<T>(key: string, load: () => Promise<T>, seed?: () => Seed<T> | undefined): AsyncState<T> {
  const seeded = useRef<Seed<T> | undefined>(undefined);
  const [state, setState] = useState<AsyncState<T> & { key: string | null }>(() => {
    const given = seed?.();
    seeded.current = given;
    return given ? { data: given.value, loading: false, error: null, key } : { data: null, loading: true, error: null, key: null };
  });
  useEffect(() => {
    const given = seeded.current;
    seeded.current = undefined;
    if (given && state.key === key) {
      given.markUsed();
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    // the page's render with its data is a transition: it yields to input instead of one long task
    load().then(
      (data) => current && startTransition(() => setState({ data, loading: false, error: null, key })),
      (error: unknown) =>
        current && startTransition(() => setState({ data: null, loading: false, error: error instanceof Error ? error : new Error(String(error)), key })),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure on every render; `key` says when the request really changes.
  }, [key]);
  return { data: state.data, loading: state.loading || state.key !== key, error: state.error };
}
