// The product form and, once the product is saved, what changes at once beside it: its pictures, its stock
// per variant per store, archiving. The form checks what the API checks before sending; the API's 422 is
// shown next to the field it names. Leaving with unsaved changes asks first; a refused save keeps
// everything typed.
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, useAfterNextRender, type Lang } from '@bozor/shared';
import type { AdminProduct, CatalogLookups } from '../../api/catalog';
import { emptyProduct, missingLangs, productToValues, type ProductValues } from '../../forms/product';
import { productSchema } from '../../forms/productSchema';
import { langsOf } from '../../forms/productErrors';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstInvalid';
import { useProductSave } from '../../hooks/useProductSave';
import { useUnsavedGuard } from '../../hooks/useUnsavedGuard';
import { ProductArchive } from './ProductArchive';
import { ProductMainFields, ProductTexts } from './ProductFields';
import { PendingPictures, SavedPictures } from './ProductPictures';
import { StockPanel } from './StockPanel';
import { VariantsEditor } from './VariantsEditor';

export interface ProductEditorProps {
  product: AdminProduct | null;
  lookups: CatalogLookups;
  canEdit: boolean;
  onProduct: (p: AdminProduct) => void;
  onReload: () => void;
}

export function ProductEditor({ product, lookups, canEdit, onProduct, onReload }: ProductEditorProps) {
  const { t } = useTranslation();
  const uiLang = useStore($language);
  const navigate = useNavigate();
  const storeIds = lookups.stores.map((s) => s.id);
  const form = useForm<ProductValues>({
    resolver: zodResolver(useMemo(() => productSchema((k, o) => t(k, { lng: uiLang, ...o })), [t, uiLang])),
    defaultValues: product ? productToValues(product) : emptyProduct(storeIds),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // a refusal (the form's check or the API's): the first wrong field in the page's order, else the message
  const focusProblem = useFocusFirstProblem(formRef);
  const { isDirty } = form.formState;
  const [lang, setLang] = useState<Lang>('uz');
  const [attrLang, setAttrLang] = useState<Lang>('uz');
  const [pending, setPending] = useState<File[]>([]);
  // after the confirmation closes (and gives the focus back to its opener)
  const focusVisibility = useAfterNextRender(() => form.setFocus('visibility'));
  const [name, description] = useWatch({ control: form.control, name: ['name', 'description'] });
  const missing = missingLangs({ name, description });
  const readOnly = !canEdit;

  /** After a failed check, the first language tab with an error is opened (its fields get the focus). */
  const openInvalid = (paths: readonly string[]) => {
    const bad = [...langsOf(paths, 'name'), ...langsOf(paths, 'description')];
    if (bad[0] && !bad.includes(lang)) setLang(bad[0]);
    const badAttr = langsOf(paths, 'attributes');
    if (badAttr[0] && !badAttr.includes(attrLang)) setAttrLang(badAttr[0]);
  };
  const { save, error, sending, saving } = useProductSave({ form, product, pending, setPending, onProduct, openInvalid, focusProblem });
  const mayLeave = useUnsavedGuard(canEdit && (isDirty || pending.length > 0) && !saving.current, t('products.unsaved'));

  // the form's own messages follow the language switch (the API's refusals stay as it gave them)
  useErrorsInLanguage(form, uiLang);

  /** Archived or brought back: the API brings a product back hidden (it is checked before it is shown again). */
  const archived = (changed: AdminProduct) => {
    // the form's visibility follows, keeping whatever else is being edited
    form.resetField('visibility', { defaultValue: changed.visibility });
    onProduct(changed);
    // brought back: the way to show it again is the visibility field, where the focus goes
    if (!changed.archived) focusVisibility();
  };

  return (
    <>
      <form
        ref={formRef}
        className="adm-product-form"
        noValidate
        // Enter in a field while sending sends nothing more, even before the Save button re-renders aria-disabled
        onSubmit={(e) => (saving.current ? e.preventDefault() : void save(e))}
        data-testid="product-form"
      >
        <ProductTexts form={form} readOnly={readOnly} lang={lang} onLang={setLang} missing={missing} />
        <ProductMainFields form={form} readOnly={readOnly} lookups={lookups} attrLang={attrLang} onAttrLang={setAttrLang} />

        <VariantsEditor form={form} stores={product ? [] : lookups.stores} readOnly={readOnly} lowStockDefault={lookups.low_stock_threshold} saved={product?.variants} />

        {product ? null : canEdit ? <PendingPictures files={pending} onFiles={setPending} /> : null}

        {canEdit ? (
          <div className="adm-card adm-savebar">
            {error ? (
              <p className="adm-error" role="alert" tabIndex={-1} data-form-error data-testid="product-error">
                {error}
              </p>
            ) : null}
            <div className="adm-actions">
              {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's top (FormFooter) */}
              <Button type="submit" aria-disabled={sending || undefined} onClick={(e) => saving.current && e.preventDefault()} data-testid="product-save">
                {product ? t('products.save') : t('products.create')}
              </Button>
              {product ? null : (
                <Button variant="secondary" onClick={() => mayLeave() && void navigate('/products')}>
                  {t('actions.back')}
                </Button>
              )}
              {isDirty ? <span className="adm-muted">{t('products.unsavedNote')}</span> : null}
            </div>
          </div>
        ) : null}
      </form>

      {product ? (
        <>
          <SavedPictures product={product} readOnly={readOnly} onProduct={onProduct} />
          <StockPanel
            product={product}
            stores={lookups.stores}
            canEdit={canEdit}
            onVariant={(v) => onProduct({ ...product, variants: product.variants.map((x) => (x.id === v.id ? v : x)) })}
            onStale={onReload}
          />
          {canEdit ? <ProductArchive product={product} onChanged={archived} /> : null}
        </>
      ) : null}
    </>
  );
}
