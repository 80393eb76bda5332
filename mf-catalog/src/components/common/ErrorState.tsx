import { useTranslation } from 'react-i18next';

/** What a page shows when its request failed: a sentence and a way to try again. */
export function ErrorState() {
  const { t } = useTranslation();
  return (
    <div className="bz-error-block" role="alert" data-testid="catalog-error">
      <p>{t('error.load')}</p>
      <button type="button" className="bz-btn bz-btn--secondary" onClick={() => window.location.reload()}>
        {t('error.retry')}
      </button>
    </div>
  );
}
