/** @jest-environment jsdom */
// A signed-in shopper's server-rendered page: the server drew a guest's header (it does not know who is
// signed in), the browser takes it over and then shows the shopper's own. The header's search box is a
// remote's part whose code may still be on its way at that moment.
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { $auth, GUEST_AUTH, setLanguage } from '@bozor/shared';

let arrive: (component: ComponentType<object>) => void = () => undefined;
jest.mock('../src/remotes/runtime', () => ({
  IncompatibleRemoteError: class extends Error {},
  refreshRemote: jest.fn(async () => undefined),
  loadExposed: jest.fn(() => new Promise((resolve) => (arrive = resolve))),
}));
jest.mock('../src/report', () => ({ reportClientError: jest.fn() }));

import { Header } from '../src/layout/Header';
import { ServerRemotes } from '../src/remotes/serverRemotes';
import { SignedInHint } from '../src/layout/signedInHint';
import { i18n } from '../src/i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SearchBox = () => (
  <form role="search">
    <input aria-label="Qidiruv" />
  </form>
);

const page = (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter initialEntries={['/uz']}>
      <Header lang="uz" />
    </MemoryRouter>
  </I18nextProvider>
);

test('the shopper\'s own header appears while the search box is still loading, and the server\'s search box stays', async () => {
  setLanguage('uz');
  $auth.set(GUEST_AUTH);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ServerRemotes.Provider value={{ 'catalog/SearchBox': SearchBox }}>{page}</ServerRemotes.Provider>);
  document.body.append(container);
  const serverSearch = container.querySelector('form[role="search"]');
  expect(serverSearch).not.toBeNull();
  expect(container.querySelector('[data-testid="sign-in"]')).not.toBeNull();

  // the browser knows the shopper (their token in localStorage)
  $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(container.querySelector('[data-testid="account-link"]')).not.toBeNull();
  expect(container.querySelector('[data-testid="sign-in"]')).toBeNull();
  // the search box's code has not arrived: what the server drew is still there, not a loading line
  expect(container.querySelector('form[role="search"]')).toBe(serverSearch);

  await act(async () => arrive(SearchBox as ComponentType<object>));
  expect(container.querySelector('form[role="search"]')).toBe(serverSearch);
  expect(errors).toEqual([]);
  $auth.set(GUEST_AUTH);
});

test('a browser whose cookie says it keeps a session gets "My account" in the server\'s HTML, hydrated as it is', async () => {
  setLanguage('uz');
  $auth.set(GUEST_AUTH); // the server knows nobody
  const hinted = (
    <SignedInHint.Provider value>
      {page}
    </SignedInHint.Provider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ServerRemotes.Provider value={{ 'catalog/SearchBox': SearchBox }}>{hinted}</ServerRemotes.Provider>);
  document.body.append(container);
  const serverLink = container.querySelector('[data-testid="account-link"]');
  expect(serverLink?.getAttribute('href')).toBe('/uz/account');
  expect(container.querySelector('[data-testid="sign-in"]')).toBeNull();

  $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, hinted, { onRecoverableError: (e) => errors.push(e) });
  });
  await act(async () => arrive(SearchBox as ComponentType<object>));
  // the very link the server drew, never a "Sign in" in between, and no mismatch
  expect(container.querySelector('[data-testid="account-link"]')).toBe(serverLink);
  expect(errors).toEqual([]);

  // the session has gone meanwhile (signed out in another tab): the shopper's real state wins once hydrated
  await act(async () => $auth.set(GUEST_AUTH));
  expect(container.querySelector('[data-testid="sign-in"]')).not.toBeNull();
  expect(container.querySelector('[data-testid="account-link"]')).toBeNull();
});
