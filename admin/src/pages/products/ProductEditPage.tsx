// A product: create (/products/new) or edit (/products/:id). Names and descriptions in uz/ru/en (a
// missing language flagged), category, brand, attributes, options and variants, MXIK, package code and
// VAT, visibility, pictures and — once saved — stock per variant per store with its history. The form
// checks what the API checks before sending; the API's 422 is shown next to the field it names. Leaving
// with unsaved changes asks first; a refused save keeps everything typed.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { get, useFieldArray, useForm, useWatch, type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, ApiError, Button, showToast, useAfterNextRender, type Lang } from '@bozor/shared';
import { api } from '../../api';
import { LANG_KEYS, VISIBILITIES, type AdminProduct, type CatalogLookups } from '../../api/catalog';
import { $staff } from '../../auth/session';
import { canEditCatalog } from '../../auth/access';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { SelectField, TextAreaField, TextField } from '../../components/common/Fields';
import { ErrorBlock, errorText, Loading } from '../../components/common/States';
import { LangTabs } from '../../components/products/LangTabs';
import { moved, PicturesEditor, type PictureItem } from '../../components/products/PicturesEditor';
import { StockPanel } from '../../components/products/StockPanel';
import { VariantsEditor } from '../../components/products/VariantsEditor';
import { emptyLocalized, emptyProduct, formPathOf, missingLangs, productSchema, productToValues, valuesToBody, type ProductValues } from '../../forms/product';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstInvalid';
import { useQuery } from '../../hooks/useQuery';
import { useUnsavedGuard } from '../../hooks/useUnsavedGuard';
import { thumbUrl } from './thumb';

const errorOf = (errors: FieldErrors<ProductValues>, path: string): string | undefined => (get(errors, path) as { message?: string } | undefined)?.message;

/** Every error's path under `node` (an error is an object with a message; anything else is a branch). */
function collectPaths(node: object, prefix: string): string[] {
  return Object.entries(node).flatMap(([k, v]) =>
    v && typeof v === 'object' && !(typeof (v as { message?: unknown }).message === 'string') ? collectPaths(v as object, `${prefix}.${k}`) : [`${prefix}.${k}`],
  );
}

/** The languages with an error in a localized field (their tab is marked, and opened on a failed save). */
function invalidLangs(errors: FieldErrors<ProductValues>, prefix: 'name' | 'description' | 'attributes'): Lang[] {
  const node = get(errors, prefix) as unknown;
  if (!node || typeof node !== 'object') return [];
  const paths = collectPaths(node, prefix);
  return LANG_KEYS.filter((l) => paths.some((p) => p.endsWith(`.${l}`)));
}

function AttributesEditor({ form, readOnly, lang }: { form: UseFormReturn<ProductValues>; readOnly: boolean; lang: Lang }) {
  const { t } = useTranslation();
  const list = useFieldArray({ control: form.control, name: 'attributes' });
  const errors = form.formState.errors;
  return (
    <fieldset className="adm-fieldset" data-testid="attributes">
      <legend>{t('products.attributes')}</legend>
      {list.fields.length === 0 ? <p className="adm-muted">{t('products.noAttributes')}</p> : null}
      {list.fields.map((f, i) => (
        <div key={f.id} className="adm-inline-fields">
          <TextField label={t('products.attributeName', { lang: lang.toUpperCase() })} lang={lang} readOnly={readOnly} {...form.register(`attributes.${i}.name.${lang}`)} error={errorOf(errors, `attributes.${i}.name.${lang}`)} />
          <TextField label={t('products.attributeValue', { lang: lang.toUpperCase() })} lang={lang} readOnly={readOnly} {...form.register(`attributes.${i}.value.${lang}`)} error={errorOf(errors, `attributes.${i}.value.${lang}`)} />
          {readOnly ? null : (
            <Button variant="ghost" onClick={() => list.remove(i)} aria-label={t('products.removeAttribute', { n: i + 1 })}>
              {t('actions.remove')}
            </Button>
          )}
        </div>
      ))}
      {readOnly ? null : (
        <Button variant="secondary" onClick={() => list.append({ code: '', name: emptyLocalized(), value: emptyLocalized() })}>
          {t('products.addAttribute')}
        </Button>
      )}
    </fieldset>
  );
}

