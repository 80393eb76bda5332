import { useTranslation } from 'react-i18next';

/** A catalogue page whose real content comes with the catalogue pages issue. */
export function PlaceholderPage({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <section data-testid={`catalog-page-${page}`} style={{ padding: 16 }}>
      <h1>{t(`page.${page}`)}</h1>
      <p>{t('placeholder')}</p>
    </section>
  );
}
