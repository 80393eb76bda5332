/** @jest-environment jsdom */
import { render, screen, fireEvent } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { setLanguage, NotFoundPage, ServerErrorPage } from '@bozor/shared';
import type { ComponentType } from 'react';

jest.mock('../src/remotes/runtime', () => {
  class IncompatibleRemoteError extends Error {
    constructor(readonly remote: string, readonly remoteContract: string) {
      super(remote);
    }
  }
  return { IncompatibleRemoteError, loadExposed: jest.fn(), refreshRemote: jest.fn(async () => undefined) };
});
jest.mock('../src/report', () => ({ reportClientError: jest.fn() }));

import { RemoteSlot } from '../src/remotes/RemoteSlot';
import { IncompatibleRemoteError } from '../src/remotes/runtime';
import { i18n } from '../src/i18n';
import { AppErrorBoundary } from '../src/AppErrorBoundary';

const ok: ComponentType<{ basePath: string }> = ({ basePath }) => <p>remote at {basePath}</p>;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('RemoteSlot', () => {
  it('renders the loaded remote', async () => {
    const loader = jest.fn(async () => ok) as never;
    render(<RemoteSlot remote="catalog" expose="Routes" props={{ basePath: '/uz' }} loader={loader} />);
    await screen.findByText('remote at /uz');
    expect(screen.queryByTestId('remote-error-catalog')).toBeNull();
  });

  it('shows a translated error block with retry; a retry loads again', async () => {
    setLanguage('en');
    let fail = true;
    const loader = jest.fn(async () => {
      if (fail) throw new Error('network');
      return ok;
    }) as never;
    render(<RemoteSlot remote="cart" expose="Routes" props={{ basePath: '/en' }} loader={loader} />);
    const block = await screen.findByTestId('remote-error-cart');
    expect(block.textContent).toContain('This part of the page could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('remote at /en');
    expect(screen.queryByTestId('remote-error-cart')).toBeNull();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('refuses an incompatible remote with a clear message', async () => {
    setLanguage('ru');
    const loader = jest.fn(async () => {
      throw new IncompatibleRemoteError('account', '2.0.0');
    }) as never;
    render(<RemoteSlot remote="account" expose="Routes" props={{ basePath: '/ru' }} loader={loader} />);
    expect((await screen.findByTestId('remote-error-account')).textContent).toContain('Эта часть страницы обновляется');
  });
});

describe('error pages', () => {
  it('404 and 500 in English use the exact texts of docs/product.md', () => {
    setLanguage('en');
    render(
      <MemoryRouter>
        <I18nextProvider i18n={i18n}>
          <NotFoundPage path="/en/nope" i18n={i18n} homeHref="/en" />
          <ServerErrorPage i18n={i18n} />
        </I18nextProvider>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Page Not Found', 'Internal Server Error']);
    expect(screen.getByTestId('not-found').querySelector('p')?.textContent).toBe('Page not found: /en/nope');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/en');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    // and what to do next: search
    expect(screen.getByRole('searchbox', { name: 'What are you looking for?' })).toBeTruthy();
  });

  it('are translated in uz and ru', () => {
    setLanguage('uz');
    const { unmount } = render(
      <MemoryRouter>
        <NotFoundPage path="/uz/x" i18n={i18n} homeHref="/uz" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Sahifa topilmadi');
    expect(screen.getByRole('searchbox', { name: 'Nimani qidiryapsiz?' })).toBeTruthy();
    unmount();
    setLanguage('ru');
    render(<ServerErrorPage i18n={i18n} />);
    expect(screen.getByRole('heading').textContent).toBe('Внутренняя ошибка сервера');
  });
});

describe('AppErrorBoundary', () => {
  it('shows "Internal Server Error" when the shell itself fails', () => {
    setLanguage('en');
    const Boom = () => {
      throw new Error('boom');
    };
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Internal Server Error');
    expect(screen.getByRole('button').textContent).toBe('Reload the page');
  });
});
