import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';

/**
 * − n + within 1…max (max: how many the cart may still take of the variant). At a limit its button is aria-disabled (the shared Button then
 * ignores presses) rather than disabled: a disabled button would drop the keyboard's focus to the page's body.
 */
export function QuantityStepper({ value, max, onChange }: { value: number; max: number; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  const atMin = value <= 1;
  const atMax = value >= max;
  return (
    <div className="bzc-stepper" role="group" aria-label={t('product.quantity')}>
      <Button variant="secondary" aria-label={t('product.fewer')} aria-disabled={atMin || undefined} onClick={() => onChange(value - 1)}>
        −
      </Button>
      <output data-testid="product-quantity" aria-live="polite">
        {value}
      </output>
      <Button variant="secondary" aria-label={t('product.more')} aria-disabled={atMax || undefined} onClick={() => onChange(value + 1)}>
        +
      </Button>
    </div>
  );
}
