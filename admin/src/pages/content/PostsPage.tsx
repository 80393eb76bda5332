// Blog posts: drafts first, then the published ones, newest first; each opens its editor.
import { Link, useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button } from '@bozor/shared';
import { api } from '../../api';
import { DataTable } from '../../components/common/DataTable';
import { inLang } from '../../components/content/ContentFields';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';

export default function PostsPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const list = useQuery(() => api.posts(), []);
  const posts = list.data?.data ?? [];
  return (
    <>
      <div className="adm-spread">
        <h1>{t('posts.title')}</h1>
        <Button onClick={() => void navigate('/posts/new')} data-testid="post-add">
          {t('posts.add')}
        </Button>
      </div>
      <DataTable
        testId="posts-table"
        rows={posts}
        rowKey={(p) => p.id}
        states={{ list, empty: t('posts.empty') }}
        columns={[
          {
            header: t('posts.titleField'),
            cell: (p) => (
              <>
                <Link to={`/posts/${p.id}`}>{inLang(p.title, lang)}</Link>
                <br />
                <small className="adm-muted">/blogs/{p.slug}</small>
              </>
            ),
          },
          {
            header: t('posts.state'),
            cell: (p) =>
              p.published_at ? (
                <span className="adm-status adm-status--completed">{t('posts.publishedOn', { date: formatDateTime(p.published_at, lang) })}</span>
              ) : (
                <span className="adm-status adm-status--new">{t('posts.draft')}</span>
              ),
          },
          { header: t('posts.updated'), cell: (p) => formatDateTime(p.updated_at, lang) },
        ]}
      />
    </>
  );
}
