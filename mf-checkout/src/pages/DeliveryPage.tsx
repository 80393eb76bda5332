import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@bozor/shared';
import { DeliveryForm } from '../components/delivery/DeliveryForm';
import { Summary } from '../components/Summary';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { useCheckoutItems, useDeliveryData } from '../hooks/useCheckoutData';

/** Checkout, step 1: delivery method, address or store, receiver, and the server's summary. */
export function DeliveryPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items } = useCheckoutItems();
  const { settings, stores, loading, error, reload } = useDeliveryData();
  return (
    <section className="co-page" data-testid="checkout-delivery">
      <CheckoutStyles />
      <h1>{t('delivery.title')}</h1>
      <div>
        {loading && !settings ? <p role="status">{t('loading')}</p> : null}
        {error ? (
          <div role="alert" className="bz-error-block">
            <p>{t('loadFailed')}</p>
            <Button variant="secondary" onClick={reload}>{t('retry')}</Button>
          </div>
        ) : null}
        {settings ? <DeliveryForm settings={settings} stores={stores} onValid={() => void navigate(`${basePath}/checkout/payment`)} /> : null}
      </div>
      <Summary items={items} />
    </section>
  );
}
