import { useTranslation } from 'react-i18next';
import type { CartCheckState } from '../../hooks/useCartCheck';

/** Tells the shopper what the check changed: removed lines, quantities capped (at stock or the per-order limit), new prices. */
export function CartChanges({ changes }: { changes: CartCheckState['changes'] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return null;
  return (
    <div className="bzk-notice" role="status" data-testid="cart-changes">
      <p>{t('changes.title')}</p>
      <ul>
        {changes.map((c, i) => (
          <li key={`${c.product_id}-${c.change}-${i}`}>{t(`changes.${c.change}`, { name: c.name, count: c.max })}</li>
        ))}
      </ul>
    </div>
  );
}
