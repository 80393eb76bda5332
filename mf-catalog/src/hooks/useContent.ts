import { useStore } from '@nanostores/react';
import { $language } from '@bozor/shared';
import { fetchBlog, fetchBlogs, fetchBrands, fetchInfoPage, fetchMarkets } from '../api/content';
import { useAsync } from './useAsync';

/** Brands, blogs, an article, an information page and the stores — each re-asked when the language changes. */
export function useBrands() {
  const lang = useStore($language);
  return useAsync(`brands|${lang}`, fetchBrands);
}
export function useBlogs() {
  const lang = useStore($language);
  return useAsync(`blogs|${lang}`, fetchBlogs);
}
export function useBlog(slug: string) {
  const lang = useStore($language);
  return useAsync(`blog|${slug}|${lang}`, () => fetchBlog(slug));
}
export function useInfoPage(slug: string) {
  const lang = useStore($language);
  return useAsync(`page|${slug}|${lang}`, () => fetchInfoPage(slug));
}
export function useMarkets() {
  const lang = useStore($language);
  return useAsync(`markets|${lang}`, fetchMarkets);
}
