// The text of a blog post or an information page: title (and a post's slug and excerpt) in three
// languages and the body in the rich-text editor, one language at a time (tabs keep all three).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@bozor/shared';
import type { Localized } from '../../api/types';
import { LangTabs } from '../products/LangTabs';
import { LocalizedFields, type FieldErrors } from './ContentFields';
import { RichTextEditor } from './RichTextEditor';

export interface ArticleValues {
  title: Localized;
  excerpt: Localized;
  body: Localized;
}

/** The body's three languages as tabs (the product form's LangTabs); a tab with an error is marked. */
export function BodyTabs({ value, onChange, errors }: { value: Localized; onChange: (v: Localized) => void; errors: FieldErrors }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Lang>('uz');
  return (
    <fieldset className="adm-fieldset">
      <legend>{t('posts.body')}</legend>
      <LangTabs lang={lang} onLang={setLang} missing={[]} invalid={LANGS.filter((l) => errors[`body.${l}`])} label={t('posts.body')} testId="body">
        {(l) => <RichTextEditor label={`${t('posts.body')} (${t(`common:languageName.${l}`)})`} value={value[l]} onChange={(html) => onChange({ ...value, [l]: html })} error={errors[`body.${l}`]} testId={`rte-${l}`} lang={l} />}
      </LangTabs>
    </fieldset>
  );
}

export function ArticleFields({ values, onChange, errors, withExcerpt }: { values: ArticleValues; onChange: (v: ArticleValues) => void; errors: FieldErrors; withExcerpt: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <LocalizedFields label={t('posts.titleField')} name="title" value={values.title} onChange={(title) => onChange({ ...values, title })} errors={errors} testId="article-title" />
      {withExcerpt ? <LocalizedFields label={t('posts.excerpt')} name="excerpt" value={values.excerpt} onChange={(excerpt) => onChange({ ...values, excerpt })} errors={errors} multiline testId="article-excerpt" /> : null}
      <BodyTabs value={values.body} onChange={(body) => onChange({ ...values, body })} errors={errors} />
    </>
  );
}
