// The product's options (what its variants differ by: colour, volume) and its variants: SKU, the option
// labels in three languages, prices for individuals and legal entities, old prices, the low-stock
// threshold, and — for a variant not yet saved — its opening stock per store. Removing a saved variant that
// has stock asks first, saying how many units go with it; one that orders under way hold cannot be removed
// (the API refuses it at Save), and its Remove says so beforehand.
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFieldArray, get, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, LANGS, showToast, useAfterNextRender } from '@bozor/shared';
import { openOrdersOf, type AdminVariant, type StoreRef } from '../../api/catalog';
import { emptyLocalized, emptyVariant, MAX_VARIANTS, type ProductValues } from '../../forms/product';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { TextField } from '../common/Fields';

interface Props {
  form: UseFormReturn<ProductValues>;
  stores: readonly StoreRef[];
  readOnly: boolean;
  /** Shown where a variant's stock is (the stock panel below the form, for saved variants). */
  lowStockDefault: number;
  /** The saved variants as the API last gave them (their stock, their open orders): removing one with stock asks first, one in open orders cannot be removed. */
  saved?: readonly AdminVariant[];
}

const errorOf = (form: UseFormReturn<ProductValues>, path: string): string | undefined => (get(form.formState.errors, path) as { message?: string } | undefined)?.message;

export function OptionKindsEditor({ form, readOnly }: Pick<Props, 'form' | 'readOnly'>) {
  const { t } = useTranslation();
  const kinds = useFieldArray({ control: form.control, name: 'option_kinds' });
  const addKind = () => {
    kinds.append({ code: '', name: emptyLocalized() });
    form.getValues('variants').forEach((v, i) => form.setValue(`variants.${i}.options`, [...v.options, { value: '', label: emptyLocalized() }], { shouldDirty: true }));
  };
  const removeKind = (j: number) => {
    kinds.remove(j);
    form.getValues('variants').forEach((v, i) =>
      form.setValue(
        `variants.${i}.options`,
        v.options.filter((_, k) => k !== j),
        { shouldDirty: true },
      ),
    );
  };
  return (
    <fieldset className="adm-fieldset" data-testid="option-kinds">
      <legend>{t('products.options')}</legend>
      <p className="adm-muted">{t('products.optionsHint')}</p>
      {kinds.fields.map((f, j) => (
        <div key={f.id} className="adm-inline-fields">
          {LANGS.map((l) => (
            <TextField
              key={l}
              label={t('products.optionName', { n: j + 1, lang: l.toUpperCase() })}
              lang={l}
              readOnly={readOnly}
              {...form.register(`option_kinds.${j}.name.${l}`)}
              error={errorOf(form, `option_kinds.${j}.name.${l}`)}
            />
          ))}
          {readOnly ? null : (
            <Button variant="ghost" onClick={() => removeKind(j)} aria-label={t('products.removeOption', { n: j + 1 })}>
              {t('actions.remove')}
            </Button>
          )}
        </div>
      ))}
      {readOnly ? null : (
        <Button variant="secondary" onClick={addKind} data-testid="add-option">
          {t('products.addOption')}
        </Button>
      )}
    </fieldset>
  );
}

