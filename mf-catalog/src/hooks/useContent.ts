import { useStore } from '@nanostores/react';
import { $language, getApi } from '@bozor/shared';
import { contentApi } from '@bozor/shared/api/content';
import { useAsync } from '@bozor/shared';

/** The content calls over the page's one client (taken when called: the shell sets it at start-up). */
const content = () => contentApi(getApi());

/** Brands, blogs, an article, an information page and the stores — each re-asked when the language changes. */
export function useBrands() {
  const lang = useStore($language);
  return useAsync(`brands|${lang}`, () => content().brands());
}
export function useBlogs() {
  const lang = useStore($language);
  return useAsync(`blogs|${lang}`, () => content().blogs());
}
export function useBlog(slug: string) {
  const lang = useStore($language);
  return useAsync(`blog|${slug}|${lang}`, () => content().blog(slug));
}
export function useInfoPage(slug: string) {
  const lang = useStore($language);
  return useAsync(`page|${slug}|${lang}`, () => content().page(slug));
}
export function useMarkets() {
  const lang = useStore($language);
  return useAsync(`markets|${lang}`, () => content().markets());
}
