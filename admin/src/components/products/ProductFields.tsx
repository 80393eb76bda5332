// The product form's own sections: its texts in three languages, and the main fields (category, brand,
// visibility, address, MXIK and package code, VAT, weight, marking) with the attributes per language.
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, type Lang } from '@bozor/shared';
import { VISIBILITIES, type CatalogLookups } from '../../api/catalog';
import { SelectField, TextAreaField, TextField } from '../common/Fields';
import { emptyLocalized, type ProductValues } from '../../forms/product';
import { errorOf, invalidLangs } from '../../forms/productErrors';
import { LangTabs } from './LangTabs';

interface SectionProps {
  form: UseFormReturn<ProductValues>;
  readOnly: boolean;
}

/** Name and description per language; a language still missing says the shop shows the Uzbek text. */
export function ProductTexts({ form, readOnly, lang, onLang, missing }: SectionProps & { lang: Lang; onLang: (l: Lang) => void; missing: Lang[] }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <section className="adm-card" aria-labelledby="product-texts">
      <h2 id="product-texts">{t('products.texts')}</h2>
      <LangTabs lang={lang} onLang={onLang} missing={missing} invalid={[...invalidLangs(errors, 'name'), ...invalidLangs(errors, 'description')]} label={t('products.languages')}>
        {(l) => (
          <div className="adm-form">
            <TextField label={t('products.nameIn', { lang: l.toUpperCase() })} readOnly={readOnly} {...form.register(`name.${l}`)} error={errorOf(errors, `name.${l}`)} data-testid={`name-${l}`} />
            <TextAreaField label={t('products.descriptionIn', { lang: l.toUpperCase() })} rows={6} readOnly={readOnly} {...form.register(`description.${l}`)} error={errorOf(errors, `description.${l}`)} data-testid={`description-${l}`} />
            {l !== 'uz' && missing.includes(l) ? <p className="adm-muted">{t('products.fallsBack')}</p> : null}
          </div>
        )}
      </LangTabs>
    </section>
  );
}

function AttributesEditor({ form, readOnly, lang }: SectionProps & { lang: Lang }) {
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

/** Category, brand, visibility, address, the fiscal codes, VAT, weight, marking and the attributes. */
export function ProductMainFields({ form, readOnly, lookups, attrLang, onAttrLang }: SectionProps & { lookups: CatalogLookups; attrLang: Lang; onAttrLang: (l: Lang) => void }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <section className="adm-card" aria-labelledby="product-main">
      <h2 id="product-main">{t('products.main')}</h2>
      <div className="adm-inline-fields">
        <SelectField label={t('products.category')} disabled={readOnly} {...form.register('category_id')} error={errorOf(errors, 'category_id')} data-testid="product-category">
          <option value="">{t('products.choose')}</option>
          {lookups.categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.path}
            </option>
          ))}
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
      <LangTabs lang={attrLang} onLang={onAttrLang} missing={[]} invalid={invalidLangs(errors, 'attributes')} label={t('products.attributesLanguages')} testId="attr-lang">
        {(l) => (l === attrLang ? <AttributesEditor form={form} readOnly={readOnly} lang={l} /> : null)}
      </LangTabs>
    </section>
  );
}
