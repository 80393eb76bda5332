import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../stores/app';

/** Renders the toasts of the shared store; each closes itself after 5000 ms (see showToast). */
export function ToastViewport({ closeLabel }: { closeLabel: string }) {
  const toasts = useStore($toasts);
  return (
    <div className="bz-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`bz-toast bz-toast--${t.kind}`} data-testid="toast">
          {t.message}{' '}
          <button type="button" className="bz-btn bz-btn--ghost" style={{ color: '#fff', minHeight: 0 }} aria-label={closeLabel} onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
