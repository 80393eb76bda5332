import { useStore } from '@nanostores/react';
import { $language } from '../stores/app';
import { formatSum } from '../format';

/** A sum in so'm in the page's language. */
export function Price({ amount }: { amount: number }) {
  const lang = useStore($language);
  return <span className="bz-price">{formatSum(amount, lang)}</span>;
}
