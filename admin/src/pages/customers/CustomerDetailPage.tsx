// One customer: profile, totals and orders; make a legal entity or back to individual; block/unblock.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, type Body, Button, Dialog, formatPhone, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { Customer } from '../../api/types';
import { LegalForm } from '../../components/customers/LegalForm';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { StatusBadge } from '../../components/common/StatusBadge';
import { Empty, ErrorBlock, Loading, errorText } from '../../components/common/States';
import { formatDate, formatDateTime, formatMoney, fullName } from '../../format';
import { useQuery } from '../../hooks/useQuery';

type Pending = { kind: 'block' | 'unblock' | 'individual'; patch: Body<'/api/admin/customers/{id}', 'patch'> };

export default function CustomerDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const lang = useStore($language);
  const { data, error, loading, reload, setData } = useQuery(() => api.customer(Number(id)), [id]);
  const [legalOpen, setLegalOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');
  // Make legal entity / Back to individual replace the pressed button (and its dialog's focus return finds it
  // gone): the focus goes to the first button now in its place, rather than to the top of the page.
  const actionsRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    (actionsRef.current?.querySelector<HTMLElement>('.adm-actions button') ?? actionsRef.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [data]);

  if (!data) {
    return (
      <>
        <p>
          <Link to="/customers">← {t('customers.back')}</Link>
        </p>
        {error ? <ErrorBlock error={error} onRetry={reload} /> : loading ? <Loading /> : null}
      </>
    );
  }
  const { customer, orders } = data;
  const saved = (c: Customer) => {
    if (c.user_type !== customer.user_type) refocus.current = true;
    setData({ customer: c, orders });
    showToast(t('customers.saved'), 'success');
  };

  async function apply() {
    if (!pending) return;
    setBusy(true);
    setActionError('');
    try {
      const answer = await api.updateCustomer(customer.id, pending.patch);
      setPending(null);
      saved(answer.customer);
    } catch (err) {
      setActionError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p>
        <Link to="/customers">← {t('customers.back')}</Link>
      </p>
      <div className="adm-spread">
        <h1 data-testid="customer-name">{fullName(customer) || t('customers.noName')}</h1>
        {customer.blocked ? <span className="adm-status adm-status--cancelled">{t('customers.blocked')}</span> : null}
      </div>
      <div className="adm-grid">
        <section className="adm-card" aria-labelledby="cust-profile">
          <h2 id="cust-profile">{t('customers.profile')}</h2>
          <dl className="adm-kv">
            <dt>{t('customers.phone')}</dt>
            <dd>{customer.phone ? formatPhone(customer.phone) : '—'}</dd>
            <dt>{t('customers.type')}</dt>
            <dd data-testid="customer-type">{customer.user_type === 'legal' ? t('customers.legal') : t('customers.individual')}</dd>
            {customer.user_type === 'legal' ? (
              <>
                <dt>{t('customers.companyName')}</dt>
                <dd>{customer.company_name}</dd>
                <dt>{t('customers.inn')}</dt>
                <dd>{customer.inn}</dd>
              </>
            ) : null}
            <dt>{t('customers.since')}</dt>
            <dd>{formatDate(customer.created_at, lang)}</dd>
          </dl>
        </section>
        <section className="adm-card" aria-labelledby="cust-totals">
          <h2 id="cust-totals">{t('customers.totals')}</h2>
          <dl className="adm-kv">
            <dt>{t('customers.orders')}</dt>
            <dd>{customer.orders_count}</dd>
            <dt>{t('customers.spent')}</dt>
            <dd>{formatMoney(customer.orders_total, lang)}</dd>
          </dl>
        </section>
      </div>

      <section ref={actionsRef} className="adm-card" aria-labelledby="cust-actions">
        <h2 id="cust-actions" tabIndex={-1}>{t('customers.actions')}</h2>
        <div className="adm-actions">
          {customer.user_type === 'individual' ? (
            <Button onClick={() => setLegalOpen(true)}>{t('customers.makeLegal')}</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setLegalOpen(true)}>
                {t('customers.editLegal')}
              </Button>
              <Button variant="secondary" onClick={() => setPending({ kind: 'individual', patch: { user_type: 'individual' } })}>
                {t('customers.makeIndividual')}
              </Button>
            </>
          )}
          {customer.blocked ? (
            <Button variant="secondary" onClick={() => setPending({ kind: 'unblock', patch: { blocked: false } })}>
              {t('customers.unblock')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setPending({ kind: 'block', patch: { blocked: true } })}>
              {t('customers.block')}
            </Button>
          )}
        </div>
      </section>

      <section className="adm-card" aria-labelledby="cust-orders">
        <h2 id="cust-orders">{t('customers.orderList')}</h2>
        {orders.length === 0 ? <Empty>{t('customers.noOrders')}</Empty> : null}
        {orders.length > 0 ? (
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--cards">
              <thead>
                <tr>
                  <th>{t('orders.number')}</th>
                  <th>{t('orders.date')}</th>
                  <th>{t('orders.status')}</th>
                  <th className="num">{t('orders.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.number}>
                    {/* each value in one box, as DataTable does: on a phone the cell is a line of caption and value (styles.ts) */}
                    <td data-label={t('orders.number')}>
                      <div className="adm-cell">
                        <Link to={`/orders/${encodeURIComponent(o.number)}`}>{o.number}</Link>
                      </div>
                    </td>
                    <td data-label={t('orders.date')}>
                      <div className="adm-cell">{formatDateTime(o.created_at, lang)}</div>
                    </td>
                    <td data-label={t('orders.status')}>
                      <div className="adm-cell">
                        <StatusBadge status={o.status} label={o.status_label} />
                      </div>
                    </td>
                    <td className="num" data-label={t('orders.total')}>
                      <div className="adm-cell">{formatMoney(o.total, lang)}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <Dialog open={legalOpen} title={t('customers.legalTitle')} onClose={() => setLegalOpen(false)} closeLabel={t('common:close')}>
        <LegalForm
          customer={customer}
          onCancel={() => setLegalOpen(false)}
          onSaved={(c) => {
            setLegalOpen(false);
            saved(c);
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`customers.confirm.${pending.kind}.title`) : ''}
        confirmLabel={pending ? t(`customers.confirm.${pending.kind}.action`) : ''}
        danger={pending?.kind === 'block'}
        busy={busy}
        error={actionError}
        onClose={() => {
          setPending(null);
          setActionError('');
        }}
        onConfirm={() => void apply()}
      >
        <p>{pending ? t(`customers.confirm.${pending.kind}.text`, { name: fullName(customer) || formatPhone(customer.phone ?? '') }) : null}</p>
      </ConfirmDialog>
    </>
  );
}
