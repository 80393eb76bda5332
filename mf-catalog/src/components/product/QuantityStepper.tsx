import { useTranslation } from 'react-i18next';

/** − n + within 1…max (max is the stock). */
export function QuantityStepper({ value, max, onChange }: { value: number; max: number; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="bzc-stepper" role="group" aria-label={t('product.quantity')}>
      <button type="button" className="bz-btn bz-btn--secondary" aria-label={t('product.fewer')} disabled={value <= 1} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output data-testid="product-quantity" aria-live="polite">
        {value}
      </output>
      <button type="button" className="bz-btn bz-btn--secondary" aria-label={t('product.more')} disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
