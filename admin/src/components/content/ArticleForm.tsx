// The text of a blog post or an information page: title (and a post's slug and excerpt) in three
// languages and the body in the rich-text editor, one language at a time (tabs keep all three).
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@bozor/shared';
import { LANGS, type Localized } from '../../api/content';
import { LocalizedFields, type FieldErrors } from './ContentFields';
import { RichTextEditor } from './RichTextEditor';

export interface ArticleValues {
  title: Localized;
  excerpt: Localized;
  body: Localized;
}

/** The body's three languages as tabs (arrow keys move between them); a tab with an error is marked. */
export function BodyTabs({ value, onChange, errors }: { value: Localized; onChange: (v: Localized) => void; errors: FieldErrors }) {
  const { t } = useTranslation();
  const id = useId();
  const [lang, setLang] = useState<Lang>('uz');
  const refs = useRef<Partial<Record<Lang, HTMLButtonElement | null>>>({});
  const go = (l: Lang) => {
    setLang(l);
    refs.current[l]?.focus();
  };
  return (
    <fieldset className="adm-fieldset">
      <legend>{t('posts.body')}</legend>
      <div role="tablist" aria-label={t('posts.body')} className="adm-tabs adm-tabs--buttons">
        {LANGS.map((l, i) => (
          <button
            key={l}
            ref={(el) => {
              refs.current[l] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-t-${l}`}
            aria-selected={lang === l}
            aria-controls={`${id}-p-${l}`}
            tabIndex={lang === l ? 0 : -1}
            className="adm-tab"
            data-testid={`body-tab-${l}`}
            onClick={() => setLang(l)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') go(LANGS[(i + 1) % 3]!);
              else if (e.key === 'ArrowLeft') go(LANGS[(i + 2) % 3]!);
              else return;
              e.preventDefault();
            }}
          >
            {t(`common:languageName.${l}`)}
            {errors[`body.${l}`] ? <span className="adm-badge">!</span> : null}
          </button>
        ))}
      </div>
      {LANGS.map((l) => (
        <div key={l} role="tabpanel" id={`${id}-p-${l}`} aria-labelledby={`${id}-t-${l}`} hidden={lang !== l}>
          <RichTextEditor label={`${t('posts.body')} (${t(`common:languageName.${l}`)})`} value={value[l]} onChange={(html) => onChange({ ...value, [l]: html })} error={errors[`body.${l}`]} testId={`rte-${l}`} />
        </div>
      ))}
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
