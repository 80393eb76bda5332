import { useState } from 'react';
import { usePoll } from '@bozor/shared';
import type { AccountOrder } from '@bozor/shared/api/orders';

/** A card payment whose outcome the bank has not given yet: the API settles it by itself, paid or failed. */
export function paymentBeingChecked(order: Pick<AccountOrder, 'status' | 'payment_status'>): boolean {
  return order.payment_status === 'checking' && order.status !== 'cancelled';
}

/**
 * How often a payment being checked is asked about again, and for how long at most (ten minutes), as the
 * checkout's confirmation does.
 */
export const CHECKING_POLL_MS = 4000;
export const CHECKING_MAX_POLLS = 150;

/**
 * `loaded` (a page's answer) kept up to date while `open(value)` holds — an order, or a page of orders,
 * with a payment being checked: `ask` is called again every CHECKING_POLL_MS, CHECKING_MAX_POLLS times at
 * most, until it no longer holds or the page is left. What is shown stays on screen meanwhile (and the
 * focus in it); a failed ask is only tried again (a 401 signs the shopper out, and the page with it). Not
 * while a new load (another page or language) is under way: what is shown then is the answer before, and
 * the new load starts the count afresh.
 */
export function useFollowedWhile<T>(loaded: T | null, loading: boolean, ask: () => Promise<T>, open: (value: T) => boolean): T | null {
  // the newest answer of the asks, over the load it followed
  const [polled, setPolled] = useState<{ over: T; value: T } | null>(null);
  const value = (loaded !== null && polled?.over === loaded ? polled.value : null) ?? loaded;
  const following = !loading && loaded !== null && value !== null && open(value);
  usePoll(
    // a failed ask is only tried again (the ask's page keeps what it shows)
    () => ask().then((next) => loaded !== null && setPolled({ over: loaded, value: next })),
    { everyMs: CHECKING_POLL_MS, active: following, max: CHECKING_MAX_POLLS },
    [loaded],
  );
  return value;
}
