// Blog posts: drafts first, then the published ones, newest first; each opens its editor.
import { Link, useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button } from '@bozor/shared';
import { contentApi } from '../../api/content';
import { ListStates } from '../../components/common/States';
import { inLang } from '../../components/content/ContentFields';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';

export default function PostsPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const list = useQuery(() => contentApi.posts(), []);
  const posts = list.data?.data ?? [];
  return (
    <>
      <div className="adm-spread">
        <h1>{t('posts.title')}</h1>
        <Button onClick={() => void navigate('/posts/new')} data-testid="post-add">
          {t('posts.add')}
        </Button>
      </div>
      <ListStates list={list} empty={t('posts.empty')} />
      {posts.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table adm-table--cards" data-testid="posts-table">
            <thead>
              <tr>
                <th>{t('posts.titleField')}</th>
                <th>{t('posts.state')}</th>
                <th>{t('posts.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((p) => (
                <tr key={p.id}>
                  <td data-label={t('posts.titleField')}>
                    <Link to={`/posts/${p.id}`}>{inLang(p.title, lang)}</Link>
                    <br />
                    <small className="adm-muted">/blogs/{p.slug}</small>
                  </td>
                  <td data-label={t('posts.state')}>
                    {p.published_at ? (
                      <span className="adm-status adm-status--completed">{t('posts.publishedOn', { date: formatDateTime(p.published_at, lang) })}</span>
                    ) : (
                      <span className="adm-status adm-status--new">{t('posts.draft')}</span>
                    )}
                  </td>
                  <td data-label={t('posts.updated')}>{formatDateTime(p.updated_at, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
