// Keyboard focus across in-app navigations. A link followed inside the shop (Go to checkout, a product in
// the results, the 404 page's search) is replaced by the new page, and the focus fell to <body>: the next
// Tab started again from the top of the page, and a screen reader did not say where the shopper now was.
// As a page loaded afresh is read from its start, the new page's heading takes the focus once the page is
// there — when nothing else has it (pages that place it themselves, a checkout step's heading, keep
// theirs), or when it is still on the link followed: a footer or header link stays rendered, so the focus
// stayed on it, off-screen at the bottom while the new page showed its top, and the next Tab went on
// through the footer. The language switch is that link too, but it opens the same page: the focus stays
// on it. A focus the shopper keeps elsewhere (typing in the header's search box) is left. Renders nothing.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { splitLangPath } from '@bozor/shared';

/** How long to wait for the new page (a remote's module, then its data) before giving up. */
export const FOCUS_WAIT_MS = 5000;

/** The focus is nowhere in particular: on the page's body, or on an element the page no longer has. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/** The same page in another language (the language switch), not another page. */
function onlyLanguageChanged(from: string, to: string): boolean {
  const before = splitLangPath(from);
  const after = splitLangPath(to);
  return before !== null && after !== null && before.rest === after.rest;
}

/** The page's heading, once the page has come (its loading states in <main> are aria-busy until then). */
function loadedHeading(): HTMLElement | null {
  if (document.querySelector('main [aria-busy="true"]')) return null;
  return document.querySelector<HTMLElement>('main h1');
}

/** Gives the heading the focus without scrolling (the scroll position is ScrollRestoration's). */
function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

export function FocusAfterNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const previous = useRef(pathname);
  // the link the shopper last followed (a click, or Enter on it), to tell it from a focus kept on purpose
  const followed = useRef<Element | null>(null);

  useEffect(() => {
    const remember = (event: MouseEvent) => {
      followed.current = event.target instanceof Element ? event.target.closest('a[href]') : null;
    };
    document.addEventListener('click', remember, true);
    return () => document.removeEventListener('click', remember, true);
  }, []);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    const link = followed.current;
    followed.current = null;
    // the first page is the browser's: it starts at the top
    if (first.current) {
      first.current = false;
      return;
    }
    const left = link !== null && !onlyLanguageChanged(from, pathname);
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('keydown', stop, true);
      window.removeEventListener('pointerdown', stop, true);
    };
    const tick = () => {
      if (stopped) return;
      const heading = loadedHeading();
      if (heading) {
        if (focusLost() || (left && document.activeElement === link)) focusHeading(heading);
        stop();
      } else frame = requestAnimationFrame(tick);
    };
    const timer = setTimeout(stop, FOCUS_WAIT_MS);
    // the shopper acting meanwhile (typing, tapping) decides where the focus goes
    window.addEventListener('keydown', stop, true);
    window.addEventListener('pointerdown', stop, true);
    frame = requestAnimationFrame(tick);
    return stop;
  }, [pathname]);

  return null;
}
