/** @jest-environment jsdom */
// In-app navigation as a shopper meets it, where the focus goes after a link, the language switch or a
// search (the whole shell with stand-in remotes, support/stand-in-shop.tsx).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

jest.mock('../src/remotes/runtime', () => ({
  IncompatibleRemoteError: class extends Error {},
  loadExposed: jest.fn((remote: string, expose: string) => mockLoad(remote, expose)),
  refreshRemote: jest.fn(async () => undefined),
  preloadRoute: jest.fn(),
}));
jest.mock('../src/report', () => ({ reportClientError: jest.fn() }));

import { deferred, mockLoad, pending, renderShop, resetShop, shopperScrollsTo } from './support/stand-in-shop';

beforeEach(resetShop);
afterEach(() => jest.restoreAllMocks());

describe('the focus after a link inside the shop', () => {
  it('a followed link that the new page replaced gives the focus to the new page’s heading, once it has come', async () => {
    const list = deferred();
    pending.listAnswer = list.promise;
    renderShop('/ru/catalog');
    act(() => list.resolve());
    const card = await screen.findByRole('link', { name: 'card 3' });
    card.focus();
    fireEvent.click(card);
    const heading = await screen.findByRole('heading', { level: 1, name: 'A product' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('a footer link followed by keyboard gives the new page’s heading the focus, not the footer link left off-screen', async () => {
    renderShop('/uz/catalog');
    await screen.findByRole('heading', { level: 1, name: /Каталог/ });
    shopperScrollsTo(4000);
    const footerLink = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Yetkazib berish' });
    // Enter on a focused link is its click
    footerLink.focus();
    fireEvent.click(footerLink);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Yetkazib berish' });
    // the footer stays rendered, with its link
    expect(footerLink.isConnected).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // the page is at its top, where its heading is
    expect(window.scrollY).toBe(0);
  });

  it('a header menu link followed gives the new page’s heading the focus', async () => {
    renderShop('/ru/products/card-1');
    await screen.findByRole('heading', { level: 1, name: 'A product' });
    const menuLink = screen.getByTestId('nav-catalog');
    menuLink.focus();
    fireEvent.click(menuLink);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Каталог, page 1' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('the language switch keeps the focus: the same page, in another language', async () => {
    renderShop('/ru/catalog');
    await screen.findByRole('heading', { level: 1, name: /Каталог/ });
    const uz = screen.getByTestId('lang-uz');
    uz.focus();
    fireEvent.click(uz);
    await waitFor(() => expect(screen.getByTestId('lang-uz').getAttribute('aria-current')).toBe('true'));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByTestId('lang-uz'));
  });

  it('a focus kept elsewhere on the page (the header’s search box) is left where it is', async () => {
    renderShop('/uz/catalog');
    await screen.findByRole('heading', { level: 1, name: /Каталог/ });
    const box = await screen.findByRole('searchbox', { name: 'Qidiruv' });
    box.focus();
    fireEvent.change(box, { target: { value: 'choynak' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByRole('heading', { level: 1, name: 'Qidiruv natijalari' });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(box);
  });
});
