import { useTranslation } from 'react-i18next';
import { updateCheckoutForm } from '@bozor/shared';
import type { PaymentMethod } from '@bozor/shared/api/orders';

/**
 * The payment step's choice of method: one radio per method the shop takes now (`offered`, in its order),
 * `method` checked. Cash says where it is paid (`cashText`: to the courier or in the store). Busy while the
 * list is not `known` yet (the API's answer still on its way).
 */
export function PaymentMethods({ offered, method, cashText, known = true }: { offered: readonly PaymentMethod[]; method: PaymentMethod | ''; cashText: string; known?: boolean }) {
  const { t } = useTranslation();
  const texts: Record<PaymentMethod, { title: string; note: string }> = {
    cash: { title: t('payment.onReceipt'), note: cashText },
    card: { title: t('payment.card'), note: t('card.poweredBy') },
    payme: { title: t('payment.payme'), note: t('payment.paymeNote') },
    click: { title: t('payment.click'), note: t('payment.clickNote') },
  };
  return (
    <fieldset className="co-options" aria-busy={!known} data-testid="payment-methods">
      <legend>{t('payment.method')}</legend>
      {offered.map((m) => (
        <label key={m} className="co-option">
          <input type="radio" name="paymentType" checked={method === m} onChange={() => updateCheckoutForm({ paymentType: m })} data-testid={`pay-${m}`} />
          <span>
            <strong>{texts[m].title}</strong>
            <small className="co-muted">{texts[m].note}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
