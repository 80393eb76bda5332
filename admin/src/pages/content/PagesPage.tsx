// Information pages of the shop's footer (about, contacts, delivery…): edit their text, show or hide them.
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../../api';
import { DataTable } from '../../components/common/DataTable';
import { inLang } from '../../components/content/ContentFields';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';

export default function PagesPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const list = useQuery(() => api.pages(), []);
  const pages = list.data?.data ?? [];
  return (
    <>
      <h1>{t('pages.title')}</h1>
      <p className="adm-muted">{t('pages.intro')}</p>
      <DataTable
        testId="pages-table"
        rows={pages}
        rowKey={(p) => p.slug}
        states={{ list, empty: t('pages.empty') }}
        columns={[
          {
            header: t('posts.titleField'),
            cell: (p) => (
              <>
                <Link to={`/pages/${p.slug}`}>{inLang(p.title, lang)}</Link>
                <br />
                <small className="adm-muted">/{p.slug}</small>
              </>
            ),
          },
          {
            header: t('posts.state'),
            cell: (p) => <span className={`adm-status adm-status--${p.published ? 'completed' : 'cancelled'}`}>{p.published ? t('pages.shown') : t('pages.hidden')}</span>,
          },
          { header: t('posts.updated'), cell: (p) => formatDateTime(p.updated_at, lang) },
        ]}
      />
    </>
  );
}
