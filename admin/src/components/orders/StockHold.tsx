// An unconfirmed cash order holds its stock until a time (CASH_ORDER_HOLD_H after it was placed); past
// it, the API cancels the order and puts the goods back on sale. Staff see until when, and may extend
// the hold once (the button goes once it has been). A refusal (409: extended meanwhile, or confirmed)
// is said in the API's words and the order is loaded again. The pressed button goes either way: the focus
// goes to what replaced it — the new "held until" line, or the refusal.
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, ApiError, Button, showToast, useAfterNextRender } from '@bozor/shared';
import { api } from '../../api';
import type { OrderDetail } from '../../api/types';
import { formatDateTime } from '../../format';
import { errorText } from '../common/States';
import { useHoldRefresh } from '../../hooks/useRefreshHold';

export interface StockHoldProps {
  order: OrderDetail;
  onChanged: (order: OrderDetail) => void;
  onStale: () => void;
}

export function StockHold({ order, onChanged, onStale }: StockHoldProps) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const untilRef = useRef<HTMLElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const focusTarget = useRef<'until' | 'error'>('until');
  const moveFocus = useAfterNextRender(() => (focusTarget.current === 'error' ? errorRef : untilRef).current?.focus());
  const focusOn = (target: 'until' | 'error') => {
    focusTarget.current = target;
    moveFocus();
  };
  // the page does not load the order again under an extension on its way
  useHoldRefresh(busy);
  if (!order.stock_held_until) return null;
  const date = formatDateTime(order.stock_held_until, lang);

  async function extend() {
    setBusy(true);
    setError('');
    try {
      const answer = await api.extendHold(order.number);
      onChanged(answer.order);
      showToast(t('order.holdExtended', { date: formatDateTime(answer.order.stock_held_until ?? '', lang) }), 'success');
      focusOn('until');
    } catch (err) {
      setError(errorText(err, t));
      focusOn('error');
      if (err instanceof ApiError && err.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="adm-hold" data-testid="stock-hold">
      <p className="adm-spread">
        <strong ref={untilRef} tabIndex={-1} data-testid="stock-hold-until">{order.hold_extended ? t('order.holdUntilExtended', { date }) : t('order.holdUntil', { date })}</strong>
        {order.hold_extended ? null : (
          <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => void extend()} data-testid="extend-hold">
            {t('order.extendHold')}
          </Button>
        )}
      </p>
      <p className="adm-muted">{t('order.holdHint')}</p>
      {error ? (
        <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1} data-testid="stock-hold-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
