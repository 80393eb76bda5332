// The filter panel and the active-filter chips name what is ticked even when the list's facets leave
// it out (a ticked brand whose count fell to 0 is not in the answer). Names seen on this page are
// remembered; a ticked entry named by none of them is looked up in the brand list and in the whole
// catalogue's facets (hooks/useFilterReference). A slug found nowhere has no name: it is never shown
// as if it were one.
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $language } from '@bozor/shared';
import type { CatalogFilter } from '../../api/filter';
import type { Facets } from '../../api/types';
import { useFilterReference } from '../../hooks/useFilterReference';

export interface FilterLabels {
  /** The name, or undefined when none is known (yet: see `pending`). */
  category(slug: string): string | undefined;
  brand(slug: string): string | undefined;
  optionName(code: string): string | undefined;
  option(code: string, value: string): string | undefined;
  /** Names of ticked entries are still being looked up: one without a name may yet get one. */
  pending: boolean;
}

/** What is ticked in the filter and has no name in `names`. */
function unnamed(filter: CatalogFilter, names: Map<string, string>): { brands: boolean; facets: boolean } {
  const options = Object.entries(filter.options ?? {}).some(([code, values]) => values.length > 0 && (!names.has(`o:${code}`) || values.some((v) => !names.has(`v:${code}=${v}`))));
  return {
    brands: (filter.brands ?? []).some((slug) => !names.has(`b:${slug}`)),
    facets: options || (!!filter.category && !names.has(`c:${filter.category}`)),
  };
}

function remember(names: Map<string, string>, facets: Facets | null | undefined): void {
  if (!facets) return;
  for (const c of facets.categories) names.set(`c:${c.slug}`, c.name);
  for (const b of facets.brands) names.set(`b:${b.slug}`, b.name);
  for (const o of facets.options) {
    names.set(`o:${o.code}`, o.name);
    for (const v of o.values) names.set(`v:${o.code}=${v.value}`, v.label);
  }
}

/**
 * Names for the filter's entries, from the facets of every answer this page has shown and, for ticked
 * ones still unnamed once the list has answered (`settled`: its facets or its error are in), from the
 * reference answers. Kept per mounted page (a ref), never per module: on the server a module's memory
 * would outlive the request and make the HTML differ from the browser's first render.
 */
export function useFilterLabels(filter: CatalogFilter, facets: Facets | null | undefined, settled: boolean): FilterLabels {
  const lang = useStore($language);
  const memory = useRef({ lang, names: new Map<string, string>() });
  if (memory.current.lang !== lang) memory.current = { lang, names: new Map() };
  const names = memory.current.names;
  remember(names, facets);
  const missing = unnamed(filter, names);
  const reference = useFilterReference({ brands: settled && missing.brands, facets: settled && missing.facets });
  remember(names, reference.facets);
  for (const b of reference.brands ?? []) names.set(`b:${b.slug}`, b.name);
  return {
    category: (slug) => names.get(`c:${slug}`),
    brand: (slug) => names.get(`b:${slug}`),
    optionName: (code) => names.get(`o:${code}`),
    option: (code, value) => names.get(`v:${code}=${value}`),
    pending: !settled || reference.loading,
  };
}
