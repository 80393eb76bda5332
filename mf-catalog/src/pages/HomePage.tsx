import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, addToCart, showToast } from '@bozor/shared';
import { RemoteInfo } from '../components/RemoteInfo';

/** Home (placeholder until the catalogue pages land): proves the remote, its strings and the shared cart. */
export function HomePage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  return (
    <section data-testid="catalog-home" style={{ padding: 16 }}>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <Button
        data-testid="add-demo-to-cart"
        onClick={() => {
          addToCart({ product_id: 'demo-1', name: t('home.demoProduct'), img_url: null, quantity: 1, price: 125000, slug: 'demo-1' });
          showToast(t('home.added'), 'success');
        }}
      >
        {t('home.addDemo')}
      </Button>{' '}
      <Link to={`${basePath}/catalog`}>{t('page.catalog')}</Link>
      <div>
        <RemoteInfo />
      </div>
    </section>
  );
}