export function VariantsEditor({ form, stores, readOnly, lowStockDefault, saved = [] }: Props) {
  const { t } = useTranslation();
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const kinds = form.watch('option_kinds');
  const rootError = errorOf(form, 'variants') ?? errorOf(form, 'variants.root');
  const sectionRef = useRef<HTMLElement>(null);
  const hintId = useId();
  /** The variant whose removal waits for a confirmation (its stock would go with it). */
  const [asking, setAsking] = useState<{ index: number; variant: AdminVariant } | null>(null);
  // the pressed Remove is gone with its variant: the focus goes to the Remove now in its place (the next
  // variant's, else the last one's), else to "Add variant" — not to the top of the page
  const removedAt = useRef(0);
  const focusAfterRemoval = useAfterNextRender(() => {
    const buttons = [...(sectionRef.current?.querySelectorAll<HTMLElement>('[data-testid="remove-variant"]') ?? [])];
    (buttons[removedAt.current] ?? buttons.at(-1) ?? sectionRef.current?.querySelector<HTMLElement>('[data-testid="add-variant"]'))?.focus();
  });
  const remove = (i: number) => {
    variants.remove(i);
    removedAt.current = i;
    focusAfterRemoval();
    showToast(t('products.variantRemoved', { n: i + 1 }), 'info');
  };
  /** The saved variant in row `i` as the API last gave it; none for a variant added in this visit. */
  const savedAt = (i: number): AdminVariant | undefined => {
    const id = Number(form.getValues(`variants.${i}.id`));
    return id ? saved.find((v) => v.id === id) : undefined;
  };
  const askRemove = (i: number) => {
    const variant = savedAt(i);
    // the API refuses to remove it at Save (409 VARIANT_IN_OPEN_ORDERS): its button says why instead
    if (openOrdersOf(variant) > 0) return;
    if (variant && variant.total_quantity > 0) setAsking({ index: i, variant });
    else remove(i);
  };

  return (
    <section ref={sectionRef} className="adm-card" aria-labelledby="variants-title" data-testid="variants">
      <h2 id="variants-title">{t('products.variants')}</h2>
      <OptionKindsEditor form={form} readOnly={readOnly} />
      {rootError ? (
        <p className="adm-error" role="alert">
          {rootError}
        </p>
      ) : null}
      {variants.fields.map((field, i) => {
        const saved = !!form.getValues(`variants.${i}.id`);
        const openOrders = openOrdersOf(savedAt(i));
        const heldId = `${hintId}-held-${field.id}`;
        return (
          <fieldset key={field.id} className="adm-fieldset adm-variant" data-testid="variant">
            <legend>{t('products.variantN', { n: i + 1 })}</legend>
            <div className="adm-inline-fields">
              <TextField label={t('products.sku')} readOnly={readOnly} autoComplete="off" {...form.register(`variants.${i}.sku`)} error={errorOf(form, `variants.${i}.sku`)} data-testid="variant-sku" />
            </div>
            {kinds.map((kind, j) => (
              <div key={j} className="adm-inline-fields" role="group" aria-label={kind.name.uz || t('products.optionN', { n: j + 1 })}>
                {LANGS.map((l) => (
                  <TextField
                    key={l}
                    label={`${kind.name[l] || kind.name.uz || t('products.optionN', { n: j + 1 })} (${l.toUpperCase()})`}
                    lang={l}
                    readOnly={readOnly}
                    {...form.register(`variants.${i}.options.${j}.label.${l}`)}
                    error={errorOf(form, `variants.${i}.options.${j}.label.${l}`) ?? (l === 'uz' ? errorOf(form, `variants.${i}.options.${j}.value`) : undefined)}
                  />
                ))}
              </div>
            ))}
            <div className="adm-inline-fields">
              <TextField label={t('products.priceIndividual')} inputMode="numeric" readOnly={readOnly} {...form.register(`variants.${i}.price_individual`)} error={errorOf(form, `variants.${i}.price_individual`)} data-testid="variant-price" />
              <TextField label={t('products.priceLegal')} inputMode="numeric" readOnly={readOnly} {...form.register(`variants.${i}.price_legal`)} error={errorOf(form, `variants.${i}.price_legal`)} data-testid="variant-price-legal" />
              <TextField label={t('products.oldPriceIndividual')} inputMode="numeric" readOnly={readOnly} {...form.register(`variants.${i}.old_price_individual`)} error={errorOf(form, `variants.${i}.old_price_individual`)} />
              <TextField label={t('products.oldPriceLegal')} inputMode="numeric" readOnly={readOnly} {...form.register(`variants.${i}.old_price_legal`)} error={errorOf(form, `variants.${i}.old_price_legal`)} />
              <TextField
                label={t('products.lowThreshold')}
                inputMode="numeric"
                placeholder={t('products.lowThresholdDefault', { n: lowStockDefault })}
                readOnly={readOnly}
                {...form.register(`variants.${i}.low_stock_threshold`)}
                error={errorOf(form, `variants.${i}.low_stock_threshold`)}
              />
            </div>
            {!saved && !readOnly && stores.length > 0 ? (
              <fieldset className="adm-fieldset">
                <legend>{t('products.openingStock')}</legend>
                <div className="adm-inline-fields">
                  {stores.map((s, k) => (
                    <TextField
                      key={s.id}
                      label={s.name}
                      inputMode="numeric"
                      placeholder="0"
                      {...form.register(`variants.${i}.stock.${k}.quantity`)}
                      error={errorOf(form, `variants.${i}.stock.${k}.quantity`)}
                      data-testid={`variant-stock-${s.id}`}
                    />
                  ))}
                </div>
              </fieldset>
            ) : null}
            {readOnly || variants.fields.length <= 1 ? null : (
              <div className="adm-row">
                {/* aria-disabled, not disabled: the button keeps the keyboard focus and its reason is read with it */}
                <Button
                  variant="ghost"
                  className="adm-variant-remove"
                  onClick={() => askRemove(i)}
                  aria-disabled={openOrders > 0 || undefined}
                  aria-describedby={openOrders > 0 ? heldId : undefined}
                  data-testid="remove-variant"
                >
                  {t('products.removeVariant', { n: i + 1 })}
                </Button>
                {openOrders > 0 ? (
                  <small id={heldId} className="adm-muted" data-testid="remove-variant-held">
                    {t('products.variantInOpenOrders', { count: openOrders })}
                  </small>
                ) : null}
              </div>
            )}
          </fieldset>
        );
      })}
      {readOnly || variants.fields.length >= MAX_VARIANTS ? null : (
        <Button
          variant="secondary"
          data-testid="add-variant"
          onClick={() =>
            variants.append(
              emptyVariant(
                form.getValues('option_kinds').length,
                stores.map((s) => s.id),
              ),
            )
          }
        >
          {t('products.addVariant')}
        </Button>
      )}
      {/* outside the product's <form> (a form inside a form is not valid HTML) */}
      {createPortal(
        <ConfirmDialog
          open={asking !== null}
          title={asking ? t('products.removeVariantConfirm', { n: asking.index + 1, sku: asking.variant.sku }) : ''}
          confirmLabel={asking ? t('products.removeVariant', { n: asking.index + 1 }) : ''}
          danger
          onClose={() => setAsking(null)}
          onConfirm={() => {
            if (!asking) return;
            setAsking(null);
            remove(asking.index);
          }}
        >
          {asking ? (
            <p data-testid="remove-variant-stock">
              {t('products.removeVariantStock', {
                count: asking.variant.total_quantity,
                stores: asking.variant.stock
                  .filter((s) => s.quantity > 0)
                  .map((s) => `${s.store.name}: ${s.quantity}`)
                  .join(', '),
              })}
            </p>
          ) : null}
        </ConfirmDialog>,
        document.body,
      )}
    </section>
  );
}
