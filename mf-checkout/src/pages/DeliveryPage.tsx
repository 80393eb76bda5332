import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { $cart, Button, setOneClickBuyItem } from '@bozor/shared';
import { DeliveryForm } from '../components/delivery/DeliveryForm';
import { Summary } from '../components/Summary';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { useCheckoutItems, useDeliveryData } from '../hooks/useCheckoutData';
import { STEP_CHANGE, useStepHeading } from '../hooks/useStepHeading';

/** Checkout, step 1: delivery method, address or store, receiver, and the server's summary. */
export function DeliveryPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, oneClick } = useCheckoutItems();
  const cart = useStore($cart);
  const { settings, stores, loading, error, reload } = useDeliveryData();
  const heading = useStepHeading<HTMLHeadingElement>();
  return (
    <section className="co-page" data-testid="checkout-delivery">
      <CheckoutStyles />
      <h1 ref={heading} tabIndex={-1}>{t('delivery.title')}</h1>
      <div>
        {oneClick ? (
          <div className="co-card co-row" data-testid="one-click-note">
            <span>{t('oneClick.note')}</span>
            {cart.length > 0 ? (
              <Button variant="ghost" onClick={() => setOneClickBuyItem(null)}>{t('oneClick.useCart')}</Button>
            ) : null}
          </div>
        ) : null}
        {loading && !settings ? <p role="status">{t('loading')}</p> : null}
        {error ? (
          <div role="alert" className="bz-error-block">
            <p>{t('loadFailed')}</p>
            <Button variant="secondary" onClick={reload}>{t('retry')}</Button>
          </div>
        ) : null}
        {settings ? <DeliveryForm settings={settings} stores={stores} onValid={() => void navigate(`${basePath}/checkout/payment`, { state: STEP_CHANGE })} /> : null}
      </div>
      <Summary items={items} basePath={basePath} />
    </section>
  );
}
