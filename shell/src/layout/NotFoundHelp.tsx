import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { $categories, type Lang } from '@bozor/shared';

/**
 * What a lost shopper can do next on the "Page Not Found" page: search, or open one of the main
 * categories (the shell loads them when this page reads them).
 */
export function NotFoundHelp({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useStore($categories);
  const [query, setQuery] = useState('');
  const inputId = useId();
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (query.trim()) void navigate(`/${lang}/search?q=${encodeURIComponent(query.trim())}`);
  };
  return (
    <section data-testid="not-found-help" style={{ padding: '0 24px 24px', display: 'grid', gap: 16, maxWidth: 720 }}>
      <form role="search" action={`/${lang}/search`} method="get" onSubmit={search} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'end' }}>
        <div className="bz-field" style={{ flex: '1 1 220px' }}>
          <label htmlFor={inputId}>{t('notFound.searchLabel')}</label>
          <input id={inputId} className="bz-input" type="search" name="q" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="not-found-search" />
        </div>
        <button type="submit" className="bz-btn">
          {t('notFound.search')}
        </button>
      </form>
      {categories.length > 0 ? (
        <nav aria-labelledby={`${inputId}-popular`}>
          <h2 id={`${inputId}-popular`} style={{ fontSize: 18 }}>
            {t('notFound.popular')}
          </h2>
          <ul style={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {categories.slice(0, 8).map((c) => (
              <li key={c.slug}>
                <Link className="bz-btn bz-btn--secondary" to={`/${lang}/catalog?category=${encodeURIComponent(c.slug)}`}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
