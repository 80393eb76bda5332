// One order: status and next steps, items (pictures, SKU, MXIK) with the marking codes of marked goods,
// receiver, address with a map link or the pickup store, payment (and Click's fiscal receipt), timeline and
// internal notes; a printable packing slip. The browser tab names the order.
// While the order's payment is open (the bank has not answered, or the payment is awaited) the page asks for
// the order again every 10 s, as the orders list does, so the notice and the steps change by themselves once
// it is settled; the change is announced. Not under a staff member at work: a step on its way, an open
// dialog or unsaved typing holds it (useHoldRefresh in the parts of the page).
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, formatPhone } from '@bozor/shared';
import { api } from '../../api';
import { MarkingCodes, focusNextEmpty } from '../../components/orders/MarkingCodes';
import { OrderActions, openPayment } from '../../components/orders/OrderActions';
import { agreedNote, OrderHistory } from '../../components/orders/OrderHistory';
import { OrderNotes } from '../../components/orders/OrderNotes';
import { StatusBadge } from '../../components/common/StatusBadge';
import { ErrorBlock, Loading } from '../../components/common/States';
import { addressLine, formatDateTime, formatMoney, mapLink } from '../../format';
import type { OrderDetail } from '../../api/types';
import { useQuery } from '../../hooks/useQuery';
import { useScreenTitle } from '../../hooks/useDocumentTitle';
import { POLL_MS } from '../../hooks/newOrders';
import { RefreshHoldProvider, useRefreshHolds } from '../../hooks/useRefreshHold';

/** What a change of the order is announced for: its status and its payment's. */
const stateOf = (order: OrderDetail) => `${order.number} ${order.status} ${order.payment_status}`;

