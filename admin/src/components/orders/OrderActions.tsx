// The next steps of an order: exactly the `allowed_next` statuses the API gives, and until when an
// unconfirmed cash order holds its stock (StockHold). Cancelling asks for
// confirmation and a reason. A refused step (409: someone else moved the order, or a card payment is
// still being checked) is said in the API's words — where the focus goes — and the order is loaded again.
// While a step is on its way the buttons are aria-disabled, not disabled (a disabled button drops the
// keyboard focus to the page's top).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, showToast, useAfterNextRender } from '@bozor/shared';
import { api } from '../../api';
import type { OrderDetail, OrderStatus } from '../../api/types';
import { noteSchema, type NoteValues } from '../../forms/schemas';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { TextAreaField } from '../common/Fields';
import { StockHold } from './StockHold';
import { errorText } from '../common/States';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';

export interface OrderActionsProps {
  order: OrderDetail;
  /** The order the API answered with after a change. */
  onChanged: (order: OrderDetail) => void;
  /** Load the order again (after a refusal: it changed under us). */
  onStale: () => void;
}

export function OrderActions({ order, onChanged, onStale }: OrderActionsProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<OrderStatus | null>(null);
  const [error, setError] = useState('');
  const [cancelOpen, setCancelOpen] = useState(false);
  const form = useForm<NoteValues>({ resolver: zodResolver(useMemo(() => noteSchema((k) => t(k, { lng: i18n.language })), [t, i18n.language])), defaultValues: { text: '' } });
  // its own messages follow the language switch
  useErrorsInLanguage(form, i18n.language);
  // The pressed button goes with the step it made: the focus moves to the next step's first button (or the
  // heading when none is left), so a keyboard user goes on from here rather than from the top of the page.
  const box = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const next = box.current?.querySelector<HTMLButtonElement>('[data-testid="order-actions"] button:not(:disabled)');
    (next ?? box.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [order]);
  // a refused step: its reason takes the focus (the pressed button may be gone once the order is loaded again)
  const errorRef = useRef<HTMLParagraphElement>(null);
  const focusError = useAfterNextRender(() => errorRef.current?.focus());

  async function move(status: OrderStatus, note?: string) {
    setBusy(status);
    setError('');
    try {
      const answer = await api.setOrderStatus(order.number, status, note);
      setCancelOpen(false);
      form.reset({ text: '' });
      refocus.current = true;
      onChanged(answer.order);
      showToast(t('order.changed', { status: answer.order.status_label }), 'success');
    } catch (err) {
      setCancelOpen(false);
      setError(errorText(err, t));
      focusError();
      if (err instanceof ApiError && err.status === 409) onStale();
    } finally {
      setBusy(null);
    }
  }

  const forward = order.allowed_next.filter((s) => s !== 'cancelled');
  // Marked goods leave the shop only with their codes scanned (the API refuses with LABELS_MISSING).
  const needsCodes = (s: OrderStatus) => order.labels_missing > 0 && (s === 'shipping' || s === 'picked_up');
  const waitsForCodes = forward.some(needsCodes);
  const canCancel = order.allowed_next.includes('cancelled');
  return (
    <section ref={box} className="adm-card adm-no-print" aria-labelledby="order-actions">
      <h2 id="order-actions" tabIndex={-1}>
        {t('order.actions')}
      </h2>
      {error ? (
        <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1} data-testid="order-action-error">
          {error}
        </p>
      ) : null}
      {order.allowed_next.length === 0 ? <p className="adm-muted">{t('order.noActions')}</p> : null}
      <div className="adm-actions" data-testid="order-actions">
        {forward.map((status) => (
          <Button
            key={status}
            disabled={needsCodes(status)}
            aria-disabled={busy !== null || undefined}
            onClick={() => void move(status)}
            aria-describedby={needsCodes(status) ? 'order-needs-codes' : undefined}
          >
            {t(`transition.${status}`)}
          </Button>
        ))}
        {canCancel ? (
          <Button variant="secondary" aria-disabled={busy !== null || undefined} onClick={() => setCancelOpen(true)}>
            {t('transition.cancelled')}
          </Button>
        ) : null}
      </div>
      {waitsForCodes ? (
        <p className="adm-muted" id="order-needs-codes" data-testid="order-needs-codes">
          {t('marking.beforeLeaving')}
        </p>
      ) : null}
      <StockHold order={order} onChanged={onChanged} onStale={onStale} />
      <ConfirmDialog
        open={cancelOpen}
        title={t('order.cancelTitle', { number: order.number })}
        confirmLabel={t('order.cancelConfirm')}
        danger
        busy={busy !== null}
        onClose={() => setCancelOpen(false)}
        onConfirm={() => void form.handleSubmit((v) => move('cancelled', v.text.trim()))()}
      >
        <p>{t('order.cancelText')}</p>
        <TextAreaField label={t('order.cancelReason')} {...form.register('text')} error={form.formState.errors.text?.message} data-testid="cancel-reason" />
      </ConfirmDialog>
    </section>
  );
}
