import { useCallback, useEffect, useState } from 'react';

export interface AsyncState<T> {
  data: T | null;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

/** Runs `load` when its dependencies change; keeps the last answer, the loading flag and the error. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    run().then(
      (d) => live && (setData(d), setLoading(false)),
      (e: unknown) => live && (setError(e), setLoading(false)),
    );
    return () => {
      live = false;
    };
  }, [run, tick]);
  return { data, loading, error, reload: () => setTick((n) => n + 1) };
}
