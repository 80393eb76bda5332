// Loads one API answer for a screen and keeps it fresh: again when its inputs or the language change
// (labels come from the API in the staff member's language), on `reload()`, and every `pollMs` while
// the tab is visible. A poll never blanks the screen: its answer replaces the data, its failure is kept
// apart from the first load's error. While `pollPaused()` says so (staff are at work on the screen) a poll
// is not asked, and its answer is dropped when the pause began while it was on its way; nor does a poll
// asked before `setData` overwrite the newer answer that gave (a status step's order).
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

export interface QueryOptions {
  /** Ask again every so many ms while the tab is visible (none: never). */
  pollMs?: number;
  /** True while a poll must not change the screen (a step on its way, unsaved typing). */
  pollPaused?: () => boolean;
}

export function useQuery<T>(load: () => Promise<T>, deps: readonly unknown[], options: QueryOptions = {}): QueryState<T> {
  const lang = useStore($language);
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [nonce, setNonce] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  const paused = useRef(options.pollPaused);
  paused.current = options.pollPaused;
  const run = useRef(0);
  // the last request asked before the screen was given its data by `setData`: a poll up to it is older
  const setAt = useRef(0);
  const key = JSON.stringify(deps);

  const fetchNow = useCallback((quiet: boolean) => {
    const id = ++run.current;
    if (!quiet) setLoading(true);
    latest.current().then(
      (answer) => {
        if (id !== run.current) return;
        if (quiet && (id <= setAt.current || paused.current?.())) return;
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
      if (paused.current?.()) return;
      fetchNow(true);
    }, options.pollMs);
    return () => clearInterval(timer);
  }, [options.pollMs, key, lang, fetchNow]);

  return {
    data,
    error,
    loading,
    reload: useCallback(() => setNonce((n) => n + 1), []),
    setData: useCallback((d: T) => {
      setAt.current = run.current;
      setData(d);
    }, []),
  };
}
