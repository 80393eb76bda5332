import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What the shared Dialog does, for this remote's own full-screen layers (the filter sheet on a phone,
 * the picture viewer), whose layout the shared one does not offer: while `open`, focus moves into
 * `box`, Tab stays inside it, Escape calls `onClose`, the page behind does not scroll, and focus goes
 * back to whatever opened it afterwards. `onKey` sees the other keys (arrows in the viewer).
 */
export function useModal(open: boolean, box: RefObject<HTMLElement | null>, onClose: () => void, onKey?: (e: KeyboardEvent) => void): void {
  const handlers = useRef({ onClose, onKey });
  handlers.current = { onClose, onKey };
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    const overflow = document.body.style.overflow;
    // the page behind a full-screen layer would otherwise scroll under the shopper's finger
    document.body.style.overflow = 'hidden';
    const keydown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        handlers.current.onClose();
        return;
      }
      if (e.key !== 'Tab') {
        handlers.current.onKey?.(e);
        return;
      }
      const root = box.current;
      if (!root) return;
      const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === root)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', keydown);
    return () => {
      window.removeEventListener('keydown', keydown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, box]);
}
