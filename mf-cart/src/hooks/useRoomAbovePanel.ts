import { useEffect, type RefObject } from 'react';

/** Room left free between the panel and a focused control, so its focus ring shows whole. */
const GAP_PX = 8;

/**
 * While `panel` sticks to the bottom of the screen (the cart's summary at 859 px and narrower, see
 * CartStyles), keeps that much of the page's bottom free for scrolling: `scroll-padding-bottom` on the
 * document, as tall as the panel. A control the keyboard focuses is then scrolled above the panel, not
 * left under it (WCAG 2.4.11, focus not obscured). The panel's height changes with its text, the language,
 * the zoom and the width, so it is measured again each time it changes; a panel that does not stick (wider
 * screens) asks for no room. The document's own value comes back when the panel goes (another page, an
 * empty cart).
 */
export function useRoomAbovePanel(panel: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = panel.current;
    if (!box) return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    const measure = () => {
      const sticks = getComputedStyle(box).position === 'sticky';
      root.style.scrollPaddingBottom = sticks ? `${Math.ceil(box.getBoundingClientRect().height) + GAP_PX}px` : before;
    };
    measure();
    // every browser the shop supports has it; the test DOM (jsdom) does not
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(box);
    // crossing the breakpoint (turning the phone, zooming) changes whether it sticks
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.scrollPaddingBottom = before;
    };
  }, [panel]);
}
