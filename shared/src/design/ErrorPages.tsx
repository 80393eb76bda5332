import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';

/** "Page Not Found" with "Page not found: {path}" (docs/product.md "Error pages and failures"), in the page's language. */
export function NotFoundPage({ path, i18n, homeHref }: { path: string; i18n: I18n; homeHref: string }) {
  const { t } = useTranslation('common', { i18n });
  return (
    <section data-testid="not-found" style={{ padding: 24 }}>
      <h1>{t('errors.notFound.title')}</h1>
      <p>{t('errors.notFound.message', { path })}</p>
      <a href={homeHref}>{t('errors.notFound.home')}</a>
    </section>
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
