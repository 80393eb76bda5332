// One information page: title and body in three languages (rich text); shown or hidden in the shop.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, showToast } from '@bozor/shared';
import { contentApi } from '../../api/content';
import { FormFooter } from '../../components/common/FormFooter';
import { ErrorBlock, Loading, errorText } from '../../components/common/States';
import { ArticleFields, type ArticleValues } from '../../components/content/ArticleForm';
import { emptyLocalized, useSave } from '../../components/content/ContentFields';
import { useQuery } from '../../hooks/useQuery';
import { useUnsavedGuard } from '../../hooks/useUnsavedGuard';

export default function PageEditPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const query = useQuery(async () => (await contentApi.page(slug)).page, [slug]);
  const page = query.data;
  const [v, setV] = useState<ArticleValues>({ title: emptyLocalized(), excerpt: emptyLocalized(), body: emptyLocalized() });
  const { errors, message, setMessage, saving, run, formRef } = useSave((f) => /^(title|body)(\.(uz|ru|en))?$/.test(f));
  useEffect(() => {
    if (page) setV({ title: page.title, excerpt: emptyLocalized(), body: page.body });
  }, [page]);
  // leaving with unsaved text asks first, as the product form does
  const changed = !!page && (JSON.stringify(v.title) !== JSON.stringify(page.title) || JSON.stringify(v.body) !== JSON.stringify(page.body));
  const mayLeave = useUnsavedGuard(!saving && changed, t('products.unsaved'));

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    return run(async () => {
      query.setData((await contentApi.updatePage(slug, { title: v.title, body: v.body })).page);
      showToast(t('content.saved'), 'success');
    });
  };

  async function publish(on: boolean) {
    setMessage('');
    try {
      query.setData((await contentApi.publishPage(slug, on)).page);
    } catch (err) {
      setMessage(errorText(err, t));
    }
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
          <Button variant="secondary" onClick={() => void publish(!page.published)} data-testid="page-toggle">
            {page.published ? t('pages.hide') : t('pages.show')}
          </Button>
        </span>
      </div>
      <form ref={formRef} className="adm-form adm-card" noValidate onSubmit={(e) => void save(e)} data-testid="page-form">
        <ArticleFields values={v} onChange={setV} errors={errors} withExcerpt={false} />
        <FormFooter error={message} submitLabel={t('actions.save')} submitting={saving} onCancel={() => mayLeave() && void navigate('/pages')} />
      </form>
    </>
  );
}
