// The next steps of an order: exactly the `allowed_next` statuses the API gives, and until when an
// unconfirmed cash order holds its stock (StockHold). Cancelling asks for
// confirmation and a reason. A refused step (409: someone else moved the order, or a card payment is
// still being checked) is said in the API's words — where the focus goes — and the order is loaded again.
// While a step is on its way the buttons are aria-disabled, not disabled (a disabled button drops the
// keyboard focus to the page's top).
// While an online payment is open the API refuses steps, and those are shown disabled, tied to a notice that
// says why and what to do. `checking` (the bank has not answered): the steps that settle it or let the goods
// go (cancel, hand to courier, picked up: 409 PAYMENT_CHECKING); the preparing steps stay. Still `pending`
// (the shopper may be paying on the provider's page, or a card payment is under way): every step, confirm
// too (409 PAYMENT_AWAITED) — Payme and Click pay only an order still `new`, so a confirmed one could no
// longer be paid; the order waits until it is paid or its time runs out. The page loads the order again by
// itself meanwhile (OrderDetailPage), and a step on its way, the open cancel dialog or unsaved typing holds
// that. A "Buy in 1 click" order's Confirm takes an optional note of what was agreed by phone (printed on
// the packing slip). A refund owed by hand (`refund_task`: made in Payme's or Click's cabinet) is said with
// what to refund and where (RefundTask) where a closed order would say there is nothing more to do.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { $language, ApiError, Button, showToast, useAfterNextRender } from '@bozor/shared';
import { api } from '../../api';
import type { OrderDetail, OrderStatus } from '../../api/types';
import { noteSchema, type NoteValues } from '../../forms/schemas';
import { formatDateTime } from '../../format';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { TextAreaField } from '../common/Fields';
import { StockHold } from './StockHold';
import { RefundTask } from './RefundTask';
import { errorText } from '../common/States';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';
import { useHoldRefresh } from '../../hooks/useRefreshHold';

export interface OrderActionsProps {
  order: OrderDetail;
  /** The order the API answered with after a change. */
  onChanged: (order: OrderDetail) => void;
  /** Load the order again (after a refusal: it changed under us). */
  onStale: () => void;
}

/** The steps the API refuses while the bank has not answered: the money would be settled, or the goods would leave. */
const SETTLING_STEPS: readonly OrderStatus[] = ['cancelled', 'shipping', 'picked_up'];
/** The longest note a status step takes (the API's `note`, 500): a cancel's reason, a 1-click order's agreement. */
const STEP_NOTE_MAX = 500;

/**
 * Why the order's money is not known yet, if it is not: the bank has not answered (`checking`: only the
 * settling steps wait), or the payment is awaited (`awaited`: every step waits).
 */
export function openPayment(order: Pick<OrderDetail, 'payment_method' | 'payment_status' | 'status'>): 'checking' | 'awaited' | null {
  // cash is paid on receipt: nothing to wait for; a cancelled order waits for nothing either
  if (order.payment_method === 'cash' || order.status === 'cancelled') return null;
  if (order.payment_status === 'checking') return 'checking';
  if (order.payment_status === 'pending') return 'awaited';
  return null;
}

/** A checkout page's provider, as its name is written. */
const PROVIDER_NAMES: Partial<Record<OrderDetail['payment_method'], string>> = { payme: 'Payme', click: 'Click' };

/** What the open payment means for staff: the bank has not answered, or the shopper may still pay. */
function PaymentHold({ order, canPrepare }: { order: OrderDetail; canPrepare: boolean }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const open = openPayment(order);
  if (!open) return null;
  const provider = PROVIDER_NAMES[order.payment_method];
  const text = open === 'checking' ? t('paymentHold.checking') : provider ? t('paymentHold.awaited', { provider }) : t('paymentHold.awaitedCard');
  // the earliest it cancels itself (later while a payment begun on the provider's page may still complete)
  const expires = open === 'awaited' && order.payment_expires_at ? t('paymentHold.expires', { date: formatDateTime(order.payment_expires_at, lang) }) : null;
  return (
    <div className="adm-notice" id="order-payment-hold" data-testid="order-payment-hold">
      <strong>{t(open === 'checking' ? 'paymentHold.checkingTitle' : 'paymentHold.awaitedTitle')}</strong>
      <p style={{ margin: '6px 0 0' }}>
        {text}
        {canPrepare ? ` ${t('paymentHold.meanwhile')}` : ''} {t('paymentHold.updates')}
      </p>
      {expires ? (
        <p style={{ margin: '6px 0 0' }} data-testid="order-payment-expires">
          {expires}
        </p>
      ) : null}
    </div>
  );
}

