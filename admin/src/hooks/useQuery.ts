// Loads one API answer for a screen and keeps it fresh: again when its inputs or the language change
// (labels come from the API in the staff member's language), on `reload()`, and every `pollMs` while
// the tab is visible. A poll never blanks the screen: its answer replaces the data, its failure is kept
// apart from the first load's error.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language } from '@bozor/shared';

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again (shows the loading state only when there is nothing to show yet). */
  reload: () => void;
  /** Replaces the data with an answer the screen already has (e.g. the order a status change returned). */
  setData: (data: T) => void;
}

export function useQuery<T>(load: () => Promise<T>, deps: readonly unknown[], options: { pollMs?: number } = {}): QueryState<T> {
  const lang = useStore($language);
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [nonce, setNonce] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  const run = useRef(0);
  const key = JSON.stringify(deps);

  const fetchNow = useCallback((quiet: boolean) => {
    const id = ++run.current;
    if (!quiet) setLoading(true);
    latest.current().then(
      (answer) => {
        if (id !== run.current) return;
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (id !== run.current) return;
        // a failed poll keeps what is on the screen; a failed load says why
        if (!quiet) setError(err);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    fetchNow(false);
    // the inputs are compared by value (key), not by the identity of the arrays callers build
  }, [key, lang, nonce, fetchNow]);

  useEffect(() => {
    if (!options.pollMs) return;
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      fetchNow(true);
    }, options.pollMs);
    return () => clearInterval(timer);
  }, [options.pollMs, key, lang, fetchNow]);

  return {
    data,
    error,
    loading,
    reload: useCallback(() => setNonce((n) => n + 1), []),
    setData: useCallback((d: T) => setData(d), []),
  };
}
