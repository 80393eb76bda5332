// Server rendering of the content pages (articles, information pages, brands, stores, the category tree): each
// comes from the server with its content and hydrates without a request or a mismatch, the page's copy is
// used once, and another language asks the API again. (The same pages rendered in Node are ssr-node.test.tsx.)
import { act, render } from '@testing-library/react';
import { onMount } from 'nanostores';
import { $categories, setLanguage } from '@bozor/shared';
import { fakeShop, installFakeApi } from './fakeApi';
import { contentAnswer, freshPage, hydrate, page, serverRender, unmountHydrated } from './ssrPage';

afterEach(unmountHydrated);

beforeEach(freshPage);

describe.each([
  { url: '/en/blogs/tea', api: '/resources/blogs/tea', shows: 'About teaBrew well' },
  { url: '/en/blogs', api: '/resources/blogs?', shows: 'Choosing a kettleSteel or glass' },
  { url: '/en/delivery', api: '/resources/pages/delivery', shows: 'We deliver across Uzbekistan in 1–3 days.' },
  { url: '/en/contacts', api: '/resources/pages/contacts', shows: 'What the contacts page says.' },
  { url: '/en/brands', api: '/resources/brands', shows: 'Kärcher3 products' },
  { url: '/en/markets', api: '/api/store/stores', shows: 'Bozor Chilonzor42 Bunyodkor Avenue, Tashkent+998 71 200 11 22' },
  { url: '/en/categories', api: '/resources/categories', shows: 'Kitchen appliancesKettlesMicrowave ovens' },
])('$url', ({ url, api, shows }) => {
  test('comes from the server with its content, and hydrates from the page without a request or a mismatch', async () => {
    const calls = installFakeApi();
    // the shell asks the API for its category tree when something first reads it (shell/src/stores/appState.ts)
    let treeRead = 0;
    const unbind = onMount($categories, () => {
      treeRead++;
    });
    // React says so on the console when a body given as HTML differs between the server and the browser
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const server = serverRender(url, contentAnswer);
      const html = document.createElement('div');
      html.innerHTML = server.html;
      expect(html.querySelector('[aria-busy="true"]')).toBeNull();
      expect(html.textContent).toContain(shows);

      const { container, mismatches } = await hydrate(url, server);
      await act(async () => new Promise((r) => setTimeout(r, 0)));
      expect(mismatches).toEqual([]);
      expect(errors.mock.calls.filter(([message]) => !String(message).includes('not wrapped in act'))).toEqual([]);
      expect(calls).toEqual([]);
      expect(treeRead).toBe(0);
      expect(container.textContent).toContain(shows);
    } finally {
      errors.mockRestore();
      unbind();
    }
  });

  test("the page's copy is used once: the next visit asks the API", async () => {
    const calls = installFakeApi({ catalogue: fakeShop() });
    const server = serverRender(url, contentAnswer);
    const { unmount } = await hydrate(url, server);
    unmount();
    if (url === '/en/categories') {
      // a later visit reads the shell's tree, which the shell loads when it is first read
      let treeRead = 0;
      const unbind = onMount($categories, () => {
        treeRead++;
      });
      render(page(url));
      expect(treeRead).toBe(1);
      unbind();
      return;
    }
    render(page(url));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(calls.filter((c) => c.url.includes(api))).toHaveLength(1);
    expect(document.body.textContent).toContain(shows);
  });
});

test('an article in a language other than the one it came in is asked for in that language', async () => {
  const calls = installFakeApi();
  const server = serverRender('/en/blogs/tea', contentAnswer);
  await hydrate('/en/blogs/tea', server);
  expect(calls).toEqual([]);
  await act(async () => setLanguage('ru'));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(calls.map((c) => [c.url, c.headers['X-LANG']])).toEqual([[expect.stringContaining('/resources/blogs/tea'), 'ru']]);
});
