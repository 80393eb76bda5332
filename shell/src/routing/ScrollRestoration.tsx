// Scroll positions across in-app navigations. The shell routes with <BrowserRouter> (bootstrap.tsx),
// not a data router, so React Router's own <ScrollRestoration> does not work here; this does the same
// with the location and navigation type: a new page opens at its top (or its #fragment), Back/Forward
// and a reload return to where the shopper was, and a list changed in place does not jump
// (routing/scroll.ts decides which). Renders nothing: the server's HTML is unchanged.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';
import { ScrollPositions, positionKey, scrollActionFor } from './scroll';

/** How long a restore or a #fragment waits for the page (a remote's module, then its data) before settling. */
export const SCROLL_WAIT_MS = 5000;

/** What the shopper does that means "I am moving the page myself": a waiting restore stops. */
const SHOPPER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Whether the page is still coming: a remote slot's loading line and the remotes' loading states
 * (skeleton grids, PageState) are all marked aria-busy inside <main>.
 */
function pageLoading(): boolean {
  return document.querySelector('main [aria-busy="true"]') !== null;
}

function maxScrollY(): number {
  return Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(run, 16);
  return () => clearTimeout(id);
};

/**
 * Runs `attempt` now and then on every frame until it succeeds, the shopper scrolls, taps or types, or
 * SCROLL_WAIT_MS pass (then `settle`). Returns how to stop waiting, or null when `attempt` succeeded at once.
 */
function whenReady(attempt: () => boolean, settle: () => void, onStop: () => void): (() => void) | null {
  if (attempt()) return null;
  let cancelFrame = () => {};
  const stop = () => {
    cancelFrame();
    clearTimeout(timer);
    for (const type of SHOPPER_INPUT) window.removeEventListener(type, stop, true);
    onStop();
  };
  const tick = () => {
    if (attempt()) stop();
    else cancelFrame = nextFrame(tick);
  };
  const timer = setTimeout(() => {
    stop();
    settle();
  }, SCROLL_WAIT_MS);
  for (const type of SHOPPER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  cancelFrame = nextFrame(tick);
  return stop;
}

interface ScrollState {
  positions: ScrollPositions | null;
  /** The location handled last (null before the first). */
  previous: Location | null;
  /** Its position key: where scrolling is recorded. */
  key: string;
  /** Stops a restore that waits for the page; while one waits, the browser's clamped positions are not recorded. */
  waiting: (() => void) | null;
}

export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  const self = useRef<ScrollState>({ positions: null, previous: null, key: '', waiting: null });

  // declared first, so it runs before the location's effect below on mount
  useLayoutEffect(() => {
    const s = self.current;
    const positions = new ScrollPositions(sessionStorageOrNull());
    s.positions = positions;
    const browserMode = window.history.scrollRestoration;
    // the browser would restore (or keep) the position itself before the new page has rendered
    window.history.scrollRestoration = 'manual';
    const record = () => {
      if (!s.waiting && s.key) positions.set(s.key, window.scrollY);
    };
    const onHide = () => {
      record();
      positions.save();
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      s.waiting?.();
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', onHide);
      window.history.scrollRestoration = browserMode;
    };
  }, []);

  useLayoutEffect(() => {
    const s = self.current;
    const positions = s.positions as ScrollPositions;
    s.waiting?.();
    const key = positionKey(location);
    const first = s.previous === null;
    const decided = scrollActionFor(s.previous, location, type, positions.get(key));
    // a server-rendered page comes alive after its load event: a shopper who has scrolled it by then keeps
    // their place rather than being sent back to the one saved before the reload
    const action = first && decided.kind === 'restore' && window.scrollY > 0 ? ({ kind: 'stay' } as const) : decided;
    s.previous = location;
    s.key = key;
    const wait = (attempt: () => boolean, settle: () => void) => {
      s.waiting = whenReady(attempt, settle, () => (s.waiting = null));
    };

    switch (action.kind) {
      case 'top':
        window.scrollTo(0, 0);
        positions.set(key, 0);
        break;
      case 'stay':
        positions.set(key, window.scrollY);
        break;
      case 'restore': {
        const { y } = action;
        // a lazily loaded remote, then its data, make the page long enough: scroll once it is there
        wait(
          () => {
            if (y > 0 && (pageLoading() || maxScrollY() < y)) return false;
            window.scrollTo(0, y);
            return true;
          },
          () => window.scrollTo(0, y),
        );
        break;
      }
      case 'hash': {
        const find = () => document.getElementById(action.id);
        const show = () => {
          const target = find();
          if (!target || pageLoading()) return false;
          target.scrollIntoView();
          return true;
        };
        if (show()) break;
        // a link's new page starts at the top while its #fragment's element is still coming
        if (!first) {
          window.scrollTo(0, 0);
          positions.set(key, 0);
        }
        wait(show, () => find()?.scrollIntoView());
        break;
      }
    }
  }, [location, type]);

  return null;
}
