// One blog post: slug, title, excerpt and body in three languages (rich text), cover, publish/unpublish.
// A new post is saved as a draft; the shop shows it once published.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminPost } from '../../api/types';
import { TextField } from '../../components/common/Fields';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { FormFooter } from '../../components/common/FormFooter';
import { ErrorBlock, Loading } from '../../components/common/States';
import { ArticleFields, type ArticleValues } from '../../components/content/ArticleForm';
import { PictureField, emptyLocalized, useSave, type FieldErrors } from '../../components/content/ContentFields';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { useDraft } from '../../hooks/useDraft';
import { useUnsavedGuard } from '../../hooks/useUnsavedGuard';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function valuesOf(post: AdminPost | undefined): ArticleValues & { slug: string } {
  return { slug: post?.slug ?? '', title: post?.title ?? emptyLocalized(), excerpt: post?.excerpt ?? emptyLocalized(), body: post?.body ?? emptyLocalized() };
}

export default function PostEditPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const { id } = useParams();
  const isNew = id === undefined;
  const query = useQuery(async () => (isNew ? undefined : (await api.post(Number(id))).post), [id]);
  const post = query.data;
  // what is typed stays when the saved post changes under it (Publish, a cover, the language switch's reload)
  const draft = useDraft(valuesOf(post), post?.id);
  const { values: v, setValues: setV, changed, savedAs } = draft;
  const { errors, message, fail, saving, check, run, formRef } = useSave((f) => /^(slug|(title|excerpt|body)(\.(uz|ru|en))?)$/.test(f));
  const [publishing, setPublishing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // leaving with unsaved text asks first, as the product form does
  const mayLeave = useUnsavedGuard(!saving && changed, t('products.unsaved'));
  // Publish and Unpublish take each other's place: the focus goes to the one now there, not to the page's top
  const headRef = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    headRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [post]);

  const slugErrors = (): FieldErrors => (SLUG.test(v.slug) ? {} : { slug: 'content.slugHint' });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!check(slugErrors())) return;
    const sent = v;
    await run(async () => {
      const answer = post ? await api.updatePost(post.id, sent) : await api.addPost(sent);
      showToast(t('content.saved'), 'success');
      // the saved post stays on screen while its address changes (new → edit): no loading state that would
      // take the form, and the focus on its Save button, away
      query.setData(answer.post);
      savedAs(sent, valuesOf(answer.post));
      if (isNew) void navigate(`/posts/${answer.post.id}`, { replace: true });
    });
  };

  /**
   * Publish puts on the shop what is on the screen: typed changes are saved first, in the same press (the
   * button then says "Save and publish"), and a refused save publishes nothing — its reason is shown by its
   * field. Unpublish leaves typed changes as they are: still on screen, still unsaved.
   */
  async function publish(on: boolean) {
    if (!post) return;
    const withSave = on && changed;
    if (withSave && !check(slugErrors())) return;
    const sent = v;
    setPublishing(true);
    await run(async () => {
      if (withSave) {
        const saved = await api.updatePost(post.id, sent);
        query.setData(saved.post);
        savedAs(sent, valuesOf(saved.post));
      }
      const answer = await api.publishPost(post.id, on);
      refocus.current = true;
      query.setData(answer.post);
      showToast(withSave ? t('posts.savedAndPublished') : on ? t('posts.published') : t('posts.unpublished'), 'success');
    });
    setPublishing(false);
  }

  /** A post written by mistake goes for good (the shop's blog drops it at once); the list is where staff land. */
  async function remove() {
    if (!post) return;
    setDeleting(true);
    try {
      await api.deletePost(post.id);
      showToast(t('posts.deleted'), 'success');
      void navigate('/posts', { replace: true });
    } catch (err) {
      setRemoving(false);
      fail(err);
    } finally {
      setDeleting(false);
    }
  }

  if (!isNew && !post && query.loading) return <Loading />;
  if (!isNew && !post && query.error) return <ErrorBlock error={query.error} onRetry={query.reload} />;
  return (
    <>
      <p>
        <Link to="/posts">← {t('posts.title')}</Link>
      </p>
      <div className="adm-spread">
        <h1>{isNew ? t('posts.add') : t('posts.edit')}</h1>
        {post ? (
          <span ref={headRef} className="adm-head-actions">
            {post.published_at ? (
              <>
                <span className="adm-status adm-status--completed" data-testid="post-state">
                  {t('posts.publishedOn', { date: formatDateTime(post.published_at, lang) })}
                </span>
                <a href={`/${lang}/blogs/${post.slug}`} target="_blank" rel="noreferrer">
                  {t('content.viewInShop')}
                </a>
                <Button variant="secondary" aria-disabled={publishing || undefined} onClick={() => void publish(false)} data-testid="post-unpublish">
                  {t('posts.unpublish')}
                </Button>
              </>
            ) : (
              <>
                <span className="adm-status adm-status--new" data-testid="post-state">
                  {t('posts.draft')}
                </span>
                <Button aria-disabled={publishing || undefined} onClick={() => void publish(true)} data-testid="post-publish">
                  {changed ? t('posts.saveAndPublish') : t('posts.publish')}
                </Button>
              </>
            )}
            <Button variant="ghost" onClick={() => setRemoving(true)} data-testid="post-delete">
              {t('posts.delete')}
            </Button>
          </span>
        ) : null}
      </div>
      <form ref={formRef} className="adm-form adm-card" noValidate onSubmit={(e) => void save(e)} data-testid="post-form">
        <TextField label={t('content.slug')} value={v.slug} onChange={(e) => setV({ ...v, slug: e.target.value.trim().toLowerCase() })} error={errors.slug} data-testid="post-slug" />
        <small className="adm-muted">{t('content.slugHint')}</small>
        <ArticleFields values={v} onChange={(a) => setV({ ...v, ...a })} errors={errors} withExcerpt />
        <FormFooter error={message} submitLabel={isNew ? t('posts.createDraft') : t('actions.save')} submitting={saving} changed={changed} onCancel={() => mayLeave() && void navigate('/posts')} />
      </form>
      <div className="adm-card">
        <h2>{t('posts.cover')}</h2>
        <PictureField
          label={t('posts.coverHint')}
          url={post?.cover_url ?? null}
          disabledText={post ? undefined : t('slides.pictureAfterSave')}
          onUpload={async (file) => {
            if (!post) return;
            query.setData((await api.postCover(post.id, file)).post);
            showToast(t('content.pictureSaved'), 'success');
          }}
        />
      </div>
      <ConfirmDialog
        open={removing}
        title={post ? t('posts.confirmDelete', { title: post.title[lang] }) : ''}
        confirmLabel={t('content.delete')}
        danger
        busy={deleting}
        onClose={() => setRemoving(false)}
        onConfirm={() => void remove()}
      >
        <p>{t('posts.deleteNote')}</p>
      </ConfirmDialog>
    </>
  );
}
