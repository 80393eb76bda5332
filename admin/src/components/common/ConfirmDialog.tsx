// "Are you sure?" on top of the shop's Dialog (focus kept inside, Escape closes, focus goes back).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '@bozor/shared';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  danger?: boolean;
  /** An error from the last try, shown above the buttons. */
  error?: string;
  children?: ReactNode;
}

export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onClose, busy, danger, error, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={title} onClose={onClose} closeLabel={t('common:close')}>
      <form
        className="adm-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // a React event goes up the component tree, portals included: a dialog opened from inside a
          // form (the product's variants) must not submit that form as well
          e.stopPropagation();
          onConfirm();
        }}
      >
        {children}
        {error ? (
          <p className="adm-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="adm-actions">
          {/* aria-disabled while busy, not disabled: a disabled button drops the focus out of the dialog */}
          <Button type="submit" className={danger ? 'adm-danger' : undefined} aria-disabled={busy || undefined} data-testid="confirm">
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.back')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
