import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../stores/app';
import { useLayoutEffectOnClient } from '../hooks';

/** How long after a tap a new toast counts as its answer (Buy → "Added to the cart"). */
const TAP_ANSWER_MS = 1500;

/**
 * Where the toasts go on a phone: away from what brought them. A toast that answers a tap (or a key on a
 * focused button) in the lower half of the screen shows at the top, so that it does not cover that button
 * or the next card's; otherwise at the bottom, above a sticky bar. Wider screens keep them at the bottom
 * (the style sheet only moves them on a narrow one).
 */
function placeFor(tap: { y: number; at: number } | null): 'top' | 'bottom' {
  const focused = document.activeElement;
  let y: number | null = null;
  if (tap && Date.now() - tap.at < TAP_ANSWER_MS) y = tap.y;
  else if (focused && focused !== document.body) {
    const box = focused.getBoundingClientRect();
    y = (box.top + box.bottom) / 2;
  }
  return y !== null && y > window.innerHeight / 2 ? 'top' : 'bottom';
}

/**
 * Renders the toasts of the shared store; each closes itself after 5000 ms (see showToast). Taps go
 * through the space around them to the page.
 */
export function ToastViewport({ closeLabel }: { closeLabel: string }) {
  const toasts = useStore($toasts);
  const lastTap = useRef<{ y: number; at: number } | null>(null);
  useEffect(() => {
    const onDown = (event: PointerEvent) => {
      lastTap.current = { y: event.clientY, at: Date.now() };
    };
    document.addEventListener('pointerdown', onDown, { capture: true, passive: true });
    return () => document.removeEventListener('pointerdown', onDown, { capture: true });
  }, []);
  const [place, setPlace] = useState<'top' | 'bottom'>('bottom');
  // a new toast (not one left when a newer one closed) decides, before it is painted: no jump
  const newest = toasts.at(-1)?.id ?? 0;
  const placedFor = useRef(0);
  useLayoutEffectOnClient(() => {
    if (newest <= placedFor.current) return;
    placedFor.current = newest;
    setPlace(placeFor(lastTap.current));
  }, [newest]);
  return (
    <div className="bz-toasts" role="status" aria-live="polite" data-place={place}>
      {toasts.map((t) => (
        <div key={t.id} className={`bz-toast bz-toast--${t.kind}`} data-testid="toast">
          <span>{t.message}</span>{' '}
          <button
            type="button"
            className="bz-btn bz-btn--ghost bz-toast__close"
            style={{ color: '#fff', minHeight: 0 }}
            aria-label={closeLabel}
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
