// One order of My orders (OrderDetail.tsx): its loading, the following of a payment being checked, and where
// the focus goes when it is shown.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getApi, useAsync } from '@bozor/shared';
import { type AccountOrder, ordersApi } from '@bozor/shared/api/orders';
import { paymentBeingChecked, useFollowedWhile } from './useFollowed';

/** The navigation state of a link that opens an order from the list: its heading then takes the focus. */
export const OPEN_ORDER = { openOrder: true } as const;

function isOpenOrder(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { openOrder?: unknown }).openOrder === true;
}

/**
 * Order `number`, asked again when the language changes (statuses and product names come translated from the
 * API); a card payment being checked is followed until it settles.
 */
export function useOrder(number: string): { order: AccountOrder | null; loading: boolean; error: Error | null; reload: () => void } {
  const { i18n } = useTranslation();
  const load = () => ordersApi(getApi()).get(number);
  const { data, loading, error, reload } = useAsync(`${number}|${i18n.language}`, load);
  const order = useFollowedWhile(data, loading, load, paymentBeingChecked);
  return { order, loading, error, reload };
}

/**
 * Where the focus goes: opened from the list (the pressed link is gone), to the order's heading once the order
 * is there, or to the message when it cannot be shown; after "Try again" (which goes away while the order
 * loads), to what comes instead, so that it does not fall to the page's body. `retrying()` is called as
 * "Try again" is pressed.
 */
export function useOrderFocus(shown: 'order' | 'error' | null) {
  const opened = isOpenOrder(useLocation().state);
  const heading = useRef<HTMLHeadingElement>(null);
  const problem = useRef<HTMLElement | null>(null);
  const focused = useRef(false);
  const retried = useRef<'pressed' | 'loading' | null>(null);
  useEffect(() => {
    if (retried.current === 'pressed' && !shown) retried.current = 'loading';
    if (retried.current === 'loading' && shown) {
      retried.current = null;
      (shown === 'order' ? heading : problem).current?.focus();
      return;
    }
    if (!opened || focused.current || !shown) return;
    focused.current = true;
    (shown === 'order' ? heading : problem).current?.focus();
  });
  return {
    heading,
    /** The ref callback of the message that says why the order is not shown. */
    problemRef: (el: HTMLElement | null) => void (problem.current = el),
    retrying: () => void (retried.current = 'pressed'),
  };
}
