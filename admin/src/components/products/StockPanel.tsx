// Stock of a saved product: per variant, per store, with "Change stock" (MovementForm) and the variant's
// movement history (MovementHistory).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, Dialog } from '@bozor/shared';
import type { AdminProduct, AdminVariant, StoreRef } from '../../api/catalog';
import { formatCount } from '../../format';
import { MovementForm } from './MovementForm';
import { MovementHistory } from './MovementHistory';
import { variantLabel } from './variantLabel';

export function StockPanel({ product, stores, canEdit, onVariant, onStale }: { product: AdminProduct; stores: readonly StoreRef[]; canEdit: boolean; onVariant: (v: AdminVariant) => void; onStale: () => void }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const [changing, setChanging] = useState<{ variant: AdminVariant; store: StoreRef | null } | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  return (
    <section className="adm-card" aria-labelledby="stock-title" data-testid="stock-panel">
      <h2 id="stock-title">{t('stock.title')}</h2>
      {product.variants.map((v) => (
        <div key={v.id} className="adm-stock-variant" data-testid="stock-variant">
          <div className="adm-spread">
            <h3>{variantLabel(v, lang)}</h3>
            <span className="adm-row">
              <strong>{t('stock.total', { count: v.total_quantity })}</strong>
              <Button variant="secondary" aria-expanded={history === v.id} onClick={() => setHistory(history === v.id ? null : v.id)} data-testid="history-toggle">
                {history === v.id ? t('stock.hideHistory') : t('stock.showHistory')}
              </Button>
            </span>
          </div>
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--cards">
              <thead>
                <tr>
                  <th>{t('stock.store')}</th>
                  <th className="num">{t('stock.quantity')}</th>
                  {canEdit ? (
                    <th>
                      <span className="adm-visually-hidden">{t('stock.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {v.stock.map((s) => (
                  <tr key={s.store.id} data-testid={`stock-${v.sku}-${s.store.id}`}>
                    <td data-label={t('stock.store')}>{s.store.name}</td>
                    <td className="num" data-label={t('stock.quantity')}>
                      {formatCount(s.quantity, lang)}
                      {s.low ? <span className="adm-status adm-status--new" style={{ marginLeft: 6 }}>{s.quantity === 0 ? t('stock.states.none') : t('stock.states.low')}</span> : null}
                    </td>
                    {canEdit ? (
                      <td>
                        <Button variant="secondary" onClick={() => setChanging({ variant: v, store: s.store })} aria-label={t('stock.changeAt', { sku: v.sku, store: s.store.name })}>
                          {t('stock.changeButton')}
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {history === v.id ? <MovementHistory variant={v} stores={stores} /> : null}
        </div>
      ))}
      <Dialog open={!!changing} title={t('stock.changeTitle')} onClose={() => setChanging(null)} closeLabel={t('common:close')}>
        {changing ? (
          <MovementForm
            productId={product.id}
            onFresh={onVariant}
            // the product's current copy: after a reload (409) the form counts from the real stock
            variant={product.variants.find((v) => v.id === changing.variant.id) ?? changing.variant}
            onStale={onStale}
            store={changing.store}
            stores={stores}
            onCancel={() => setChanging(null)}
            onSaved={(v) => {
              setChanging(null);
              onVariant(v);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