export default function OrderDetailPage() {
  const { number = '' } = useParams();
  const { t } = useTranslation();
  const lang = useStore($language);
  const { holds, held } = useRefreshHolds();
  // open: whether the last answer had the payment open (the first load always asks)
  const [open, setOpen] = useState(false);
  const { data, error, loading, reload, setData } = useQuery(() => api.order(number), [number], { pollMs: open ? POLL_MS : undefined, pollPaused: held });
  const order = data?.order;
  const openNow = !!order && openPayment(order) !== null;
  if (openNow !== open) setOpen(openNow);
  useScreenTitle(t('order.title', { number: order?.number ?? number }));

  // A change the page did not make itself (loaded again: a poll, or after a refusal) is said politely; the
  // staff member's own steps are said by their toast.
  const [news, setNews] = useState('');
  const shown = useRef<string | null>(null);
  const changed = (o: OrderDetail) => {
    shown.current = stateOf(o);
    setData({ order: o });
  };
  useEffect(() => {
    if (!order) return;
    const now = stateOf(order);
    if (shown.current !== null && shown.current !== now && shown.current.startsWith(`${order.number} `)) {
      setNews(t('order.updated', { status: order.status_label, payment: order.payment_status_label }));
    }
    shown.current = now;
  }, [order, t]);
  const said = (
    <p className="adm-visually-hidden" role="status" aria-live="polite" data-testid="order-updated">
      {news}
    </p>
  );

  if (!order) {
    return (
      <>
        <p className="adm-no-print">
          <Link to="/orders">← {t('order.back')}</Link>
        </p>
        <h1>{t('order.title', { number })}</h1>
        {error ? <ErrorBlock error={error} onRetry={reload} /> : loading ? <Loading /> : null}
        {said}
      </>
    );
  }
  const a = order.address;
  const agreed = order.delivery_type === 'phone' ? agreedNote(order.timeline) : null;
  return (
    <RefreshHoldProvider value={holds}>
      {said}
      <p className="adm-no-print">
        <Link to="/orders">← {t('order.back')}</Link>
      </p>
      <div className="adm-spread">
        <h1 data-testid="order-number">{t('order.title', { number: order.number })}</h1>
        <span className="adm-row">
          <StatusBadge status={order.status} label={order.status_label} />
          {order.labels_missing > 0 && order.status !== 'cancelled' ? (
            // Takes the staff member to the first code still to scan.
            <button type="button" className="adm-badge adm-badge--button" data-testid="labels-missing" onClick={() => focusNextEmpty(null)}>
              {t('marking.missingBadge')}
            </button>
          ) : null}
          <Link className="bz-btn bz-btn--secondary adm-no-print" to={`/orders/${encodeURIComponent(order.number)}/slip`}>
            {t('order.printSlip')}
          </Link>
        </span>
      </div>
      <p className="adm-muted">{formatDateTime(order.created_at, lang)}</p>

      {order.one_click ? (
        <section className="adm-card" aria-labelledby="order-one-click" data-testid="order-one-click-call">
          <h2 id="order-one-click">
            <span className="adm-badge">{t('order.oneClick')}</span> {t('order.oneClickCall')}
          </h2>
          <p>{t('order.oneClickText')}</p>
          <p>
            <a className="bz-btn adm-nowrap" href={`tel:${order.receiver.phone}`} data-testid="order-call">
              {formatPhone(order.receiver.phone)}
            </a>
          </p>
        </section>
      ) : null}

      <OrderActions order={order} onChanged={changed} onStale={reload} />

      <div className="adm-grid">
        <section className="adm-card" aria-labelledby="order-receiver">
          <h2 id="order-receiver">{t('order.receiver')}</h2>
          <dl className="adm-kv">
            <dt>{t('order.name')}</dt>
            <dd>{order.receiver.name}</dd>
            <dt>{t('order.phone')}</dt>
            <dd>
              <a className="adm-nowrap" href={`tel:${order.receiver.phone}`} data-testid="order-receiver-phone">
                {formatPhone(order.receiver.phone)}
              </a>
            </dd>
            {/* a store account is sent no customer (its role has no customers): no row then */}
            {order.customer ? (
              <>
                <dt>{t('order.customer')}</dt>
                <dd>
                  {/* a name, else the phone (kept on one line), else — the account has neither — words, never an empty link */}
                  <Link to={`/customers/${order.customer.id}`} className={order.customer.name ? undefined : 'adm-nowrap'} data-testid="order-customer">
                    {order.customer.name || (order.customer.phone ? formatPhone(order.customer.phone) : t('customers.noName'))}
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className="adm-card" aria-labelledby="order-delivery">
          <h2 id="order-delivery">{t(`delivery.${order.delivery_type}`)}</h2>
          <dl className="adm-kv">
            {order.store ? (
              <>
                <dt>{t('order.pickupStore')}</dt>
                <dd>
                  {order.store.name}
                  <br />
                  <span className="adm-muted">{order.store.address}</span>
                </dd>
              </>
            ) : null}
            {a ? (
              <>
                <dt>{t('order.address')}</dt>
                <dd data-testid="order-address">{addressLine(a, t)}</dd>
                {a.comment ? (
                  <>
                    <dt>{t('order.comment')}</dt>
                    <dd>{a.comment}</dd>
                  </>
                ) : null}
                {a.lat !== null && a.lng !== null ? (
                  <>
                    <dt>{t('order.pin')}</dt>
                    <dd>
                      <a href={mapLink(a.lat, a.lng)} target="_blank" rel="noopener noreferrer" data-testid="order-map-link">
                        {a.lat.toFixed(6)}, {a.lng.toFixed(6)} — {t('order.openMap')}
                      </a>
                    </dd>
                  </>
                ) : null}
              </>
            ) : null}
            {agreed ? (
              <>
                <dt>{t('order.agreed')}</dt>
                <dd data-testid="order-agreed" style={{ whiteSpace: 'pre-line' }}>
                  {agreed}
                </dd>
              </>
            ) : null}
            <dt>{t('order.deliveryPrice')}</dt>
            <dd>{formatMoney(order.delivery_price, lang)}</dd>
          </dl>
        </section>

        <section className="adm-card" aria-labelledby="order-payment">
          <h2 id="order-payment">{t('order.payment')}</h2>
          <dl className="adm-kv">
            <dt>{t('order.method')}</dt>
            <dd>{t(`paymentMethod.${order.payment_method}`)}</dd>
            <dt>{t('order.paymentStatus')}</dt>
            <dd>{order.payment_status_label}</dd>
            {order.receipt_id ? (
              <>
                <dt>{t('order.receipt')}</dt>
                <dd>
                  <code>{order.receipt_id}</code>
                </dd>
              </>
            ) : null}
            {order.fiscal_receipt ? (
              <>
                <dt>{t('fiscalReceipt.title')}</dt>
                <dd data-testid="fiscal-receipt">{t(`fiscalReceipt.${order.fiscal_receipt}`)}</dd>
              </>
            ) : null}
            <dt>{t('order.total')}</dt>
            <dd>
              <strong>{formatMoney(order.total, lang)}</strong>
            </dd>
          </dl>
        </section>
      </div>

      <section className="adm-card" aria-labelledby="order-items">
        <h2 id="order-items">{t('order.items', { count: order.items.length })}</h2>
        <ul className="adm-items" data-testid="order-items">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.picture ? <img src={item.picture} alt="" loading="lazy" width={56} height={56} /> : <span className="adm-items-noimg" aria-hidden="true" />}
              <div className="grow">
                <div>{item.name}</div>
                {item.options.length ? <small>{item.options.map((o) => `${o.name}: ${o.value}`).join(', ')}</small> : null}
                {item.options.length ? <br /> : null}
                <small className="adm-muted">
                  {t('order.sku')}: {item.sku} · {t('order.mxik')}: {item.mxik || '—'}
                  {item.marked ? ` · ${t('marking.marked')}` : ''}
                </small>
              </div>
              <div className="adm-items-price">
                {item.quantity} × {formatMoney(item.price, lang)}
                <br />
                <strong>{formatMoney(item.total, lang)}</strong>
              </div>
              {item.marked && order.status !== 'cancelled' ? <MarkingCodes order={order} item={item} onChanged={changed} onStale={reload} /> : null}
            </li>
          ))}
        </ul>
        <dl className="adm-kv" style={{ marginTop: 12 }}>
          <dt>{t('order.itemsTotal')}</dt>
          <dd>{formatMoney(order.items_total, lang)}</dd>
          <dt>{t('order.deliveryPrice')}</dt>
          <dd>{formatMoney(order.delivery_price, lang)}</dd>
          <dt>{t('order.total')}</dt>
          <dd>
            <strong>{formatMoney(order.total, lang)}</strong>
          </dd>
        </dl>
      </section>

      <OrderHistory timeline={order.timeline} />

      <OrderNotes number={order.number} notes={order.notes} onAdded={(note) => setData({ order: { ...order, notes: [...order.notes, note] } })} />
    </RefreshHoldProvider>
  );
}
