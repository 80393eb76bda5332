// Information pages of the shop's footer (about, contacts, delivery…): edit their text, show or hide them.
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { contentApi } from '../../api/content';
import { ListStates } from '../../components/common/States';
import { inLang } from '../../components/content/ContentFields';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';

export default function PagesPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const list = useQuery(() => contentApi.pages(), []);
  const pages = list.data?.data ?? [];
  return (
    <>
      <h1>{t('pages.title')}</h1>
      <p className="adm-muted">{t('pages.intro')}</p>
      <ListStates list={list} empty={t('pages.empty')} />
      {pages.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table adm-table--cards" data-testid="pages-table">
            <thead>
              <tr>
                <th>{t('posts.titleField')}</th>
                <th>{t('posts.state')}</th>
                <th>{t('posts.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.slug}>
                  <td data-label={t('posts.titleField')}>
                    <Link to={`/pages/${p.slug}`}>{inLang(p.title, lang)}</Link>
                    <br />
                    <small className="adm-muted">/{p.slug}</small>
                  </td>
                  <td data-label={t('posts.state')}>
                    <span className={`adm-status adm-status--${p.published ? 'completed' : 'cancelled'}`}>{p.published ? t('pages.shown') : t('pages.hidden')}</span>
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
