// "Change stock" for one variant in one store: received / correction / damaged, with a note, the count after
// the change previewed. Every save says the count the form shows (a save repeated after a lost answer is
// refused instead of counted twice); after an answer that never came, the next save reads the count first.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, ApiError, showToast } from '@bozor/shared';
import { api } from '../../api';
import { STOCK_REASONS, type AdminVariant, type StoreRef } from '../../api/catalog';
import { formatCount } from '../../format';
import { countAfter, movementSchema, type MovementValues } from '../../forms/movement';
import { SelectField, TextAreaField, TextField } from '../common/Fields';
import { FormFooter } from '../common/FormFooter';
import { errorText, placeError } from '../common/States';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstInvalid';
import { variantLabel } from './variantLabel';

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

export function MovementForm({
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

