// Stock of a saved product: per variant, per store, with "Change stock" (received / correction /
// damaged, with a note) and the variant's movement history — staff's changes, CSV imports and the
// orders that took or gave back units — newest first.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, ApiError, Button, Dialog, showToast } from '@bozor/shared';
import { z } from 'zod';
import { api } from '../../api';
import { STOCK_REASONS, type AdminProduct, type AdminVariant, type StockReason, type StoreRef } from '../../api/catalog';
import { formatCount, formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { SelectField, TextAreaField, TextField } from '../common/Fields';
import { FormFooter } from '../common/FormFooter';
import { Pager } from '../common/Pager';
import { ErrorBlock, Loading, errorText, placeError } from '../common/States';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstInvalid';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The "change stock" rules (the API's: received/damaged ≥ 1 unit, a correction is the new count ≥ 0, and
 * no more is written off than the store holds — `inStore`, the count the form shows as "now").
 */
export const movementSchema = (t: T, inStore: (storeId: string) => number = () => Number.POSITIVE_INFINITY) =>
  z
    .object({
      store_id: z.string().min(1, t('validation.choose')),
      reason: z.enum(STOCK_REASONS),
      quantity: z.string().trim().regex(/^\d{1,7}$/, t('validation.wholeNumber')),
      note: z.string().max(500, t('validation.tooLong')),
    })
    .superRefine((v, ctx) => {
      if (v.reason !== 'correction' && /^\d+$/.test(v.quantity) && Number(v.quantity) < 1) ctx.addIssue({ code: 'custom', path: ['quantity'], message: t('validation.atLeastOne') });
      else if (v.reason === 'damaged' && /^\d+$/.test(v.quantity) && v.store_id && Number(v.quantity) > inStore(v.store_id)) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: t('stock.moreThanInStore', { count: inStore(v.store_id) }) });
      }
    });
export type MovementValues = z.infer<ReturnType<typeof movementSchema>>;

/** The count after the movement, as the form previews it (null while the quantity is not a number). */
export function countAfter(current: number, reason: StockReason, quantity: string): number | null {
  if (!/^\d+$/.test(quantity.trim())) return null;
  const n = Number(quantity.trim());
  if (reason === 'received') return current + n;
  if (reason === 'damaged') return current - n;
  return n;
}

export function variantLabel(v: AdminVariant, lang: 'uz' | 'ru' | 'en'): string {
  const options = v.options.map((o) => o.label[lang] || o.label.uz).join(', ');
  return options ? `${v.sku} · ${options}` : v.sku;
}

/**
 * What stands above the form's buttons after a refused or failed save: the stock moved meanwhile, the outcome
 * is unknown (no answer, or a 5xx), or the API's own words. The first two are ours, so they follow a language
 * switch.
 */
type Problem = { kind: 'stale' } | { kind: 'unknown' } | { kind: 'text'; text: string } | null;

/**
 * No answer (status 0) or a 5xx (the gateway's 502/504, the API stopped or failed after its commit): the
 * movement may have been written. Anything that is not an ApiError was thrown after the answer came.
 */
const outcomeUnknown = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status >= 500;

