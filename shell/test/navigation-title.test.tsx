/** @jest-environment jsdom */
// In-app navigation as a shopper meets it, the tab's title after each route and language change, and a
// path with no language of the shop (the whole shell with stand-in remotes, support/stand-in-shop.tsx).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

jest.mock('../src/remotes/runtime', () => ({
  IncompatibleRemoteError: class extends Error {},
  loadExposed: jest.fn((remote: string, expose: string) => mockLoad(remote, expose)),
  refreshRemote: jest.fn(async () => undefined),
  preloadRoute: jest.fn(),
}));
jest.mock('../src/report', () => ({ reportClientError: jest.fn() }));

import { PAGE_NAME_EVENT } from '@bozor/shared';
import { mockLoad, navigate, renderShop, resetShop } from './support/stand-in-shop';

beforeEach(resetShop);
afterEach(() => jest.restoreAllMocks());

describe('the tab title', () => {
  it('follows the route and the language, as the server writes them', async () => {
    document.title = 'Katalog — Bozor'; // the server's, for the page it sent
    renderShop('/uz/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    expect(document.title).toBe('Katalog — Bozor');

    fireEvent.click(screen.getByRole('link', { name: 'card 2' }));
    await screen.findByRole('heading', { name: 'A product' });
    await waitFor(() => expect(document.title).toBe('Mahsulot — Bozor'));
    // the catalogue may name the product once it knows it
    act(() => void document.dispatchEvent(new CustomEvent(PAGE_NAME_EVENT, { detail: { path: '/uz/products/card-2', name: 'Tefal KO2576' } })));
    expect(document.title).toBe('Tefal KO2576 — Bozor');
    // a name for a page already left changes nothing now
    act(() => void document.dispatchEvent(new CustomEvent(PAGE_NAME_EVENT, { detail: { path: '/uz/products/other', name: 'Other' } })));
    expect(document.title).toBe('Tefal KO2576 — Bozor');

    fireEvent.click(screen.getByRole('link', { name: 'Aloqa' }));
    await waitFor(() => expect(document.title).toBe('Aloqa — Bozor'));

    fireEvent.click(screen.getByTestId('lang-ru'));
    await waitFor(() => expect(document.title).toBe('Контакты — Bozor'));

    fireEvent.click(screen.getByTestId('nav-catalog'));
    await waitFor(() => expect(document.title).toBe('Каталог — Bozor'));

    act(() => void navigate('/ru/how-to-buy'));
    await waitFor(() => expect(document.title).toBe('Как купить — Bozor'));
    act(() => void navigate('/ru/nowhere'));
    await waitFor(() => expect(document.title).toBe('Страница не найдена — Bozor'));
    act(() => void navigate('/en'));
    await waitFor(() => expect(document.title).toBe('Bozor — household goods online'));

    // Back to the product: the name it was given
    act(() => void navigate('/uz/products/card-2'));
    await waitFor(() => expect(document.title).toBe('Tefal KO2576 — Bozor'));
  });

  it('a client redirect (the checkout with an empty cart) takes the title of where it lands', async () => {
    document.title = 'Buyurtmani rasmiylashtirish — Bozor';
    renderShop('/uz/checkout');
    await screen.findByRole('heading', { name: 'Savat' });
    await waitFor(() => expect(document.title).toBe('Savat — Bozor'));
  });

  it('a page the server did not title (the dev server) gets its title at once', async () => {
    renderShop('/ru/delivery');
    await waitFor(() => expect(document.title).toBe('Доставка — Bozor'));
  });
});

describe('a path with no language of the shop', () => {
  it('shows "not found" in the language chosen before, with the header, the footer and the search that help on', async () => {
    document.cookie = 'lang=ru; path=/';
    renderShop('/xx/catalog');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Страница не найдена');
    expect(screen.getByRole('searchbox', { name: 'Что вы ищете?' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Контакты');
    expect(screen.getByTestId('nav-catalog').getAttribute('href')).toBe('/ru/catalog');
    document.cookie = 'lang=; path=/; max-age=0';
  });
});
