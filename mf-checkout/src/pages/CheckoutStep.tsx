import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RemoteInfo } from '../components/RemoteInfo';

/** Placeholder of one checkout step until the checkout issue fills it. */
export function CheckoutStep({ step, basePath }: { step: 'delivery' | 'payment' | 'confirmed'; basePath: string }) {
  const { t } = useTranslation();
  return (
    <section data-testid={`checkout-${step}`} style={{ padding: 16 }}>
      <h1>{t(`${step}.title`)}</h1>
      {step === 'confirmed' ? <p>{t('confirmed.thanks')}</p> : <p>{t('placeholder')}</p>}
      {step === 'delivery' ? <Link to={`${basePath}/checkout/payment`}>{t('toPayment')}</Link> : null}
      <div>
        <RemoteInfo />
      </div>
    </section>
  );
}
