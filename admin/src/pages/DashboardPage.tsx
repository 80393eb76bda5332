// The first screen: today's and this week's orders and revenue, what waits for staff per status (each a
// link to the orders list filtered by it), and the refunds owed by hand (made in Payme's or Click's
// cabinet), the oldest first, the overdue ones marked, each a link to its order.
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../api';
import { WAITING_STATUSES } from '../api/types';
import { ErrorBlock, Loading } from '../components/common/States';
import { formatCount, formatDateTime, formatMoney } from '../format';
import { REFUND_PROVIDERS } from '../components/orders/RefundTask';
import { useQuery } from '../hooks/useQuery';
import { POLL_MS } from '../hooks/newOrders';

export default function DashboardPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const { data, error, loading, reload } = useQuery(() => api.dashboard(), [], { pollMs: POLL_MS * 3 });

  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      {loading && !data ? <Loading /> : null}
      {error && !data ? <ErrorBlock error={error} onRetry={reload} /> : null}
      {data ? (
        <>
          <div className="adm-grid">
            {(['today', 'week'] as const).map((period) => (
              <section key={period} className="adm-card" data-testid={`dashboard-${period}`} aria-labelledby={`dash-${period}`}>
                <h2 id={`dash-${period}`}>{t(`dashboard.${period}`)}</h2>
                <p className="adm-muted">{t('dashboard.orders')}</p>
                <p className="adm-stat">{formatCount(data[period].orders, lang)}</p>
                <p className="adm-muted">{t('dashboard.revenue')}</p>
                <p className="adm-stat" data-testid={`revenue-${period}`}>
                  {formatMoney(data[period].revenue, lang)}
                </p>
              </section>
            ))}
          </div>
          {/* variants under their low-stock threshold in a store (a store account: its own) */}
          {typeof data.low_stock === 'number' ? (
            <Link to="/stock/low" className="adm-card adm-spread" style={{ textDecoration: 'none', color: 'inherit' }} data-testid="dashboard-low-stock">
              <span>
                <strong>{t('dashboard.lowStock')}</strong>
                <br />
                <span className="adm-muted">{t('dashboard.lowStockHint')}</span>
              </span>
              <strong className="adm-stat" style={{ margin: 0 }}>
                {formatCount(data.low_stock, lang)}
              </strong>
            </Link>
          ) : null}
          {/* absent from an API older than this page: nothing to show then */}
          {data.refunds_owed?.total ? (
            <section className="adm-card" aria-labelledby="dash-refunds" data-testid="dashboard-refunds">
              <h2 id="dash-refunds">
                {t('dashboard.refunds')} <span className="adm-muted">({formatCount(data.refunds_owed.total, lang)})</span>
              </h2>
              <p className="adm-muted">
                {t('dashboard.refundsHint')}
                {data.refunds_owed.overdue > 0 ? <strong className="adm-error-text"> {t('dashboard.refundsOverdue', { count: data.refunds_owed.overdue })}</strong> : null}
              </p>
              <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.refunds_owed.tasks.map((task) => (
                  <li key={task.number} data-testid="dashboard-refund" className="adm-spread" style={{ padding: '6px 0' }}>
                    <span>
                      <Link to={`/orders/${encodeURIComponent(task.number)}`}>{task.number}</Link> · {REFUND_PROVIDERS[task.provider]} · {formatMoney(task.amount, lang)}
                      <br />
                      <small className="adm-muted">{t('dashboard.refundSince', { date: formatDateTime(task.owed_since, lang) })}</small>
                    </span>
                    {task.overdue ? <span className="adm-badge">{t('refundTask.overdue')}</span> : <small className="adm-muted">{t('dashboard.refundDue', { date: formatDateTime(task.overdue_at, lang) })}</small>}
                  </li>
                ))}
              </ul>
              {data.refunds_owed.total > data.refunds_owed.tasks.length ? (
                <p style={{ margin: '8px 0 0' }}>
                  <Link to="/orders?payment_status=refund_pending">{t('dashboard.refundsAll')}</Link>
                </p>
              ) : null}
            </section>
          ) : null}
          <section className="adm-card" aria-labelledby="dash-waiting">
            <h2 id="dash-waiting">{t('dashboard.waiting')}</h2>
            <ul className="adm-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {WAITING_STATUSES.map((status) => (
                <li key={status}>
                  <Link to={`/orders?status=${status}`} className="adm-spread adm-card" style={{ marginBottom: 0, textDecoration: 'none' }} data-testid={`waiting-${status}`}>
                    <span>{t(`status.${status}`)}</span>
                    <strong className="adm-stat" style={{ margin: 0 }}>
                      {formatCount(data.waiting[status] ?? 0, lang)}
                    </strong>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </>
  );
}