function MovementForm({
  productId,
  variant,
  store,
  stores,
  onSaved,
  onCancel,
  onStale,
  onFresh,
}: {
  productId: number;
  variant: AdminVariant;
  store: StoreRef | null;
  stores: readonly StoreRef[];
  onSaved: (v: AdminVariant) => void;
  onCancel: () => void;
  /** The stock changed meanwhile (409): the product is loaded again, so "now" is the real count. */
  onStale: () => void;
  /** The variant as just read again (the check after an unknown outcome): "now" shows its count. */
  onFresh: (v: AdminVariant) => void;
}) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const [problem, setProblem] = useState<Problem>(null);
  // The last save's outcome is unknown: it may have been written, so the next one reads the count first.
  const unsure = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusProblem = useFocusFirstProblem(formRef);
  // Closed while unsure: the page loads the product again, so its table (and the form opened next) shows the
  // real count rather than the one from before the lost answer.
  const reload = useRef(onStale);
  reload.current = onStale;
  useEffect(() => {
    const wasUnsure = unsure;
    return () => {
      if (wasUnsure.current) reload.current();
    };
  }, []);
  const form = useForm<MovementValues>({
    resolver: zodResolver(
      useMemo(() => movementSchema((k, o) => t(k, { lng: lang, ...o }), (id) => variant.stock.find((s) => String(s.store.id) === id)?.quantity ?? 0), [t, lang, variant]),
    ),
    defaultValues: { store_id: store ? String(store.id) : '', reason: 'received', quantity: '', note: '' },
  });
  // its own messages follow the language switch
  useErrorsInLanguage(form, lang);
  const [storeId, reason, quantity] = useWatch({ control: form.control, name: ['store_id', 'reason', 'quantity'] });
  const current = variant.stock.find((s) => String(s.store.id) === storeId)?.quantity ?? 0;
  const after = countAfter(current, reason, quantity);
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (v) => {
    setProblem(null);
    const storeNo = Number(v.store_id);
    try {
      if (unsure.current) {
        // The save before may have gone through (its answer was lost): sending it again would count a
        // delivery twice. If the count is no longer the one the form shows, say so instead of sending.
        const fresh = (await api.product(productId)).product.variants.find((x) => x.id === variant.id);
        unsure.current = false;
        const freshCount = fresh?.stock.find((s) => s.store.id === storeNo)?.quantity ?? 0;
        if (fresh && freshCount !== current) {
          onFresh(fresh);
          setProblem({ kind: 'stale' });
          focusProblem();
          return;
        }
      }
      const answer = await api.moveStock(variant.id, {
        store_id: storeNo,
        reason: v.reason,
        quantity: Number(v.quantity),
        // The count the form shows, for every reason: a save repeated after a lost answer finds the count
        // moved and is refused (409 STOCK_CHANGED) instead of being added a second time.
        expected_quantity: current,
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
      });
      showToast(t('stock.saved', { quantity: answer.variant.stock.find((s) => s.store.id === storeNo)?.quantity ?? 0 }), 'success');
      onSaved(answer.variant);
    } catch (err) {
      if (outcomeUnknown(err)) {
        // not "try again": the movement may be written already
        unsure.current = true;
        setProblem({ kind: 'unknown' });
        focusProblem();
        return;
      }
      if (err instanceof ApiError && err.status === 409) onStale();
      // more written off than the store holds (someone took units meanwhile): the API's words, on the quantity
      if (err instanceof ApiError && err.code === 'STOCK_INSUFFICIENT') {
        form.setError('quantity', { type: 'server', message: err.message || errorText(err, t) });
        form.setFocus('quantity');
        return;
      }
      if (err instanceof ApiError && err.code === 'STOCK_CHANGED') {
        // ours, not the API's "enter it again": after a lost answer the change may be in the count already
        setProblem({ kind: 'stale' });
        focusProblem();
        return;
      }
      const text = placeError(err, ['store_id', 'reason', 'quantity', 'note'] as const, form.setError, t, { statuses: [422, 409], alias: { quantity: 'expected_quantity' } });
      setProblem(text ? { kind: 'text', text } : null);
      focusProblem();
    }
  });

  const error = problem?.kind === 'stale' ? t('stock.changedMeanwhile') : problem?.kind === 'unknown' ? t('stock.outcomeUnknown') : (problem?.text ?? '');

  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="movement-form">
      <p>
        <strong>{variantLabel(variant, lang)}</strong>
      </p>
      <SelectField label={t('stock.store')} {...form.register('store_id')} error={errors.store_id?.message}>
        <option value="">{t('stock.chooseStore')}</option>
        {stores.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('stock.reason')} {...form.register('reason')} error={errors.reason?.message}>
        {STOCK_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`stock.reasons.${r}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t(`stock.quantityFor.${reason}`)} inputMode="numeric" autoComplete="off" {...form.register('quantity')} error={errors.quantity?.message} data-testid="movement-quantity" />
      <p className="adm-muted" data-testid="movement-preview">
        {storeId ? t('stock.preview', { now: formatCount(current, lang), after: after === null ? '—' : formatCount(after, lang) }) : null}
      </p>
      <TextAreaField label={t('stock.note')} {...form.register('note')} error={errors.note?.message} />
      <FormFooter error={error} submitLabel={t('stock.save')} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

const PER_PAGE = 20;

export function MovementHistory({ variant, stores }: { variant: AdminVariant; stores: readonly StoreRef[] }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const [page, setPage] = useState(1);
  const [storeId, setStoreId] = useState('');
  const list = useQuery(() => api.movements(variant.id, { store_id: storeId, page, per_page: PER_PAGE }), [variant.id, variant.total_quantity, storeId, page]);
  return (
    <div data-testid="movement-history">
      <div className="adm-filters">
        <SelectField
          label={t('stock.store')}
          value={storeId}
          onChange={(e) => {
            setStoreId(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('filters.any')}</option>
          {stores.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
      </div>
      {list.error && !list.data ? <ErrorBlock error={list.error} onRetry={list.reload} /> : null}
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && list.data.data.length === 0 ? <p className="adm-empty">{t('stock.noMovements')}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <>
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--cards">
              <thead>
                <tr>
                  <th>{t('stock.at')}</th>
                  <th>{t('stock.store')}</th>
                  <th>{t('stock.reason')}</th>
                  <th className="num">{t('stock.change')}</th>
                  <th className="num">{t('stock.after')}</th>
                  <th>{t('stock.by')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((m) => (
                  <tr key={m.id} data-testid="movement">
                    <td data-label={t('stock.at')}>{formatDateTime(m.at, lang)}</td>
                    <td data-label={t('stock.store')}>{m.store.name}</td>
                    <td data-label={t('stock.reason')}>
                      {t(`stock.reasons.${m.reason}`)}
                      {m.note ? <span className="adm-muted"> — {m.note}</span> : null}
                    </td>
                    <td className="num" data-label={t('stock.change')}>
                      {/* a recount that found the same number changed nothing: "0", not "−0" */}
                      {m.delta > 0 ? `+${formatCount(m.delta, lang)}` : m.delta < 0 ? `−${formatCount(-m.delta, lang)}` : formatCount(0, lang)}
                    </td>
                    <td className="num" data-label={t('stock.after')}>
                      {m.quantity_after === null ? '—' : formatCount(m.quantity_after, lang)}
                    </td>
                    <td data-label={t('stock.by')}>
                      {m.order ? <Link to={`/orders/${encodeURIComponent(m.order.number)}`}>{m.order.number}</Link> : (m.staff?.name ?? t('order.system'))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager meta={list.data.meta} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}

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
