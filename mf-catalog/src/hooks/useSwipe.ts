import { useRef, type PointerEvent } from 'react';

/** A horizontal move longer than this (px), and longer than the vertical one, is a swipe. */
export const SWIPE_MIN_PX = 40;

/**
 * Swipe left/right with pointer events (a finger, a pen or a dragged mouse) — no gesture library. The
 * element needs `touch-action: pan-y` so the browser leaves horizontal moves to us and still scrolls
 * the page vertically. `clickAfterSwipe()` tells a click handler to ignore the click that may follow
 * the swipe's release.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  return {
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        if (e.pointerType === 'mouse' && e.button !== 0) return;
        start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
        swiped.current = false;
      },
      onPointerUp: (e: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== e.pointerId) return;
        const dx = e.clientX - from.x;
        const dy = e.clientY - from.y;
        if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
        swiped.current = true;
        // a finger moving left brings the next picture, as in every phone gallery
        onSwipe(dx < 0 ? 1 : -1);
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    clickAfterSwipe: () => {
      const was = swiped.current;
      swiped.current = false;
      return was;
    },
  };
}
