import { useTranslation } from 'react-i18next';

/** Fewer pieces than this and the page says "few left". */
export const FEW_LEFT = 5;

export type StockLevel = 'in' | 'few' | 'out';

function stockLevel(quantity: number): StockLevel {
  if (quantity <= 0) return 'out';
  return quantity <= FEW_LEFT ? 'few' : 'in';
}

/** In stock / few left / out of stock, in words and colour. */
export function StockStatus({ quantity }: { quantity: number }) {
  const { t } = useTranslation();
  const level = stockLevel(quantity);
  return (
    <p className={`bzc-stock bzc-stock--${level}`} data-testid="stock-status" data-level={level}>
      {t(`stock.${level}`, { count: quantity })}
    </p>
  );
}
