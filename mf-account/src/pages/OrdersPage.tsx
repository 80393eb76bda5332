import { useTranslation } from 'react-i18next';

/** My orders (placeholder for the account issue). */
export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="account-orders" style={{ padding: 16 }}>
      <h1>{t('orders.title')}</h1>
      <p>{t('placeholder')}</p>
    </section>
  );
}
