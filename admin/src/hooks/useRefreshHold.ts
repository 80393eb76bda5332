// A screen that refreshes itself (the order page while its payment is open) must not change under a staff
// member at work: while a step is on its way, a dialog is open or a field holds unsaved typing, the part of
// the screen doing it holds the refresh, and the next one comes once nothing holds it.
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef } from 'react';

export interface RefreshHolds {
  /** Holds (or lets go of) the refresh for the part named `id`. */
  hold: (id: string, held: boolean) => void;
}

const RefreshHoldContext = createContext<RefreshHolds | null>(null);

/** Given by the screen that refreshes itself to its parts. */
export const RefreshHoldProvider = RefreshHoldContext.Provider;

/** Holds the screen's refresh while `held` (outside such a screen: nothing to hold). */
export function useHoldRefresh(held: boolean): void {
  const holds = useContext(RefreshHoldContext);
  const id = useId();
  useEffect(() => {
    if (!holds || !held) return;
    holds.hold(id, true);
    return () => holds.hold(id, false);
  }, [holds, held, id]);
}

/** The screen's side: what its parts hold the refresh with, and whether any holds it now. */
export function useRefreshHolds(): { holds: RefreshHolds; held: () => boolean } {
  const ids = useRef(new Set<string>());
  const holds = useMemo<RefreshHolds>(
    () => ({
      hold: (id, held) => {
        if (held) ids.current.add(id);
        else ids.current.delete(id);
      },
    }),
    [],
  );
  return { holds, held: useCallback(() => ids.current.size > 0, []) };
}
