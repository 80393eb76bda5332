import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › … › current page; the last crumb is the page itself (not a link). */
export function Breadcrumbs({ basePath, items }: { basePath: string; items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('breadcrumbs')} className="bzc-crumbs">
      <ol>
        <li>
          <Link to={basePath}>{t('page.home')}</Link>
        </li>
        {items.map((c, i) => (
          <li key={`${c.label}-${i}`}>{c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