/** Pictures of a saved product: each change goes to the API at once. */
function SavedPictures({ product, readOnly, onProduct }: { product: AdminProduct; readOnly: boolean; onProduct: (p: AdminProduct) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (send: () => Promise<{ product: AdminProduct }>) => {
    setBusy(true);
    setError('');
    try {
      onProduct((await send()).product);
    } catch (err) {
      // a refused file: the API's message says what a picture must be (its field says only "invalid")
      if (err instanceof ApiError && err.code === 'IMAGE_INVALID') setError(err.message);
      else setError(err instanceof ApiError && (err.fields.image || err.fields.keys) ? (err.fields.image ?? err.fields.keys ?? '') : errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const keys = product.images.map((i) => i.key);
  const items: PictureItem[] = product.images.map((img, i) => ({ key: img.key, url: thumbUrl(img.url), alt: t('products.pictureN', { n: i + 1 }) }));
  return (
    <PicturesEditor
      items={items}
      readOnly={readOnly}
      busy={busy}
      error={error}
      onAdd={(files) => void run(() => api.addImages(product.id, files))}
      onMove={(from, to) => run(() => api.setImages(product.id, moved(keys, from, to)))}
      onRemove={(i) => void run(() => api.setImages(product.id, keys.filter((_, k) => k !== i)))}
    />
  );
}

/** Pictures chosen before the product exists: uploaded right after it is created. */
function PendingPictures({ files, onFiles }: { files: File[]; onFiles: (f: File[]) => void }) {
  const { t } = useTranslation();
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  const items: PictureItem[] = files.map((f, i) => ({ key: `${i}-${f.name}-${f.size}`, url: urls[i] ?? '', alt: f.name }));
  return (
    <PicturesEditor
      items={items}
      readOnly={false}
      hint={t('products.picturesOnSave')}
      onAdd={(added) => onFiles([...files, ...added])}
      onMove={(from, to) => onFiles(moved(files, from, to))}
      onRemove={(i) => onFiles(files.filter((_, k) => k !== i))}
    />
  );
}

function ProductEditor({
  product,
  lookups,
  canEdit,
  onProduct,
  onReload,
}: {
  product: AdminProduct | null;
  lookups: CatalogLookups;
  canEdit: boolean;
  onProduct: (p: AdminProduct) => void;
  onReload: () => void;
}) {
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
  const { errors, isDirty } = form.formState;
  const [lang, setLang] = useState<Lang>('uz');
  const [attrLang, setAttrLang] = useState<Lang>('uz');
  // the message above Save: ours by its key, or the failed call (the API's own words, else ours), both turned
  // into text as shown, so they follow the language switch
  const [problem, setProblem] = useState<{ key: string } | { failure: unknown } | null>(null);
  const error = problem === null ? '' : 'key' in problem ? t(problem.key) : errorText(problem.failure, t);
  const [pending, setPending] = useState<File[]>([]);
  const [archiving, setArchiving] = useState(false);
  const [archiveError, setArchiveError] = useState('');
  const saving = useRef(false);
  /** While the save is on its way (the button says so; a press or Enter meanwhile sends nothing). */
  const [sending, setSending] = useState(false);
  // after the confirmation closes (and gives the focus back to its opener)
  const focusVisibility = useAfterNextRender(() => form.setFocus('visibility'));
  const [name, description] = useWatch({ control: form.control, name: ['name', 'description'] });
  const missing = missingLangs({ name, description });
  const readOnly = !canEdit;
  const mayLeave = useUnsavedGuard(canEdit && (isDirty || pending.length > 0) && !saving.current, t('products.unsaved'));

  /** After a failed check, the first language tab with an error is opened (its fields get the focus). */
  const openInvalid = (paths: readonly string[]) => {
    const langOf = (prefix: string) => LANG_KEYS.filter((l) => paths.some((p) => p.startsWith(`${prefix}.`) && p.endsWith(`.${l}`)));
    const bad = [...langOf('name'), ...langOf('description')];
    if (bad[0] && !bad.includes(lang)) setLang(bad[0]);
    const badAttr = langOf('attributes');
    if (badAttr[0] && !badAttr.includes(attrLang)) setAttrLang(badAttr[0]);
  };
  const showInvalid = (errs: FieldErrors<ProductValues>) => {
    openInvalid(collectPaths(errs, '').map((p) => p.slice(1)));
    focusProblem();
    setProblem({ key: 'products.fixErrors' });
  };

  // the form's own messages follow the language switch (the API's refusals stay as it gave them)
  useErrorsInLanguage(form, uiLang);

  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    saving.current = true;
    setSending(true);
    try {
      const body = valuesToBody(values);
      if (product) {
        const answer = await api.updateProduct(product.id, body);
        form.reset(productToValues(answer.product));
        onProduct(answer.product);
        showToast(t('products.saved'), 'success');
      } else {
        const answer = await api.createProduct(body);
        form.reset(values);
        let created = answer.product;
        if (pending.length) {
          try {
            created = (await api.addImages(created.id, pending)).product;
          } catch (err) {
            showToast(`${t('products.picturesFailed')} ${errorText(err, t)}`, 'error', 10_000);
          }
          setPending([]);
        }
        showToast(t('products.created'), 'success');
        // the new product is on screen at once (no loading state), and its page's title takes the focus
        // that the create form's button had (that form is gone)
        onProduct(created);
        void navigate(`/products/${created.id}`, { replace: true, state: { focusTitle: true } });
      }
    } catch (err) {
      if (err instanceof ApiError && (err.status === 422 || err.status === 409) && Object.keys(err.fields).length) {
        const placed: string[] = [];
        for (const [apiPath, message] of Object.entries(err.fields)) {
          const path = formPathOf(apiPath);
          form.setError(path as Path<ProductValues>, { type: 'server', message });
          placed.push(path);
        }
        openInvalid(placed);
        setProblem(err.message ? { failure: err } : { key: 'products.fixErrors' });
      } else setProblem({ failure: err });
      // once its tab is open, the first refused field gets the focus (or the message, for a refusal of no field)
      focusProblem();
    } finally {
      saving.current = false;
      setSending(false);
    }
  }, showInvalid);

  const archive = async () => {
    if (!product) return;
    setArchiveError('');
    try {
      const answer = await api.updateProduct(product.id, { archived: !product.archived });
      // the API brings a product back hidden (it is checked before it is shown again): the form's
      // visibility follows, keeping whatever else is being edited
      form.resetField('visibility', { defaultValue: answer.product.visibility });
      setArchiving(false);
      onProduct(answer.product);
      showToast(answer.product.archived ? t('products.archivedToast') : t('products.restoredToast'), 'success');
      // brought back: the way to show it again is the visibility field, where the focus goes
      if (!answer.product.archived) focusVisibility();
    } catch (err) {
      setArchiveError(errorText(err, t));
    }
  };

  const categoryOptions = lookups.categories.map((c) => (
    <option key={c.id} value={String(c.id)}>
      {c.path}
    </option>
  ));

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
        <section className="adm-card" aria-labelledby="product-texts">
          <h2 id="product-texts">{t('products.texts')}</h2>
          <LangTabs lang={lang} onLang={setLang} missing={missing} invalid={[...invalidLangs(errors, 'name'), ...invalidLangs(errors, 'description')]} label={t('products.languages')}>
            {(l) => (
              <div className="adm-form">
                <TextField label={t('products.nameIn', { lang: l.toUpperCase() })} readOnly={readOnly} {...form.register(`name.${l}`)} error={errorOf(errors, `name.${l}`)} data-testid={`name-${l}`} />
                <TextAreaField label={t('products.descriptionIn', { lang: l.toUpperCase() })} rows={6} readOnly={readOnly} {...form.register(`description.${l}`)} error={errorOf(errors, `description.${l}`)} data-testid={`description-${l}`} />
                {l !== 'uz' && missing.includes(l) ? <p className="adm-muted">{t('products.fallsBack')}</p> : null}
              </div>
            )}
          </LangTabs>
        </section>

        <section className="adm-card" aria-labelledby="product-main">
          <h2 id="product-main">{t('products.main')}</h2>
          <div className="adm-inline-fields">
            <SelectField label={t('products.category')} disabled={readOnly} {...form.register('category_id')} error={errorOf(errors, 'category_id')} data-testid="product-category">
              <option value="">{t('products.choose')}</option>
              {categoryOptions}
            </SelectField>
            <SelectField label={t('products.brand')} disabled={readOnly} {...form.register('brand_id')} error={errorOf(errors, 'brand_id')} data-testid="product-brand">
              <option value="">{t('products.choose')}</option>
              {lookups.brands.map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {b.name}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('products.visibility')} disabled={readOnly} {...form.register('visibility')} error={errorOf(errors, 'visibility')} data-testid="product-visibility">
              {VISIBILITIES.map((v) => (
                <option key={v} value={v}>
                  {t(`products.visibilities.${v}`)}
                </option>
              ))}
            </SelectField>
            <TextField label={t('products.slug')} placeholder={t('products.slugHint')} readOnly={readOnly} autoComplete="off" {...form.register('slug')} error={errorOf(errors, 'slug')} />
          </div>
          <div className="adm-inline-fields">
            <TextField label={t('products.mxik')} inputMode="numeric" readOnly={readOnly} autoComplete="off" {...form.register('mxik')} error={errorOf(errors, 'mxik')} data-testid="product-mxik" />
            <TextField label={t('products.packageCode')} inputMode="numeric" readOnly={readOnly} autoComplete="off" {...form.register('package_code')} error={errorOf(errors, 'package_code')} data-testid="product-package" />
            <TextField label={t('products.vat')} inputMode="numeric" readOnly={readOnly} {...form.register('vat_percent')} error={errorOf(errors, 'vat_percent')} data-testid="product-vat" />
            <TextField label={t('products.weight')} inputMode="numeric" readOnly={readOnly} {...form.register('weight_grams')} error={errorOf(errors, 'weight_grams')} data-testid="product-weight" />
          </div>
          <label className="adm-check">
            <input type="checkbox" disabled={readOnly} {...form.register('marked')} /> {t('products.marked')}
          </label>
          <LangTabs lang={attrLang} onLang={setAttrLang} missing={[]} invalid={invalidLangs(errors, 'attributes')} label={t('products.attributesLanguages')} testId="attr-lang">
            {(l) => (l === attrLang ? <AttributesEditor form={form} readOnly={readOnly} lang={l} /> : null)}
          </LangTabs>
        </section>

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
          {canEdit ? (
            <section className="adm-card">
              <h2>{product.archived ? t('products.archivedTitle') : t('products.archiveTitle')}</h2>
              <p className="adm-muted">{product.archived ? t('products.restoreText') : t('products.archiveText')}</p>
              <Button variant="secondary" className={product.archived ? undefined : 'adm-danger'} onClick={() => setArchiving(true)} data-testid="product-archive">
                {product.archived ? t('products.restore') : t('products.archive')}
              </Button>
              <ConfirmDialog
                open={archiving}
                title={product.archived ? t('products.restoreConfirm') : t('products.archiveConfirm')}
                confirmLabel={product.archived ? t('products.restore') : t('products.archive')}
                danger={!product.archived}
                error={archiveError}
                onClose={() => setArchiving(false)}
                onConfirm={() => void archive()}
              >
                <p>{product.archived ? t('products.restoreText') : t('products.archiveText')}</p>
              </ConfirmDialog>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}

export default function ProductEditPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const staff = useStore($staff);
  const params = useParams();
  const location = useLocation();
  const id = params.id && params.id !== 'new' ? Number(params.id) : null;
  const canEdit = !!staff && canEditCatalog(staff.role);
  const lookups = useQuery(() => api.catalogLookups(), []);
  const product = useQuery(() => (id ? api.product(id).then((a) => a.product) : Promise.resolve(null)), [id]);
  const loaded = product.data;
  // just created (new → its own address): the title, now the product's name, takes the focus — once
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef<string | null>(null);
  const focusTitle = (location.state as { focusTitle?: boolean } | null)?.focusTitle === true && !!loaded && loaded.id === id;
  useEffect(() => {
    if (!focusTitle || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    titleRef.current?.focus();
  }, [focusTitle, location.key]);

  if ((id === null && !canEdit) || (id !== null && !Number.isInteger(id))) {
    return (
      <div className="adm-notice" data-testid="forbidden">
        <h1>{id === null ? t('forbidden.title') : t('notFound.title')}</h1>
        <Link to="/products">{t('products.back')}</Link>
      </div>
    );
  }
  const title = loaded ? loaded.name[lang] || loaded.name.uz : t('products.new');

  return (
    <>
      <p className="adm-no-print">
        <Link to="/products">← {t('products.back')}</Link>
      </p>
      <div className="adm-spread">
        <h1 ref={titleRef} tabIndex={-1} data-testid="product-title">{id === null ? t('products.new') : title}</h1>
        {loaded ? (
          <span className="adm-row">
            {loaded.archived ? <span className="adm-status adm-status--cancelled">{t('products.archived')}</span> : null}
            <span className="adm-status">{t(`products.visibilities.${loaded.visibility}`)}</span>
            {!loaded.archived && loaded.visibility !== 'hidden' ? (
              <a href={loaded.shop_url.replace(/^\/uz\//, `/${lang}/`)} target="_blank" rel="noopener noreferrer">
                {t('products.openInShop')}
              </a>
            ) : null}
          </span>
        ) : null}
      </div>
      {!canEdit ? <p className="adm-notice">{t('products.readOnly')}</p> : null}
      {lookups.error || product.error ? <ErrorBlock error={lookups.error || product.error} onRetry={lookups.error ? lookups.reload : product.reload} /> : null}
      {(lookups.loading && !lookups.data) || (product.loading && product.data === undefined) ? <Loading /> : null}
      {lookups.data && product.data !== undefined ? (
        <ProductEditor key={loaded ? `${loaded.id}` : 'new'} product={loaded ?? null} lookups={lookups.data} canEdit={canEdit} onProduct={(p) => product.setData(p)} onReload={product.reload} />
      ) : null}
    </>
  );
}
