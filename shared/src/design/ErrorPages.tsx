import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { useHydrated } from '../hydration';
import { $categories, $language } from '../stores/app';

/**
 * "Page Not Found" with "Page not found: {path}" (docs/product.md "Error pages and failures"), in the page's
 * language, and what a lost shopper can do next: search, or open one of the main categories. Every part of
 * the shop that answers "not found" (the shell's unknown path, the catalogue's gone product or post) shows
 * the same page. The categories come from the shared store, once the page is hydrated (the server's HTML
 * has none, so the two agree).
 */
export function NotFoundPage({ path, i18n, homeHref }: { path: string; i18n: I18n; homeHref: string }) {
  const { t } = useTranslation('common', { i18n });
  return (
    <section data-testid="not-found" style={{ padding: 24 }}>
      <h1>{t('errors.notFound.title')}</h1>
      <p>{t('errors.notFound.message', { path })}</p>
      <a href={homeHref}>{t('errors.notFound.home')}</a>
      <NotFoundHelp i18n={i18n} />
    </section>
  );
}

function NotFoundHelp({ i18n }: { i18n: I18n }) {
  const { t } = useTranslation('common', { i18n });
  const lang = useStore($language);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const categories = useStore($categories);
  const [query, setQuery] = useState('');
  const inputId = useId();
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (query.trim()) void navigate(`/${lang}/search?q=${encodeURIComponent(query.trim())}`);
  };
  return (
    <div data-testid="not-found-help" style={{ paddingTop: 24, display: 'grid', gap: 16, maxWidth: 720 }}>
      <form role="search" action={`/${lang}/search`} method="get" onSubmit={search} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'end' }}>
        <div className="bz-field" style={{ flex: '1 1 220px' }}>
          <label htmlFor={inputId}>{t('errors.notFound.searchLabel')}</label>
          <input id={inputId} className="bz-input" type="search" name="q" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="not-found-search" />
        </div>
        <button type="submit" className="bz-btn">
          {t('errors.notFound.search')}
        </button>
      </form>
      {hydrated && categories.length > 0 ? (
        <nav aria-labelledby={`${inputId}-popular`}>
          <h2 id={`${inputId}-popular`} style={{ fontSize: 18 }}>
            {t('errors.notFound.popular')}
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
    </div>
  );
}

/** "Internal Server Error" for any other failure status (docs/product.md "Error pages and failures"). */
export function ServerErrorPage({ i18n }: { i18n: I18n }) {
  const { t } = useTranslation('common', { i18n });
  return (
    <section data-testid="server-error" style={{ padding: 24 }}>
      <h1>{t('errors.server.title')}</h1>
      <button type="button" className="bz-btn" onClick={() => window.location.reload()}>
        {t('errors.server.reload')}
      </button>
    </section>
  );
}
