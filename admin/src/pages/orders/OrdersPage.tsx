// Orders: tabs per status with counts, filters, sort and paging — all in the address — refreshed every
// 10 s, so new orders appear without a reload; "N new" until the staff member looks at them. An empty list
// says why: no orders yet, none matching, dates the wrong way round, or a page past the last one.
import { useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, formatPhone } from '@bozor/shared';
import { api } from '../../api';
import { ORDER_STATUSES, type OrderRow, type OrderStatus } from '../../api/types';
import { $staff } from '../../auth/session';
import { datesReversed, OrderFilters, ordersFiltered, ORDER_FILTER_KEYS } from '../../components/orders/OrderFilters';
import { Pager } from '../../components/common/Pager';
import type { Dir } from '../../components/common/SortHeader';
import { StatusBadge } from '../../components/common/StatusBadge';
import { DataTable } from '../../components/common/DataTable';
import { formatDateTime, formatMoney } from '../../format';
import { $newOrders, $seenOrderId, markOrdersSeen, POLL_MS } from '../../hooks/newOrders';
import { useQuery } from '../../hooks/useQuery';
import { useListPage } from '../../hooks/useListPage';

export const PER_PAGE = 20;

type OrderValues = Record<(typeof ORDER_FILTER_KEYS)[number], string>;
/** The sort the address asks for: the total, else the time placed. */
const sortOf = (values: OrderValues) => (values.sort === 'total' ? 'total' : 'created_at');
const dirOf = (values: OrderValues): Dir => (values.dir === 'asc' ? 'asc' : 'desc');