export function OrderActions({ order, onChanged, onStale }: OrderActionsProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<OrderStatus | null>(null);
  const [error, setError] = useState('');
  const [cancelOpen, setCancelOpen] = useState(false);
  // a "Buy in 1 click" order: what was agreed by phone, sent as the Confirm step's note
  const [agreed, setAgreed] = useState('');
  const form = useForm<NoteValues>({ resolver: zodResolver(useMemo(() => noteSchema((k) => t(k, { lng: i18n.language }), STEP_NOTE_MAX), [t, i18n.language])), defaultValues: { text: '' } });
  // its own messages follow the language switch
  useErrorsInLanguage(form, i18n.language);
  // The pressed button goes with the step it made: the focus moves to the next step's first button (or the
  // heading when none is left), so a keyboard user goes on from here rather than from the top of the page.
  const box = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  // The last element here that had the focus: when the order changes by itself (the page loaded it again)
  // and takes that button away or disables it, the focus goes on from here too, not from the page's top.
  const focused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const last = focused.current;
    const gone = !!last && (!last.isConnected || (last instanceof HTMLButtonElement && last.disabled));
    const active = document.activeElement;
    const lost = gone && (!active || active === document.body || active === last);
    if (!refocus.current && !lost) return;
    refocus.current = false;
    const next = box.current?.querySelector<HTMLButtonElement>('[data-testid="order-actions"] button:not(:disabled)');
    (next ?? box.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [order]);
  // a refused step: its reason takes the focus (the pressed button may be gone once the order is loaded again)
  const errorRef = useRef<HTMLParagraphElement>(null);
  const focusError = useAfterNextRender(() => errorRef.current?.focus());
  // the page does not load the order again under a step on its way, the cancel dialog or a typed agreement
  useHoldRefresh(busy !== null || cancelOpen || agreed !== '');

  async function move(status: OrderStatus, note?: string) {
    setBusy(status);
    setError('');
    try {
      const answer = await api.setOrderStatus(order.number, status, note);
      setCancelOpen(false);
      form.reset({ text: '' });
      setAgreed('');
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
  // Not while the money is unknown: no step at all while it is awaited (PAYMENT_AWAITED), none that settles
  // it or lets the goods go while the bank has not answered (PAYMENT_CHECKING).
  const open = openPayment(order);
  const heldByPayment = (s: OrderStatus) => open === 'awaited' || (open === 'checking' && SETTLING_STEPS.includes(s));
  /** The ids of what says why a step cannot be taken now. */
  const reasons = (s: OrderStatus) => [heldByPayment(s) ? 'order-payment-hold' : '', needsCodes(s) ? 'order-needs-codes' : ''].filter(Boolean).join(' ') || undefined;
  const asksAgreement = order.delivery_type === 'phone' && forward.includes('confirmed') && !heldByPayment('confirmed');
  return (
    <section
      ref={box}
      className="adm-card adm-no-print"
      aria-labelledby="order-actions"
      onFocus={(e) => {
        focused.current = e.target;
      }}
    >
      <h2 id="order-actions" tabIndex={-1}>
        {t('order.actions')}
      </h2>
      {error ? (
        <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1} data-testid="order-action-error">
          {error}
        </p>
      ) : null}
      {/* a refund owed by hand is the step left to take, in the provider's cabinet: not "nothing more to do" */}
      {order.refund_task ? <RefundTask task={order.refund_task} /> : order.allowed_next.length === 0 ? <p className="adm-muted">{t('order.noActions')}</p> : null}
      <PaymentHold order={order} canPrepare={forward.some((s) => !heldByPayment(s))} />
      {asksAgreement ? (
        <div className="adm-form" style={{ marginTop: 0, marginBottom: 12 }}>
          <TextAreaField
            label={t('order.agreedNote')}
            value={agreed}
            maxLength={STEP_NOTE_MAX}
            onChange={(e) => setAgreed(e.target.value)}
            aria-describedby="order-agreed-hint"
            data-testid="confirm-note"
          />
          <small className="adm-muted" id="order-agreed-hint">
            {t('order.agreedHint')}
          </small>
        </div>
      ) : null}
      <div className="adm-actions" data-testid="order-actions">
        {forward.map((status) => (
          <Button
            key={status}
            disabled={needsCodes(status) || heldByPayment(status)}
            aria-disabled={busy !== null || undefined}
            onClick={() => void move(status, status === 'confirmed' && asksAgreement ? agreed.trim() || undefined : undefined)}
            aria-describedby={reasons(status)}
          >
            {t(`transition.${status}`)}
          </Button>
        ))}
        {canCancel ? (
          <Button
            variant="secondary"
            disabled={heldByPayment('cancelled')}
            aria-disabled={busy !== null || undefined}
            onClick={() => setCancelOpen(true)}
            aria-describedby={reasons('cancelled')}
          >
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
