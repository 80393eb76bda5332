// The packing slip: one printed page for the people who pack and hand over the order. It opens the
// print dialog once the order is on the screen; the buttons above it do not print. Amounts and codes (SKU,
// MXIK) are never broken: a packer reads them, or types them, whole. On a phone's screen (before printing)
// the table's lines are stacked — the item's name, then each value beside its caption — as the back office's
// other tables are; on paper (A4) it stays a table.
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, formatPhone } from '@bozor/shared';
import { api } from '../../api';
import { agreedNote } from '../../components/orders/OrderHistory';
import { ErrorBlock, Loading } from '../../components/common/States';
import { addressLine, formatDateTime, formatMoney } from '../../format';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useQuery } from '../../hooks/useQuery';

const slipCss = `
.adm-slip{max-width:780px;margin:0 auto;padding:24px;background:#fff;color:#000;font-size:14px}
.adm-slip h1{font-size:40px;letter-spacing:1px;margin:8px 0}
.adm-slip table{width:100%;border-collapse:collapse;margin:16px 0}
.adm-slip th,.adm-slip td{border:1px solid #000;padding:6px 8px;text-align:left;vertical-align:top}
.adm-slip td.num,.adm-slip th.num{text-align:right;white-space:nowrap}
.adm-slip .adm-kv dt{color:#333}
.adm-slip td{overflow-wrap:anywhere}
.adm-slip .adm-slip-whole{white-space:nowrap}
@media screen and (max-width:600px){
.adm-slip{padding:12px;font-size:13px}
.adm-slip h1{font-size:28px;overflow-wrap:anywhere}
.adm-slip thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.adm-slip table,.adm-slip tbody,.adm-slip tfoot{display:block;width:100%}
.adm-slip tr{display:block;border:1px solid #000;border-top:0;padding:4px 0}
.adm-slip tbody tr:first-child{border-top:1px solid #000}
.adm-slip td,.adm-slip th,.adm-slip td.num,.adm-slip th.num{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:2px 12px;border:0;padding:2px 8px;text-align:right;white-space:normal}
.adm-slip td::before{content:attr(data-label);text-align:left}
.adm-slip td:not([data-label])::before{content:none}
.adm-slip td.adm-slip-item{display:block;text-align:left;font-weight:600}
.adm-slip tfoot tr{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:2px 12px}
.adm-slip tfoot td,.adm-slip tfoot th{display:block;text-align:left}
}
@media print{@page{size:A4;margin:12mm}.adm-slip{padding:0;max-width:none}}
`;

export default function PackingSlipPage() {
  const { number = '' } = useParams();
  const { t } = useTranslation();
  const lang = useStore($language);
  const { data, error, loading, reload } = useQuery(() => api.order(number), [number]);
  const printed = useRef(false);
  const order = data?.order;
  useDocumentTitle(t('slip.title', { number }));

  useEffect(() => {
    if (!order || printed.current) return;
    printed.current = true;
    // after this paint, so the dialog prints the slip and not the loading text
    const id = setTimeout(() => window.print(), 100);
    return () => clearTimeout(id);
  }, [order]);

  return (
    <div className="adm-slip" data-testid="packing-slip">
      <style>{slipCss}</style>
      <p className="adm-row adm-no-print">
        <Link to={`/orders/${encodeURIComponent(number)}`}>← {t('order.back')}</Link>
        {/* nothing to print until the order is there (and never for one that is not found) */}
        {order ? <Button onClick={() => window.print()}>{t('slip.print')}</Button> : null}
      </p>
      {!order ? (
        error ? <ErrorBlock error={error} onRetry={reload} /> : loading ? <Loading /> : null
      ) : (
        <>
          <div className="adm-spread">
            <strong>{t('slip.shop')}</strong>
            <span>{formatDateTime(order.created_at, lang)}</span>
          </div>
          <h1>{order.number}</h1>
          <dl className="adm-kv">
            <dt>{t('order.receiver')}</dt>
            <dd>{order.receiver.name}</dd>
            <dt>{t('order.phone')}</dt>
            <dd>
              <span className="adm-nowrap">{formatPhone(order.receiver.phone)}</span>
            </dd>
            <dt>{t(`delivery.${order.delivery_type}`)}</dt>
            {/* "Buy in 1 click": no address or store, but what was agreed by phone (the Confirm step's note) */}
            <dd data-testid="slip-delivery" style={{ whiteSpace: 'pre-line' }}>
              {order.store
                ? `${order.store.name}, ${order.store.address}`
                : order.address
                  ? addressLine(order.address, t)
                  : (order.delivery_type === 'phone' ? agreedNote(order.timeline) : null) ?? '—'}
            </dd>
            <dt>{t('order.payment')}</dt>
            <dd>
              {t(`paymentMethod.${order.payment_method}`)} — {order.payment_status_label}
            </dd>
            {order.address?.comment ? (
              <>
                <dt>{t('order.comment')}</dt>
                <dd>{order.address.comment}</dd>
              </>
            ) : null}
          </dl>
          <table>
            <thead>
              <tr>
                <th>{t('slip.item')}</th>
                <th>{t('order.sku')}</th>
                <th>{t('order.mxik')}</th>
                <th className="num">{t('slip.qty')}</th>
                <th className="num">{t('order.total')}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={`${item.product_id}-${item.variant_id ?? ''}`}>
                  <td className="adm-slip-item">
                    {item.name}
                    {item.options.length ? ` (${item.options.map((o) => `${o.name}: ${o.value}`).join(', ')})` : ''}
                  </td>
                  {/* the captions are for the stacked lines of a phone's screen */}
                  <td data-label={t('order.sku')}>
                    <span className="adm-slip-whole">{item.sku}</span>
                  </td>
                  <td data-label={t('order.mxik')}>
                    <span className="adm-slip-whole">{item.mxik || '—'}</span>
                  </td>
                  <td className="num" data-label={t('slip.qty')}>
                    <span className="adm-slip-whole">{item.quantity}</span>
                  </td>
                  <td className="num" data-label={t('order.total')}>
                    <span className="adm-slip-whole">{formatMoney(item.total, lang)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={4}>{t('order.deliveryPrice')}</td>
                <td className="num">
                  <span className="adm-slip-whole">{formatMoney(order.delivery_price, lang)}</span>
                </td>
              </tr>
              <tr>
                <th colSpan={4}>{t('order.total')}</th>
                <th className="num">
                  <span className="adm-slip-whole">{formatMoney(order.total, lang)}</span>
                </th>
              </tr>
            </tfoot>
          </table>
        </>
      )}
    </div>
  );
}
