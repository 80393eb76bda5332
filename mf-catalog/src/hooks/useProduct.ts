import { useStore } from '@nanostores/react';
import { $accountType, $language } from '@bozor/shared';
import { loadProduct, productSeed } from '../api/prefetch';
import type { ProductCard, ProductDetail } from '../api/types';
import { useAsync } from '@bozor/shared';

/** The product page's data: the product and its related products, in the page language and account type. */
export function useProduct(slug: string): { product: ProductDetail | null; related: ProductCard[]; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const { data, loading, error } = useAsync(
    `${slug}|${lang}|${account}`,
    () => loadProduct(slug),
    () => productSeed(slug),
  );
  return { product: data?.product ?? null, related: data?.relateds ?? [], loading, error };
}
