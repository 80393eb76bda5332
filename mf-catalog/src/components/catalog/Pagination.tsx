import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Page links (real links, so they can be opened in a new tab and crawled). */
export function Pagination({ page, lastPage, hrefFor }: { page: number; lastPage: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, lastPage])].filter((p) => p >= 1 && p <= lastPage).sort((a, b) => a - b);
  return (
    <nav aria-label={t('pagination')}>
      <ul className="bzc-pages">
        {pages.map((p) => (
          <li key={p}>
            <Link to={hrefFor(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('pageN', { n: p })}>
              {p}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
