import { useEffect, useRef, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { $auth, Price, formatDate, getApi, useAsync, useFocusOnSignIn } from '@bozor/shared';
import { ordersApi } from '@bozor/shared/api/orders';
import { AccountStyles } from '../components/AccountStyles';
import { OPEN_ORDER, OrderDetail } from '../components/orders/OrderDetail';
import { paymentBeingChecked, useFollowedWhile } from '../components/orders/useFollowed';
import { UnpaidNote } from '../components/orders/UnpaidNote';
import { useFocusOnSignOut } from '../components/useFocusOnSignOut';
import { SignInPrompt } from './AccountPage';
import { LoadFailed } from '../components/ListSection';

/** My orders: a page of the list (number, date, status, total); `?order=BZ-…` opens one order. */
export function OrdersPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const auth = useStore($auth);
  const [params] = useSearchParams();
  const number = params.get('order');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const heading = useFocusOnSignIn<HTMLHeadingElement>();
  // a session that ended elsewhere, found out by "Try again" or a poll: the sign-in prompt replaces the list
  useFocusOnSignOut(heading);
  return (
    <section data-testid="account-orders" className="acc-page">
      <AccountStyles />
      <h1 ref={heading} tabIndex={-1}>{t('orders.title')}</h1>
      {!auth.isAuthenticated ? (
        <SignInPrompt />
      ) : number ? (
        // an order opened from page 2 keeps `page`: "Back to my orders" returns to that page, not the first
        <OrderDetail key={number} number={number} listHref={`${basePath}/account/orders${page > 1 ? `?page=${page}` : ''}`} />
      ) : (
        <OrdersList basePath={basePath} page={page} heading={heading} />
      )}
    </section>
  );
}

/** The navigation state of the list's "Next page" / "Previous page": the new page's list then takes the focus. */
const TURN_PAGE = { turnPage: true } as const;

/**
 * Where the focus goes once the list shown after one of its own links (a page turned, "Back to my orders")
 * is there: the pressed link is gone or points elsewhere, and the focus would fall to the page's body.
 */
function listFocusTarget(state: unknown): { fromOrder: string | null } | null {
  if (typeof state !== 'object' || state === null) return null;
  const { fromOrder, turnPage } = state as { fromOrder?: unknown; turnPage?: unknown };
  if (typeof fromOrder === 'string') return { fromOrder };
  return turnPage === true ? { fromOrder: null } : null;
}

function OrdersList({ basePath, page, heading }: { basePath: string; page: number; heading: RefObject<HTMLHeadingElement | null> }) {
  const { t, i18n } = useTranslation();
  const load = () => ordersApi(getApi()).list(page);
  const { data: loaded, loading, error, reload } = useAsync(`${page}|${i18n.language}`, load);
  // a row's card payment being checked: the page follows it, as the order's own page does
  const data = useFollowedWhile(loaded, loading, load, (list) => list.data.some(paymentBeingChecked));
  const href = (q: string) => `${basePath}/account/orders?${q}`;
  // an order's link keeps the list's page, for "Back to my orders"
  const orderHref = (number: string) => href(`order=${encodeURIComponent(number)}${page > 1 ? `&page=${page}` : ''}`);
  const location = useLocation();
  const target = listFocusTarget(location.state);
  const list = useRef<HTMLUListElement>(null);
  const problem = useRef<HTMLDivElement>(null);
  // once per navigation (a language change reloads the page's list, and leaves the focus alone)
  const focusedFor = useRef<string | null>(null);
  const shown = loading ? null : error ? 'error' : 'list';
  // "Try again" goes away while the list loads: what comes instead takes the focus (the list's heading, or
  // the problem again), so that it does not fall to the page's body
  const retried = useRef<'pressed' | 'loading' | null>(null);
  useEffect(() => {
    if (retried.current === 'pressed' && !shown) retried.current = 'loading';
    if (retried.current === 'loading' && shown) {
      retried.current = null;
      (shown === 'error' ? problem.current : heading.current)?.focus();
      return;
    }
    if (!target || !shown || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    if (shown === 'error') {
      problem.current?.focus();
      return;
    }
    // back from an order: its row, when it is on this page; otherwise (or a page turned) the list's heading
    const rows = Array.from(list.current?.querySelectorAll<HTMLElement>('a[data-order]') ?? []);
    const row = target.fromOrder ? rows.find((a) => a.dataset.order === target.fromOrder) : undefined;
    (row ?? heading.current)?.focus();
  });
  if (loading && !data) return <p role="status">{t('loading')}</p>;
  if (error)
    return (
      <LoadFailed
        focusable
        innerRef={problem}
        onRetry={() => {
          retried.current = 'pressed';
          reload();
        }}
      />
    );
  if (data && data.data.length === 0 && data.meta.total > 0)
    // `?page=99` of a shopper who has orders: not "no orders yet", but where they are
    return (
      <div className="acc-form">
        <p data-testid="orders-past-end">{t('orders.pastEnd', { page, last: data.meta.last_page })}</p>
        <div className="acc-row">
          <Link className="bz-btn" to={data.meta.last_page > 1 ? href(`page=${data.meta.last_page}`) : `${basePath}/account/orders`} state={TURN_PAGE} data-testid="orders-last-page">
            {t('orders.lastPage')}
          </Link>
        </div>
      </div>
    );
  if (!data || data.data.length === 0)
    return (
      // the way on, as empty Favourites and an empty cart have it
      <div className="acc-form">
        <p data-testid="orders-empty">{t('orders.empty')}</p>
        <div className="acc-row">
          <Link className="bz-btn" to={`${basePath}/catalog`} data-testid="orders-to-catalog">
            {t('orders.toCatalog')}
          </Link>
        </div>
      </div>
    );
  return (
    <>
      <ul ref={list} className="acc-list" data-testid="orders-list">
        {data.data.map((o) => (
          <li key={o.id} className="acc-card" data-testid="order-row">
            <Link to={orderHref(o.number)} state={OPEN_ORDER} data-order={o.number}>{t('orders.number', { number: o.number })}</Link>
            <span className="acc-muted">{formatDate(o.created_at, i18n.language)}</span>
            <span>
              {t('orders.status')}: {o.status_label ?? o.status}
              {/* a card that was refused when the order was placed: "Cancelled" alone reads as the shop's doing */}
              {o.status === 'cancelled' && o.payment_status === 'failed' && o.payment_status_label ? ` — ${o.payment_status_label}` : null}
              {/* nor does "Received" alone tell that the bank has not answered about the card payment yet */}
              {paymentBeingChecked(o) ? ` — ${o.payment_status_label ?? t('orders.paymentStatuses.checking')}` : null}
            </span>
            <span>
              {t('orders.total')}: <Price amount={o.total} />
            </span>
            <UnpaidNote order={o} />
          </li>
        ))}
      </ul>
      <nav className="acc-row">
        {page > 1 ? <Link to={href(`page=${page - 1}`)} state={TURN_PAGE}>{t('orders.prev')}</Link> : null}
        {page < data.meta.last_page ? <Link to={href(`page=${page + 1}`)} state={TURN_PAGE}>{t('orders.next')}</Link> : null}
      </nav>
    </>
  );
}
