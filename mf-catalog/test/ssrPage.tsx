// The server's render and the browser's hydration of the catalogue's pages (src/ssr.tsx), as the shell does them:
// what the server-rendering tests (ssr, ssr-search, ssr-content) start from.
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage, type DataRequest, type Lang } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import SearchBox from '../src/components/SearchBox';
import { dataRequests, setServerData } from '../src/ssr';
import { resetPrefetchForTests } from '../src/api/prefetch';
import { card, fakeContent, fakeShop, product } from './fakeApi';
import { fakeBrandList } from './fakeCatalogue';

/** The page under /{lang}, with the header's search box as the shell renders it in the same pass. */
export const page = (url: string) => {
  const lang = url.split('/')[1] ?? 'en';
  return (
    <MemoryRouter initialEntries={[url]}>
      <SearchBox basePath={`/${lang}`} />
      <Routes>
        <Route path={`/${lang}/*`} element={<CatalogRoutes basePath={`/${lang}`} />} />
      </Routes>
    </MemoryRouter>
  );
};

/** What the shell server does: ask for the page's answers, render once with them. */
export function serverRender(url: string, answer: (request: DataRequest) => unknown): { html: string; data: Record<string, unknown> } {
  const lang = (url.split('/')[1] ?? 'en') as Lang;
  const [rest = '', search = ''] = url.replace(/^\/\w+\/?/, '').split('?');
  const data = Object.fromEntries(dataRequests(rest, search, lang).map((r) => [r.key, answer(r)]));
  setServerData(data);
  try {
    return { html: renderToString(page(url)), data };
  } finally {
    setServerData(null);
  }
}

/** The pages hydrated in a test, unmounted after it (a later test's language must not reach them). */
const hydrated: ReturnType<typeof hydrateRoot>[] = [];

/** What the browser does: the page's HTML and its copy of the answers, then hydration. */
export async function hydrate(url: string, { html, data }: { html: string; data: Record<string, unknown> }) {
  document.head.innerHTML = `<script type="application/json" id="bozor-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const mismatches: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(url), { onRecoverableError: (error) => mismatches.push(error) });
  });
  if (root) hydrated.push(root);
  return { container, mismatches, unmount: () => act(() => root?.unmount()) };
}

export const productAnswer = { product, relateds: [card(2)] };

/** What the fake API answers to a content page's server-side request. */
export const contentAnswer = (request: DataRequest) => fakeContent(request.path) ?? (request.path.endsWith('/resources/brands') ? fakeBrandList(fakeShop()) : undefined);

/** After each test: the pages it hydrated are unmounted. */
export function unmountHydrated() {
  for (const root of hydrated.splice(0)) act(() => root.unmount());
}

/** Before each test: no prefetched answers, an empty document, English. */
export function freshPage() {
  resetPrefetchForTests();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  setLanguage('en');
}
