import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@bozor/shared';
import { $recent, loadRecent, recordView } from '../../recent';
import { useCards } from '../../hooks/useCards';
import { ProductCardView } from '../product/ProductCardView';

/**
 * "Recently viewed": the products this browser opened last, newest first, as a row that scrolls
 * sideways; `exclude` (the product page's own product) is left out. Nothing at all while the list is
 * empty, on the server and while the page hydrates (only the browser knows the list).
 */
export function RecentlyViewed({ basePath, exclude }: { basePath: string; exclude?: number }) {
  const hydrated = useHydrated();
  useEffect(loadRecent, []);
  const ids = useStore($recent).filter((id) => id !== exclude);
  return hydrated && ids.length > 0 ? <RecentRow ids={ids} basePath={basePath} /> : null;
}

function RecentRow({ ids, basePath }: { ids: number[]; basePath: string }) {
  const { t } = useTranslation();
  const title = useId();
  const { cards } = useCards(ids);
  // while loading, or when none of them is sold any more (or the request failed), the row is left out
  if (cards.length === 0) return null;
  return (
    <section className="bzc-recent" aria-labelledby={title} data-testid="recently-viewed">
      <h2 id={title}>{t('recent.title')}</h2>
      <ul className="bzc-row">
        {cards.map((p) => (
          <ProductCardView key={p.id} product={p} basePath={basePath} />
        ))}
      </ul>
    </section>
  );
}

/** Remembers that the shopper opened this product (the product page calls it once per product). */
export function useRecordView(productId: number): void {
  useEffect(() => recordView(productId), [productId]);
}
