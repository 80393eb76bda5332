// An order's history as the API records it: each entry is a status change or a payment change (paid,
// refunded, refund under way…) — the API writes a row for both. A payment change is said in words, in the
// staff member's language ("Payment: Refunded"), instead of repeating the order's status as if it had
// changed again ("Cancelled", "Cancelled").
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import type { OrderDetail } from '../../api/types';
import { formatDateTime } from '../../format';

type Entry = OrderDetail['timeline'][number];

/** What one entry changed: the status, the payment, both — or neither (said as "no change"). */
export function historyLines(entry: Entry, previous: Entry | undefined, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  const statusChanged = !previous || previous.status !== entry.status;
  // the first entry's payment is said only when it is not the usual "not paid"
  const paymentChanged = previous ? previous.payment_status !== entry.payment_status : entry.payment_status !== 'pending';
  const payment = t('order.paymentChange', { status: t(`paymentStatus.${entry.payment_status}`, { defaultValue: entry.payment_status_label }) });
  if (statusChanged) return paymentChanged ? [entry.status_label, payment] : [entry.status_label];
  if (paymentChanged) return [payment];
  return [t('order.unchanged', { status: entry.status_label })];
}

export function OrderHistory({ timeline }: { timeline: OrderDetail['timeline'] }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  return (
    <section className="adm-card" aria-labelledby="order-timeline">
      <h2 id="order-timeline">{t('order.timeline')}</h2>
      <ol className="adm-timeline" data-testid="order-timeline">
        {timeline.map((entry, i) => (
          <li key={i} data-testid="order-history-entry">
            <strong>{historyLines(entry, timeline[i - 1], t).join(' · ')}</strong>
            {entry.note ? <span> — {entry.note}</span> : null}
            <br />
            <small className="adm-muted">
              {entry.staff?.name ?? t('order.system')} · {formatDateTime(entry.at, lang)}
            </small>
          </li>
        ))}
      </ol>
    </section>
  );
}
