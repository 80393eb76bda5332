// The order the confirmation page shows (pages/ConfirmedPage.tsx): the copy kept at placing, then the API's,
// followed while its payment settles.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, usePoll } from '@bozor/shared';
import type { AccountOrder } from '@bozor/shared/api/orders';
import { orderCalls } from '../api/checkout';
import { readLastOrder, saveLastOrder } from '../state/persist';

/** How often a payment being checked is asked about again; followed for ten minutes at most: a tab left open does not poll for the hour an unpaid order waits. */
const CHECKING_POLL_MS = 4000;
const CHECKING_MAX_POLLS = 150;

/** Why the order could not be read: no session (sign in), not this account's order, or anything else (try again). */
export type LoadFailure = 'sign-in' | 'not-found' | 'failed';

function loadFailure(error: unknown): LoadFailure {
  if (!(error instanceof ApiError)) return 'failed';
  // the checkout's client signs the shopper out on a 401: the page then asks them to sign in
  if (error.status === 401) return 'sign-in';
  // the API answers 404 for another account's number as for an unknown one
  if (error.status === 403 || error.status === 404) return 'not-found';
  return 'failed';
}

/** Paid on the provider's own page (Payme, Click): unpaid until its callback comes. */
export function isProviderPayment(order: AccountOrder): boolean {
  return order.payment_method === 'payme' || order.payment_method === 'click';
}

/** A payment still to be settled: a card being checked, or a Payme/Click payment whose callback has not come yet. */
export function settling(order: AccountOrder | null): boolean {
  return order?.payment_status === 'checking' || (order !== null && isProviderPayment(order) && order.payment_status === 'pending' && order.status !== 'cancelled');
}

/** The copy of this order kept when it was placed (none for another order). */
function keptOrder(number: string): AccountOrder | null {
  const kept = readLastOrder<AccountOrder>();
  return kept?.number === number ? kept : null;
}

export interface ConfirmedOrder {
  /** The API's answer for `number`, else the copy kept at placing; null while neither is known. */
  order: AccountOrder | null;
  /** Why the last load failed, for this account; null when it did not. */
  failed: LoadFailure | null;
  /** Loads again ("Try again"). */
  retry: () => void;
}

/**
 * Order `number` for the account `owner` (null: a guest, whose request would only be refused — the page asks
 * them to sign in, and loads once they have). Read again on a new language; while the payment settles, the
 * order is asked about again by itself. What one account loaded is not shown to the next.
 */
export function useConfirmedOrder(number: string | null, owner: string | null, hydrated: boolean): ConfirmedOrder {
  const { i18n } = useTranslation();
  // the server's page has no kept copy: it is read once the browser has taken the page over
  const kept = useMemo(() => (hydrated && number && owner !== null ? keptOrder(number) : null), [hydrated, number, owner]);
  const [fresh, setFresh] = useState<{ order: AccountOrder; owner: string } | null>(null);
  const [failure, setFailure] = useState<{ kind: LoadFailure; owner: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [following, setFollowing] = useState(false);
  // the load series under way (a new order, account, language or attempt starts one): an answer for an
  // earlier one is dropped
  const series = useRef<{ latest: AccountOrder | null } | null>(null);

  const load = useCallback(
    (mine: { latest: AccountOrder | null }, wanted: string, account: string) =>
      orderCalls.get(wanted).then(
        (loaded) => {
          if (series.current !== mine) return;
          mine.latest = loaded;
          setFresh({ order: loaded, owner: account });
          setFailure(null);
          saveLastOrder(loaded);
          // While the payment is being settled, the page follows it by itself.
          setFollowing(settling(loaded));
        },
        // the kept copy stays on screen; a payment being settled is asked about again, unless the answer
        // was "sign in" or "not this account's", which asking again would not change
        (error: unknown) => {
          if (series.current !== mine) return;
          const kind = loadFailure(error);
          const known = mine.latest ?? keptOrder(wanted);
          if (!known || kind === 'sign-in') setFailure({ kind, owner: account });
          setFollowing(kind === 'failed' && settling(known));
        },
      ),
    [],
  );

  useEffect(() => {
    if (!number || owner === null) return;
    const mine: { latest: AccountOrder | null } = { latest: null };
    series.current = mine;
    setFollowing(false);
    void load(mine, number, owner);
    return () => {
      series.current = null;
    };
  }, [number, owner, i18n.language, attempt, load]);

  usePoll(
    () => series.current && number && owner !== null && load(series.current, number, owner),
    { everyMs: CHECKING_POLL_MS, active: following && !!number && owner !== null, max: CHECKING_MAX_POLLS },
    [number, owner, i18n.language, attempt],
  );

  const order = fresh && fresh.order.number === number && fresh.owner === owner ? fresh.order : kept;
  const failed = failure && failure.owner === owner ? failure.kind : null;
  const retry = () => {
    setFailure(null);
    setAttempt((n) => n + 1);
  };
  return { order, failed, retry };
}
