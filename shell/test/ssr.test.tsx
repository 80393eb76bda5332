/** @jest-environment node */
// The shell's server entry (src/ssr.tsx): the whole page tree rendered to HTML as a guest sees it, with
// the remote modules the server loaded in their slots and the browser left to fill the others.
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { useLocation } from 'react-router';
import { $auth } from '@bozor/shared';
import mfSingletons from '@bozor/shared/mf-singletons.json';
import { renderApp, sharedModules } from '../src/ssr';

function FakeCatalog({ basePath }: { basePath: string }) {
  return <h1 data-testid="fake-catalog">catalogue at {basePath}{useLocation().pathname}</h1>;
}
const SearchBox = () => <input aria-label="search" />;

test('a catalogue page: header, the remote route in its slot, the search box, a guest header in the page language', () => {
  const html = renderApp('/ru/catalog?sort=new', { 'catalog/Routes': FakeCatalog as never, 'catalog/SearchBox': SearchBox as never });
  expect(html).toContain('data-testid="site-header"');
  expect(html).toMatch(/<h1 data-testid="fake-catalog">catalogue at <!-- -->\/ru<!-- -->\/ru\/catalog<\/h1>/);
  expect(html).toContain('aria-label="search"');
  // the language of the path, the sign-in button (the server never knows the shopper)
  expect(html).toContain('data-testid="sign-in"');
  expect(html).toContain('>Каталог<');
});

test('the server never shows a shopper: a signed-in store on the server still renders the guest header', () => {
  const before = $auth.get();
  $auth.set({ ...before, isAuthenticated: true, token: 't' } as typeof before);
  try {
    const html = renderApp('/uz', { 'catalog/Routes': FakeCatalog as never, 'catalog/SearchBox': SearchBox as never });
    expect(html).toContain('data-testid="sign-in"');
    expect(html).not.toContain('data-testid="account-link"');
  } finally {
    $auth.set(before);
  }
});

test('a slot whose module the server does not have is sent as its loading line, for the browser to render', () => {
  const html = renderApp('/en/catalog', {});
  expect(html).toContain('<!--$!-->');
  expect(html).toContain('aria-busy="true"');
  expect(html).not.toContain('fake-catalog');
});

test('the remotes\' server bundles get the shell\'s own singletons', () => {
  // every singleton of the one list, plus the JSX runtime that the server bundles require by its subpath
  expect(Object.keys(sharedModules).sort()).toEqual([...mfSingletons.singletons, '@bozor/shared', 'react/jsx-runtime'].sort());
  expect((sharedModules['@bozor/shared'] as { $auth: unknown }).$auth).toBe($auth);
});
