// React hooks every app of the shop needs the same way (the shell, the remotes and the back office).
import { useEffect, useState } from 'react';

/**
 * Seconds left before something may be done again (a new SMS code, a new card code); ticks down
 * once a second and stops at 0. Set it from the API's `retry_after` or a default wait.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return [left, setLeft];
}
