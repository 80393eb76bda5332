import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { $auth, Button, Price, formatDate, getApi, useAsync, useFocusOnSignIn } from '@bozor/shared';
import { ordersApi } from '@bozor/shared/api/orders';
import { AccountStyles } from '../components/AccountStyles';
import { OPEN_ORDER, OrderDetail } from '../components/orders/OrderDetail';
import { UnpaidNote } from '../components/orders/UnpaidNote';
import { SignInPrompt } from './AccountPage';

/** My orders: a page of the list (number, date, status, total); `?order=BZ-…` opens one order. */
export function OrdersPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const auth = useStore($auth);
  const [params] = useSearchParams();
  const number = params.get('order');
  const heading = useFocusOnSignIn<HTMLHeadingElement>();
  return (
    <section data-testid="account-orders" className="acc-page">
      <AccountStyles />
      <h1 ref={heading} tabIndex={-1}>{t('orders.title')}</h1>
      {!auth.isAuthenticated ? (
        <SignInPrompt />
      ) : number ? (
        <OrderDetail key={number} number={number} listHref={`${basePath}/account/orders`} />
      ) : (
        <OrdersList basePath={basePath} page={Math.max(1, Number(params.get('page')) || 1)} />
      )}
    </section>
  );
}

function OrdersList({ basePath, page }: { basePath: string; page: number }) {
  const { t, i18n } = useTranslation();
  const { data, loading, error, reload } = useAsync(`${page}|${i18n.language}`, () => ordersApi(getApi()).list(page));
  const href = (q: string) => `${basePath}/account/orders?${q}`;
  if (loading && !data) return <p role="status">{t('loading')}</p>;
  if (error)
    return (
      <div role="alert" className="bz-error-block">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={reload}>{t('retry')}</Button>
      </div>
    );
  if (!data || data.data.length === 0) return <p data-testid="orders-empty">{t('orders.empty')}</p>;
  return (
    <>
      <ul className="acc-list" data-testid="orders-list">
        {data.data.map((o) => (
          <li key={o.id} className="acc-card" data-testid="order-row">
            <Link to={href(`order=${encodeURIComponent(o.number)}`)} state={OPEN_ORDER}>{t('orders.number', { number: o.number })}</Link>
            <span className="acc-muted">{formatDate(o.created_at, i18n.language)}</span>
            <span>
              {t('orders.status')}: {o.status_label ?? o.status}
            </span>
            <span>
              {t('orders.total')}: <Price amount={o.total} />
            </span>
            <UnpaidNote order={o} />
          </li>
        ))}
      </ul>
      <nav className="acc-row">
        {page > 1 ? <Link to={href(`page=${page - 1}`)}>{t('orders.prev')}</Link> : null}
        {page < data.meta.last_page ? <Link to={href(`page=${page + 1}`)}>{t('orders.next')}</Link> : null}
      </nav>
    </>
  );
}

