import { useStore } from '@nanostores/react';
import { $language, getApi } from '@bozor/shared';
import { contentApi } from '@bozor/shared/api/content';
import { useAsync } from '@bozor/shared';
import { blogSeed, blogsSeed, brandsSeed, infoPageSeed, marketsSeed, type Seed } from '../api/prefetch';

/** The content calls over the page's one client (taken when called: the shell sets it at start-up). */
const content = () => contentApi(getApi());

/** An answer given with the page, as its content call gives it (the answer's `data`). */
function dataOf<T>(given: Seed<{ data: T }> | undefined): Seed<T> | undefined {
  return given && { value: given.value.data, markUsed: given.markUsed };
}

/**
 * Brands, blogs, an article, an information page and the stores — each re-asked when the language
 * changes. On a first load the server rendered the page from the same answer, given with the page: the
 * hydrating render shows it without asking.
 */
export function useBrands() {
  const lang = useStore($language);
  return useAsync(`brands|${lang}`, () => content().brands(), () => dataOf(brandsSeed()));
}
export function useBlogs() {
  const lang = useStore($language);
  return useAsync(`blogs|${lang}`, () => content().blogs(), () => dataOf(blogsSeed()));
}
export function useBlog(slug: string) {
  const lang = useStore($language);
  return useAsync(`blog|${slug}|${lang}`, () => content().blog(slug), () => dataOf(blogSeed(slug)));
}
export function useInfoPage(slug: string) {
  const lang = useStore($language);
  return useAsync(`page|${slug}|${lang}`, () => content().page(slug), () => dataOf(infoPageSeed(slug)));
}
export function useMarkets() {
  const lang = useStore($language);
  return useAsync(`markets|${lang}`, () => content().markets(), () => dataOf(marketsSeed()));
}
