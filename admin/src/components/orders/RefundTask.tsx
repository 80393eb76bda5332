// A refund staff must make by hand (the API's `refund_task`): a paid Payme-checkout order that was
// cancelled is refunded in Payme's merchant cabinet, and a Click payment Click would not reverse in Click's.
// The order says so — what to refund (the payment's id, the amount), where (a link to the cabinet), since
// when and by when — instead of "nothing more to do". It stays "Refund in progress" until the provider
// reports the refund; nothing here marks it refunded.
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import type { OrderDetail } from '../../api/types';
import { formatDateTime, formatMoney } from '../../format';

export type RefundTaskData = NonNullable<OrderDetail['refund_task']>;

/** A provider as its name is written. */
export const REFUND_PROVIDERS: Record<RefundTaskData['provider'], string> = { payme: 'Payme', click: 'Click' };

export function RefundTask({ task }: { task: RefundTaskData }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const provider = REFUND_PROVIDERS[task.provider];
  return (
    <div className="adm-notice" data-testid="refund-task" role="note" aria-labelledby="refund-task-title">
      <strong id="refund-task-title">
        {task.overdue ? (
          <>
            <span className="adm-badge" data-testid="refund-task-overdue">
              {t('refundTask.overdue')}
            </span>{' '}
          </>
        ) : null}
        {t('refundTask.title', { provider })}
      </strong>
      <dl className="adm-kv" style={{ margin: '8px 0 0' }}>
        <dt>{t(`refundTask.transaction_${task.provider}`)}</dt>
        <dd>{task.transaction_id ? <code data-testid="refund-task-transaction">{task.transaction_id}</code> : t('refundTask.noTransaction')}</dd>
        <dt>{t('refundTask.amount')}</dt>
        <dd data-testid="refund-task-amount">{formatMoney(task.amount, lang)}</dd>
        <dt>{t('refundTask.owedSince')}</dt>
        <dd>{formatDateTime(task.owed_since, lang)}</dd>
        <dt>{t('refundTask.dueBy')}</dt>
        <dd data-testid="refund-task-due" className={task.overdue ? 'adm-error-text' : undefined}>
          {formatDateTime(task.overdue_at, lang)}
        </dd>
      </dl>
      <p style={{ margin: '8px 0 0' }}>{t(`refundTask.how_${task.provider}`, { provider })}</p>
      <p style={{ margin: '8px 0 0' }}>
        <a className="bz-btn bz-btn--secondary" href={task.cabinet_url} target="_blank" rel="noopener noreferrer" data-testid="refund-task-cabinet">
          {t('refundTask.open', { provider })}
        </a>
      </p>
    </div>
  );
}
