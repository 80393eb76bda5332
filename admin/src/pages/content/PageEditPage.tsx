// One information page: title and body in three languages (rich text); shown or hidden in the shop.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminPage } from '../../api/types';
import { FormFooter } from '../../components/common/FormFooter';
import { ErrorBlock, Loading } from '../../components/common/States';
import { ArticleFields, type ArticleValues } from '../../components/content/ArticleForm';
import { emptyLocalized, useSave } from '../../components/content/ContentFields';
import { useQuery } from '../../hooks/useQuery';
import { useDraft } from '../../hooks/useDraft';
import { useUnsavedGuard } from '../../hooks/useUnsavedGuard';

const valuesOf = (page: AdminPage | undefined): ArticleValues => ({ title: page?.title ?? emptyLocalized(), excerpt: emptyLocalized(), body: page?.body ?? emptyLocalized() });

export default function PageEditPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const query = useQuery(async () => (await api.page(slug)).page, [slug]);
  const page = query.data;
  // what is typed stays when the saved page changes under it (Show/Hide, the language switch's reload)
  const { values: v, setValues: setV, changed, savedAs } = useDraft(valuesOf(page), page?.slug);
  const { errors, message, saving, run, formRef } = useSave((f) => /^(title|body)(\.(uz|ru|en))?$/.test(f));
  const [toggling, setToggling] = useState(false);
  // leaving with unsaved text asks first, as the product form does
  const mayLeave = useUnsavedGuard(!saving && changed, t('products.unsaved'));

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const sent = v;
    return run(async () => {
      const answer = (await api.updatePage(slug, { title: sent.title, body: sent.body })).page;
      query.setData(answer);
      savedAs(sent, valuesOf(answer));
      showToast(t('content.saved'), 'success');
    });
  };

  /**
   * "Show in the shop" shows what is on the screen: typed changes are saved first, in the same press (the
   * button then says "Save and show"); a refused save shows nothing. "Hide" keeps typed changes as they
   * are: on screen, still unsaved.
   */
  async function publish(on: boolean) {
    const withSave = on && changed;
    const sent = v;
    setToggling(true);
    await run(async () => {
      if (withSave) {
        const saved = (await api.updatePage(slug, { title: sent.title, body: sent.body })).page;
        query.setData(saved);
        savedAs(sent, valuesOf(saved));
      }
      query.setData((await api.publishPage(slug, on)).page);
      if (withSave) showToast(t('pages.savedAndShown'), 'success');
    });
    setToggling(false);
  }

  if (!page && query.loading) return <Loading />;
  if (!page) return <ErrorBlock error={query.error} onRetry={query.reload} />;
  return (
    <>
      <p>
        <Link to="/pages">← {t('pages.title')}</Link>
      </p>
      <div className="adm-spread">
        <h1>{page.title[lang] || page.slug}</h1>
        <span className="adm-head-actions">
          <span className={`adm-status adm-status--${page.published ? 'completed' : 'cancelled'}`}>{page.published ? t('pages.shown') : t('pages.hidden')}</span>
          {page.published ? (
            <a href={`/${lang}/${page.slug}`} target="_blank" rel="noreferrer">
              {t('content.viewInShop')}
            </a>
          ) : null}
          <Button variant="secondary" aria-disabled={toggling || undefined} onClick={() => void publish(!page.published)} data-testid="page-toggle">
            {page.published ? t('pages.hide') : changed ? t('pages.saveAndShow') : t('pages.show')}
          </Button>
        </span>
      </div>
      <form ref={formRef} className="adm-form adm-card" noValidate onSubmit={(e) => void save(e)} data-testid="page-form">
        <ArticleFields values={v} onChange={setV} errors={errors} withExcerpt={false} />
        <FormFooter error={message} submitLabel={t('actions.save')} submitting={saving} changed={changed} onCancel={() => mayLeave() && void navigate('/pages')} />
      </form>
    </>
  );
}
