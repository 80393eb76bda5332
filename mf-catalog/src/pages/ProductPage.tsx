import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** Product page placeholder; the shell's server already gives it its <head> from the API. */
export function ProductPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  return (
    <section data-testid="catalog-page-product" style={{ padding: 16 }}>
      <h1>{t('page.product', { slug })}</h1>
      <p>{t('placeholder')}</p>
    </section>
  );
}