export default function OrdersPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const staff = useStore($staff);
  const fresh = useStore($newOrders);
  const seen = useStore($seenOrderId);
  const location = useLocation();
  const { values, set, list, toPage } = useListPage(ORDER_FILTER_KEYS, (v, page) => api.orders({ ...v, sort: sortOf(v), dir: dirOf(v), page, per_page: PER_PAGE }), { pollMs: POLL_MS });
  const sort = sortOf(values);
  const dir = dirOf(values);
  const storeScoped = staff?.role === 'store';
  const stores = useQuery(() => (storeScoped ? Promise.resolve({ data: [] }) : api.stores()), [storeScoped]);

  /** The address with one status tab chosen (other filters kept, page 1). */
  const tabHref = (status: OrderStatus | '') => {
    const params = new URLSearchParams(location.search);
    if (status) params.set('status', status);
    else params.delete('status');
    params.delete('page');
    const s = params.toString();
    return `/orders${s ? `?${s}` : ''}`;
  };
  /** The address with another page (other filters kept). */
  const pageHref = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p > 1) params.set('page', String(p));
    else params.delete('page');
    const s = params.toString();
    return `/orders${s ? `?${s}` : ''}`;
  };
  // following a link in the empty state takes the focus to the heading (the link itself goes with the rows)
  const heading = useRef<HTMLHeadingElement>(null);
  const meta = list.data?.meta;
  let empty: ReactNode = ordersFiltered(values) ? t('orders.empty') : t('orders.none');
  if (datesReversed(values)) empty = t('filters.datesReversed');
  else if (meta && meta.total > 0 && meta.page > meta.last_page) {
    // an old link, or the last orders of the last page gone: the orders are there, on the pages before
    empty = (
      <span data-testid="orders-past-end">
        {t('orders.pastEnd', { page: meta.page, last: meta.last_page })}{' '}
        <Link to={pageHref(1)} onClick={() => heading.current?.focus()}>
          {t('orders.toFirst')}
        </Link>
        {meta.last_page > 1 ? (
          <>
            {' · '}
            <Link to={pageHref(meta.last_page)} onClick={() => heading.current?.focus()}>
              {t('orders.toLast', { last: meta.last_page })}
            </Link>
          </>
        ) : null}
      </span>
    );
  }
  const counts = list.data?.meta.counts;
  const allCount = counts ? ORDER_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : null;

  /** Still waiting as new, and newer than the last order the staff member looked at (as the "N new" count). */
  const isNew = (o: OrderRow) => seen !== null && o.id > seen && o.status === 'new';
  const orderHref = (o: OrderRow) => `/orders/${encodeURIComponent(o.number)}`;

  const showNew = () => {
    markOrdersSeen();
    set({ sort: '', dir: '' });
    list.reload();
  };

  return (
    <>
      <div className="adm-spread">
        <h1 ref={heading} tabIndex={-1}>
          {t('orders.title')}
        </h1>
        {fresh.count > 0 ? (
          <Button onClick={showNew} data-testid="orders-new">
            {t('orders.showNew', { count: fresh.count })}
          </Button>
        ) : null}
      </div>
      <nav aria-label={t('orders.tabs')}>
        <div className="adm-tabs">
          {(['', ...ORDER_STATUSES] as const).map((status) => (
            <Link key={status || 'all'} to={tabHref(status)} aria-current={values.status === status ? 'page' : undefined} data-testid={`tab-${status || 'all'}`}>
              {status ? t(`status.${status}`) : t('orders.all')}
              {counts ? <span className="adm-badge adm-badge--muted">{status ? (counts[status] ?? 0) : allCount}</span> : null}
              {status === 'new' && fresh.count > 0 ? <span className="adm-badge">{t('orders.newBadge', { count: fresh.count })}</span> : null}
            </Link>
          ))}
        </div>
      </nav>
      <OrderFilters values={values} set={set} stores={stores.data?.data ?? []} storeScoped={storeScoped} />
      <DataTable
        testId="orders-table"
        rows={list.data?.data ?? []}
        rowKey={(o) => o.id}
        // the number is the row's link (keyboard: Tab to it, Enter); a click anywhere on the row opens it too
        rowAttrs={(o) => ({ href: orderHref(o), className: isNew(o) ? 'adm-new' : undefined })}
        busy={list.loading}
        states={{ list, empty }}
        sort={{ sort, dir, onSort: (f, d) => set({ sort: f, dir: d }) }}
        footer={list.data ? <Pager meta={list.data.meta} onPage={toPage} /> : null}
        columns={[
          {
            header: t('orders.number'),
            cell: (o) => (
              <>
                <Link to={orderHref(o)} data-testid="order-link">
                  {o.number}
                </Link>
                {isNew(o) ? <span className="adm-badge" style={{ marginLeft: 6 }}>{t('orders.newOne')}</span> : null}
                {o.one_click ? <span className="adm-badge" style={{ marginLeft: 6 }} data-testid="order-one-click">{t('order.oneClick')}</span> : null}
              </>
            ),
          },
          { header: t('orders.date'), sortField: 'created_at', cell: (o) => formatDateTime(o.created_at, lang) },
          {
            header: t('orders.customer'),
            cell: (o) => (
              <>
                {o.receiver_name || o.customer?.name}
                <br />
                {o.one_click ? (
                  // "Buy in 1 click": staff call to confirm, so the number is a link to call it.
                  <a className="adm-nowrap" href={`tel:${o.receiver_phone}`} aria-label={`${t('order.oneClickCall')} ${formatPhone(o.receiver_phone)}`} data-testid="order-call">
                    {formatPhone(o.receiver_phone)}
                  </a>
                ) : (
                  // a phone stays on one line ("+998 93 555 02" / "11" is hard to read when calling back)
                  <span className="adm-muted adm-nowrap" data-testid="order-phone">
                    {formatPhone(o.receiver_phone || o.customer?.phone || '')}
                  </span>
                )}
              </>
            ),
          },
          { header: t('orders.status'), cell: (o) => <StatusBadge status={o.status} label={o.status_label} /> },
          {
            header: t('orders.payment'),
            cell: (o) => (
              <>
                {t(`paymentMethod.${o.payment_method}`)}
                <br />
                <span className="adm-muted">{o.payment_status_label}</span>
              </>
            ),
          },
          {
            header: t('orders.delivery'),
            cell: (o) => (
              <>
                {t(`delivery.${o.delivery_type}`)}
                {o.store_name ? <span className="adm-muted"> · {o.store_name}</span> : null}
              </>
            ),
          },
          {
            header: t('orders.total'),
            className: 'num',
            sortField: 'total',
            cell: (o) => (
              <>
                {formatMoney(o.total, lang)}
                <br />
                <span className="adm-muted">{t('orders.items', { count: o.items_count })}</span>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
