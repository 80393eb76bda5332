// An order's history as the API records it: each entry is a status change or a payment change (paid,
// refunded, refund under way…) — the API writes a row for both. A payment change is said in words, in the
// staff member's language ("Payment: Refunded"), instead of repeating the order's status as if it had
// changed again ("Cancelled", "Cancelled"). The notes the shop writes by itself are codes (PAYMENT_CONFIRMED,
// INSUFFICIENT_FUNDS…): they are said in words too; a staff member's own note is shown as typed.
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
// the provider's refusals, as the API classifies them (one list for both)
import { PAYMENT_ERROR_KINDS } from '@bozor/shared-runtime/payment-errors';
import { historyChange } from '@bozor/shared/api/orders';
import type { OrderDetail } from '../../api/types';
import { formatDateTime } from '../../format';

type Entry = OrderDetail['timeline'][number];
type T = (key: string, options?: Record<string, unknown>) => string;

/** What one entry changed: the status, the payment, both — or neither (said as "no change"). */
export function historyLines(entry: Entry, previous: Entry | undefined, t: T): string[] {
  const { status: statusChanged, payment: paymentChanged } = historyChange(entry, previous);
  const payment = t('order.paymentChange', { status: t(`paymentStatus.${entry.payment_status}`, { defaultValue: entry.payment_status_label }) });
  if (statusChanged) return paymentChanged ? [entry.status_label, payment] : [entry.status_label];
  if (paymentChanged) return [payment];
  return [t('order.unchanged', { status: entry.status_label })];
}

/**
 * The codes the API writes as a history note by itself (api/src: the payment state machine, the reconciler,
 * the cash-hold sweep, the Payme/Click settlement), each with its words under `historyNote.`. The
 * bank's two "no answer" codes read differently while the payment is being checked (the card may have been
 * charged) and once it failed (it was not).
 */
const SYSTEM_NOTES = new Set<string>([
  'PAYMENT_CONFIRMED',
  'PAYMENT_NOT_CONFIRMED',
  'CASH_HOLD_EXPIRED',
  'CHECKOUT_EXPIRED',
  'UNEXPECTED',
  ...PAYMENT_ERROR_KINDS,
  // the reconciler's note for a checkout a crash left unsettled
  'CHECKOUT_INTERRUPTED',
  // Click refused the shop's reversal: the refund is staff's to make in Click's cabinet (the order's refund task)
  'CLICK_REVERSAL_REFUSED',
]);
/** Said one way while `checking`, another once the payment failed. */
const WHILE_CHECKING = new Set(['PROVIDER_UNAVAILABLE', 'UNEXPECTED']);
/** A checkout-page provider's own events: PAYME_PAID, CLICK_REFUNDED… */
const PROVIDER_NOTE = /^(PAYME|CLICK)_(PAID|CANCELLED|REFUNDED)$/;
const PROVIDERS = { PAYME: 'Payme', CLICK: 'Click' } as const;
/** What older rows hold for CHECKOUT_INTERRUPTED: the API wrote it as plain English before it wrote the code. */
const CHECKOUT_INTERRUPTED_WORDS = 'checkout interrupted';

/**
 * An entry's note as staff read it. The shop's own notes (entries no staff member made) are codes, said in
 * the staff member's language; older rows hold "payment PROVIDER_UNAVAILABLE: <the provider's text>", of
 * which only the code is said — the provider's internal text never. A code the back office does not know
 * stays as it is; a staff member's note stays as typed.
 */
export function historyNote(entry: Entry, t: T): string | null {
  const note = entry.note?.trim();
  if (!note) return null;
  if (entry.staff) return entry.note;
  if (note === CHECKOUT_INTERRUPTED_WORDS) return t('historyNote.CHECKOUT_INTERRUPTED');
  // "CODE", "CODE: details" or "payment CODE: the provider's text"
  const match = /^(payment )?([A-Z][A-Z0-9_]*)(:[\s\S]*)?$/.exec(note);
  if (!match) return entry.note;
  const [, fromProvider, code = ''] = match;
  const provider = PROVIDER_NOTE.exec(code);
  if (provider) {
    const [, name, event = ''] = provider;
    return t(`historyNote.provider_${event}`, { provider: PROVIDERS[name as keyof typeof PROVIDERS] });
  }
  if (SYSTEM_NOTES.has(code)) {
    return t(`historyNote.${code}${WHILE_CHECKING.has(code) && entry.payment_status === 'checking' ? '_checking' : ''}`);
  }
  // an unknown code: as it is, but without a provider's text after it
  return fromProvider ? code : entry.note;
}

/**
 * What was agreed by phone for a "Buy in 1 click" order: the note of its Confirm step (the move into
 * `confirmed`, which only people make — the back office or `pnpm order:status`), or null when none was written.
 */
export function agreedNote(timeline: OrderDetail['timeline']): string | null {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i]!;
    const previous = timeline[i - 1];
    if (entry.status === 'confirmed' && previous?.status !== 'confirmed' && entry.note?.trim()) return entry.note.trim();
  }
  return null;
}

export function OrderHistory({ timeline }: { timeline: OrderDetail['timeline'] }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  return (
    <section className="adm-card" aria-labelledby="order-timeline">
      <h2 id="order-timeline">{t('order.timeline')}</h2>
      <ol className="adm-timeline" data-testid="order-timeline">
        {timeline.map((entry, i) => {
          const note = historyNote(entry, t);
          return (
            <li key={i} data-testid="order-history-entry">
              <strong>{historyLines(entry, timeline[i - 1], t).join(' · ')}</strong>
              {note ? <span data-testid="order-history-note"> — {note}</span> : null}
              <br />
              <small className="adm-muted">
                {entry.staff?.name ?? t('order.system')} · {formatDateTime(entry.at, lang)}
              </small>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
