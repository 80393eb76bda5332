// The filter panel and the active-filter chips name what is ticked even when the API's facets no
// longer list it (a ticked brand whose count fell to 0 is left out of the answer). Names seen on this
// page are remembered for that; one never seen falls back to its slug or value.
import { useRef } from 'react';
import type { Facets } from '../../api/types';

export interface FilterLabels {
  category(slug: string): string;
  brand(slug: string): string;
  optionName(code: string): string;
  option(code: string, value: string): string;
}

/**
 * Names from the facets of every answer this page has shown. Kept per mounted page (a ref), never per
 * module: on the server a module's memory would outlive the request and make the HTML differ from
 * the browser's first render.
 */
export function useFilterLabels(facets: Facets | null | undefined, lang: string): FilterLabels {
  const memory = useRef({ lang, names: new Map<string, string>() });
  if (memory.current.lang !== lang) memory.current = { lang, names: new Map() };
  const names = memory.current.names;
  if (facets) {
    for (const c of facets.categories) names.set(`c:${c.slug}`, c.name);
    for (const b of facets.brands) names.set(`b:${b.slug}`, b.name);
    for (const o of facets.options) {
      names.set(`o:${o.code}`, o.name);
      for (const v of o.values) names.set(`v:${o.code}=${v.value}`, v.label);
    }
  }
  return {
    category: (slug) => names.get(`c:${slug}`) ?? slug,
    brand: (slug) => names.get(`b:${slug}`) ?? slug,
    optionName: (code) => names.get(`o:${code}`) ?? code,
    option: (code, value) => names.get(`v:${code}=${value}`) ?? value,
  };
}
