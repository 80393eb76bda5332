import { useStore } from '@nanostores/react';
import { $accountType, $language, getApi, useAsync } from '@bozor/shared';
import { contentApi } from '@bozor/shared/api/content';
import { REFERENCE_BODY } from '../api/filter';
import { brandsSeed, productsSeed } from '../api/prefetch';
import type { Facets } from '../api/types';

export interface NamedBrand {
  slug: string;
  name: string;
}

export interface FilterReference {
  /** Every brand of the shop (GET …/resources/brands), when asked for and loaded. */
  brands: NamedBrand[] | null;
  /** The whole catalogue's facets (REFERENCE_BODY), when asked for and loaded. */
  facets: Facets | null;
  /** Something asked for is still loading. */
  loading: boolean;
}

/**
 * Where the names of ticked filter entries come from when the list's facets leave them out (a count
 * of 0): the brand list, and the facets of the whole catalogue for categories and option values. Only
 * what `want` names is asked for; on a first load the server may have given both with the page.
 */
export function useFilterReference(want: { brands: boolean; facets: boolean }): FilterReference {
  const lang = useStore($language);
  const account = useStore($accountType);
  const brands = useAsync<NamedBrand[] | null>(
    want.brands ? `brands|${lang}` : '',
    async () => (want.brands ? await contentApi(getApi()).brands() : null),
    () => {
      const given = want.brands ? brandsSeed() : undefined;
      return given && { value: given.value.data, markUsed: given.markUsed };
    },
  );
  const facets = useAsync<Facets | null>(
    want.facets ? `facets|${lang}|${account}` : '',
    async () => (want.facets ? (await getApi().getProducts(REFERENCE_BODY)).facets : null),
    () => {
      const given = want.facets ? productsSeed(REFERENCE_BODY) : undefined;
      return given && { value: given.value.facets, markUsed: given.markUsed };
    },
  );
  return {
    brands: want.brands ? brands.data : null,
    facets: want.facets ? facets.data : null,
    loading: (want.brands && brands.loading) || (want.facets && facets.loading),
  };
}
