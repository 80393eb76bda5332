// What a page of the shop is, before it is drawn: its language, route, status and <head>, with what the
// server looks up for it from the API (catalogue.ts) and those answers, for the page not to ask again.
import type http from 'node:http';
import { catalogListQuery, matchRoute, splitLangPath, type PageName } from '../../../shared/src/routes.js';
import { responsiveImage } from '../../../shared/src/media.js';
import { pageTitle } from '../../src/routing/titles.js';
import type { Lang } from '../catalogue.js';
import type { ShellContext } from '../context.js';
import { langFromCookie } from '../cookies.js';
import type { HeadInput } from '../head.js';
import { siteDescription } from '../titles.js';
import type { Seen } from './route.js';

/**
 * A product's, a post's or an information page's title (404 when it is gone), the stores of the markets
 * page, the home page's answer and first slide — and the page's status and <head> with them.
 */
export async function describePage(ctx: ShellContext, req: http.IncomingMessage, pathname: string, search: string, seen: Seen) {
  const { reader } = ctx;
  const split = splitLangPath(pathname);
  const lang: Lang = split?.lang ?? langFromCookie(req.headers.cookie) ?? 'uz';
  const match = split ? matchRoute(split.rest) : null;
  let status = match ? 200 : 404;
  let page: PageName | 'notFound' = match ? match.page : 'notFound';
  seen.route = `page:${page}`;
  const rest = split?.rest ?? '';
  const head: HeadInput = { lang, rest, origin: ctx.originOf(req), page, title: pageTitle(lang, page, rest), description: siteDescription(lang) };
  if (match?.page === 'product' && match.params.slug) {
    const found = await reader.product(match.params.slug, lang);
    if (found.kind === 'missing') status = 404;
    else if (found.kind === 'found') {
      const p = found.value;
      Object.assign(head, { title: p.name, description: p.description || head.description, image: p.image, product: p });
      // the gallery's first picture is the page's largest element: fetch it with the HTML
      if (p.image) head.preloadImage = responsiveImage(p.image, 'gallery');
      // the product page reads this instead of asking the API again (mf-catalog src/api/prefetch.ts)
      if (p.answer) head.inlineData = { [`product:${p.slug}|${lang}|individual`]: p.answer };
    }
  } else if (match?.page === 'blog' && match.params.slug) {
    const found = await reader.blog(match.params.slug, lang);
    if (found.kind === 'missing') status = 404;
    else if (found.kind === 'found') {
      Object.assign(head, { title: found.value.title, description: found.value.description || head.description });
      // the article reads this instead of asking the API again (mf-catalog src/api/prefetch.ts)
      if (found.value.answer) head.inlineData = { [`blog:${match.params.slug}|${lang}`]: found.value.answer };
    }
  } else if (match?.page === 'info' && rest !== 'pages') {
    // the page's heading, as the back office last named it; a page the back office has hidden is a
    // 404 (the catalogue shows its "not found"); no answer keeps the page's usual name
    const found = await reader.infoPage(rest, lang);
    if (found.kind === 'missing') status = 404;
    else if (found.kind === 'found') {
      head.title = found.value.title;
      if (found.value.answer) head.inlineData = { [`page:${rest}|${lang}`]: found.value.answer };
    }
  } else if (match?.page === 'catalog' || match?.page === 'products') {
    // a category's or a brand's list is a page of its own for a search engine: its name and its address
    const listed = catalogListQuery(new URLSearchParams(search));
    head.query = listed.query;
    // "products" lists what "catalog" lists: one address for search engines
    if (match.page === 'products') head.rest = 'catalog';
    const name = listed.category
      ? await reader.listName('categories', listed.category, lang)
      : listed.brand
        ? await reader.listName('brands', listed.brand, lang)
        : null;
    if (name) head.title = name;
  } else if (match?.page === 'markets' || match?.page === 'home') {
    head.stores = [];
    if (match.page === 'markets') {
      const stores = await reader.stores(lang);
      head.stores = stores.list;
      if (stores.answer) head.inlineData = { [`markets|${lang}`]: stores.answer };
    }
    if (match.page === 'home') {
      // the page's one API answer goes into the HTML, and its first slide (the largest element) is preloaded
      const home = await reader.home(lang);
      if (home?.firstSlide) head.preloadImage = responsiveImage(home.firstSlide, 'slide');
      if (home) head.inlineData = { [`home|${lang}|individual`]: home.answer };
    }
  }
  if (status === 404) {
    page = 'notFound';
    seen.route = 'page:notFound';
    Object.assign(head, { page, title: pageTitle(lang, page), product: null, image: null });
  }
  return { lang, rest, match: status === 200 ? match : null, status, head };
}
