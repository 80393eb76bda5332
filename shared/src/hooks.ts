// React hooks every app of the shop needs the same way (the shell, the remotes and the back office).
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type DependencyList, type RefObject } from 'react';
import { $auth, onAuthEvent } from './stores/auth';

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

/** How `usePoll` asks again. */
export interface PollOptions {
  /** Milliseconds from the end of one tick (its promise settled) to the next: ticks never overlap. */
  everyMs: number;
  /** Polls only while true (a payment being checked, a signed-in staff member); the first tick comes `everyMs` after it turns true. */
  active: boolean;
  /** Ticks at most, counted afresh when `restartOn` changes: a tab left open does not poll for ever. */
  max?: number;
  /** While the tab is hidden a tick is skipped (and not counted): nobody is looking. */
  visibleOnly?: boolean;
}

/**
 * Calls `tick` again and again while `active`: the one polling loop of the shop (a payment being checked, on
 * the checkout's confirmation and in My orders; the back office's new orders and lists). A tick's failure is
 * the tick's to report; polling goes on. The latest `tick` is called (a new function each render is fine).
 * `restartOn` names what starts a new series (another order, another language): the count begins again and
 * a tick still under way for the old one is not followed by another.
 */
export function usePoll(tick: () => unknown, { everyMs, active, max = Number.POSITIVE_INFINITY, visibleOnly = false }: PollOptions, restartOn: DependencyList = []): void {
  const latest = useRef(tick);
  useLayoutEffect(() => {
    latest.current = tick;
  });
  // one series per `restartOn`: the ticks' count is kept in it (a box the ticks add to; nothing redraws on it)
  const [series, setSeries] = useState(() => ({ restartOn, count: 0 }));
  let current = series;
  if (restartOn.length !== series.restartOn.length || restartOn.some((value, i) => !Object.is(value, series.restartOn[i]))) {
    current = { restartOn, count: 0 };
    setSeries(current);
  }
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (live && current.count < max) timer = setTimeout(() => void run(), everyMs);
    };
    const run = async () => {
      if (!live) return;
      if (!visibleOnly || typeof document === 'undefined' || document.visibilityState !== 'hidden') {
        current.count += 1;
        try {
          await latest.current();
        } catch {
          // the tick says what failed (a page keeps what it shows); the next one may go through
        }
      }
      next();
    };
    next();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, everyMs, max, visibleOnly, current]);
}

/** An answer that came with the page (the server rendered the page from it). */
export interface AsyncSeed<T> {
  value: T;
  /** Called once the page has shown it (after the first commit in the browser). */
  markUsed(): void;
}

export interface AsyncState<T> {
  data: T | null;
  loading: boolean;
  error: Error | null;
  /** Asks again for the same key (a "Retry" button). */
  reload: () => void;
}

/**
 * The one data loader of the remotes: runs `load` whenever `key` changes and keeps only the newest
 * answer (an older, slower request never overwrites a newer one). `key` names everything the request
 * depends on (ids, page, language, account type); `load` may be a new closure on every render.
 *
 * `seed`: an answer that came with the page. The first render shows it at once, the same on the server
 * and while the browser hydrates, and no request is made for that key.
 */
export function useAsync<T>(key: string, load: () => Promise<T>, seed?: () => AsyncSeed<T> | undefined): AsyncState<T> {
  const loadRef = useRef(load);
  useLayoutEffectOnClient(() => {
    loadRef.current = load;
  });
  const seeded = useRef<AsyncSeed<T> | undefined>(undefined);
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: Error | null; key: string | null }>(() => {
    const given = seed?.();
    seeded.current = given;
    return given ? { data: given.value, loading: false, error: null, key } : { data: null, loading: true, error: null, key: null };
  });
  const seededKey = useRef(state.key);
  useEffect(() => {
    const given = seeded.current;
    seeded.current = undefined;
    if (given && seededKey.current === key && tick === 0) {
      given.markUsed();
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    // the page's render with its data is a transition: it yields to input instead of one long task
    loadRef.current().then(
      (data) => current && startTransition(() => setState({ data, loading: false, error: null, key })),
      (error: unknown) =>
        current && startTransition(() => setState({ data: null, loading: false, error: error instanceof Error ? error : new Error(String(error)), key })),
    );
    return () => {
      current = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data: state.data, loading: state.loading || state.key !== key, error: state.error, reload };
}

/** useLayoutEffect in the browser, nothing on the server (where it would only warn). */
export const useLayoutEffectOnClient = typeof window === 'undefined' ? () => {} : useLayoutEffect;

/**
 * True once the shopper signed in on this page while the component was shown (the sign-in dialog's
 * 'logged-in', not a session restored from storage or another tab), until the session ends (here, on the
 * server or in another tab): signing in again on the same page makes it true again. A page that swaps its
 * "sign in" prompt for its content moves the focus on then: the prompt's button, where the dialog would
 * return it, is gone, and the focus would fall to the page's body.
 */
export function useSignedInHere(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    const offEvents = onAuthEvent((event) => {
      if (event === 'logged-in') setSignedIn(true);
    });
    // any end of the session, also one only restored from another tab (which emits nothing), so that the
    // next sign-in here counts as a new one; a session restored as signed in changes nothing
    const offAuth = $auth.listen((auth) => {
      if (!auth.isAuthenticated) setSignedIn(false);
    });
    return () => {
      offEvents();
      offAuth();
    };
  }, []);
  return signedIn;
}

/**
 * A ref for the page's heading (give it `tabIndex={-1}`), focused when the shopper signs in on the page
 * (`useSignedInHere`) — for a page that shows a sign-in prompt to a guest and its content afterwards.
 */
export function useFocusOnSignIn<T extends HTMLElement>(): RefObject<T | null> {
  const heading = useRef<T>(null);
  const signedInHere = useSignedInHere();
  useEffect(() => {
    if (signedInHere) heading.current?.focus();
  }, [signedInHere]);
  return heading;
}

/**
 * Runs `action` after the render that follows a call of the returned function: the render that shows what
 * the call's state changes bring (a step's new field, a refusal's message), so the focus can go there.
 * `action` may be a new closure on every render; the newest one runs. The returned function is stable.
 */
export function useAfterNextRender(action: () => void): () => void {
  const [request, setRequest] = useState(0);
  const latest = useRef(action);
  useLayoutEffectOnClient(() => {
    latest.current = action;
  });
  useEffect(() => {
    if (request > 0) latest.current();
  }, [request]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
