// The account's own "My cards" and "notify me" alerts: seen and removed without a cart or a checkout, one
// request per removal however fast the taps, the focus kept in place, in the page's language.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { $auth, $language, GUEST_AUTH, createApiClient, setApi, setLanguage } from '@bozor/shared';
import AccountRoutes from '../src/routes';

const reply = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) } as unknown as Response);

const CARDS = [
  { id: 4, number: '860000******0007', expire: '03/99', type: 'Uzcard', verified: true },
  { id: 6, number: '860049******6478', expire: '03/99', type: 'Uzcard', verified: true },
];
const ALERTS = [
  { variant_id: 22, product_id: 30, product_slug: 'philips-bhd307', created_at: '2026-11-26T06:00:00.000Z' },
  { variant_id: 5, product_id: 12, product_slug: 'tefal-ko2576', created_at: '2026-11-25T06:00:00.000Z' },
];
const card = (id: number, name: string, slug: string, variants_count: number) => ({ id, name, slug, variants_count, img_url: null, price: 1, in_stock: false });
const option = (label: string) => ({ code: 'color', name: 'Color', value: label, label });

let cards: typeof CARDS;
let alerts: typeof ALERTS;
let cardDelete: () => Promise<Response>;
let cardsDown = 0;
const calls: { method: string; url: string }[] = [];
/** Holds a DELETE's answer until the test has tapped again meanwhile. */
let release: () => void;

beforeEach(() => {
  calls.length = 0;
  cards = [...CARDS];
  alerts = [...ALERTS];
  cardDelete = () => reply(200, { removed: true });
  cardsDown = 0;
  const held = new Promise<void>((resolve) => (release = resolve));
  setLanguage('en');
  $auth.set({ isAuthenticated: true, token: 't', user: { id: 3, phone: '998935557101', name: 'Dilnoza' }, userType: 'individual' });
  const fetch = (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (url === '/api/payments/cards') return cardsDown-- > 0 ? reply(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Later.' } }) : reply(200, { data: cards });
    if (method === 'DELETE' && url.startsWith('/api/payments/cards/')) return held.then(cardDelete);
    if (url === '/api/profile/stock-alerts') return reply(200, { data: alerts });
    if (method === 'DELETE' && url.startsWith('/api/profile/stock-alerts?')) return held.then(() => reply(200, { deleted: true }));
    if (url === '/api/products/cards?ids=30,12') {
      const lang = (init.headers as Record<string, string>)['X-LANG'];
      return reply(200, { data: [card(30, lang === 'ru' ? 'Фен Philips BHD307' : 'Philips BHD307 hair dryer', 'philips-bhd307', 2), card(12, 'Tefal KO2576 kettle', 'tefal-ko2576', 1)] });
    }
    if (url === '/backend/api/ext/v1/resources/product/philips-bhd307')
      return reply(200, { product: { id: 30, variants: [{ id: 21, options: [option('black')] }, { id: 22, options: [option('pink')] }] } });
    return reply(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  };
  setApi(createApiClient({ getLang: () => $language.get(), getToken: () => 't', getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
});

afterEach(() => $auth.set(GUEST_AUTH));

const app = () =>
  render(
    <MemoryRouter initialEntries={['/en/account']}>
      <Routes>
        <Route path="/en/*" element={<AccountRoutes basePath="/en" />} />
      </Routes>
    </MemoryRouter>,
  );

describe('My cards', () => {
  it('lists the saved cards; "Remove" asks first, and a double tap on "Yes" sends one request and shows no error', async () => {
    app();
    const section = screen.getByTestId('saved-cards');
    expect(within(section).getByRole('heading', { name: 'My cards' })).toBeTruthy();
    const rows = await within(section).findAllByTestId('saved-card');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual(['860000******0007', '860049******6478']);
    expect(rows[0]!.textContent).toContain('Uzcard · 03/99');

    fireEvent.click(within(section).getByRole('button', { name: 'Remove the card 860000******0007' }));
    expect(within(section).getByRole('group', { name: 'Remove the card 860000******0007?' })).toBeTruthy();
    // "No" first: a second Enter keeps the card
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'No, keep it' })));

    const yes = within(section).getByRole('button', { name: 'Yes, remove' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    release();
    expect(await within(section).findByText('Card 860000******0007 removed')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/payments/cards/4' }]);
    expect(within(section).getAllByTestId('saved-card')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    // the focus goes to the card that took its place, not to the page's body
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Remove the card 860049******6478' })));
  });

  it('a card removed elsewhere meanwhile (404) is gone all the same, without an error (ru)', async () => {
    setLanguage('ru');
    cards = [CARDS[0]!];
    cardDelete = () => reply(404, { error: { code: 'NOT_FOUND', message: 'Не найдено.' } });
    app();
    const section = screen.getByTestId('saved-cards');
    fireEvent.click(await within(section).findByRole('button', { name: 'Удалить карту 860000******0007' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Да, удалить' }));
    release();
    expect(await within(section).findByText('Карта 860000******0007 удалена')).toBeTruthy();
    expect(screen.queryByText('Не найдено.')).toBeNull();
    expect(within(section).getByTestId('cards-none').textContent).toBe('Сохранённых карт нет. Карту можно добавить при оплате заказа картой.');
    // no card left: the section's heading has the focus
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'Мои карты' })));
  });

  it('a list that failed to load offers "Try again", which keeps the focus in the section', async () => {
    cardsDown = 1;
    app();
    const section = screen.getByTestId('saved-cards');
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    expect(within(section).getByRole('alert').textContent).toContain('Could not load the data.');
    retry.focus();
    fireEvent.click(retry);
    expect(await within(section).findAllByTestId('saved-card')).toHaveLength(2);
    expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'My cards' }));
  });

  it('says when there are no saved cards (uz)', async () => {
    setLanguage('uz');
    cards = [];
    app();
    expect((await screen.findByTestId('cards-none')).textContent).toBe('Saqlangan kartalar yoʻq. Kartani buyurtma uchun karta orqali toʻlashda qoʻshish mumkin.');
  });
});

describe('Back-in-stock alerts', () => {
  it('names each product and, for a product with several variants, the option waited for; cancelling sends one request', async () => {
    app();
    const section = screen.getByTestId('stock-alerts');
    expect(within(section).getByRole('heading', { name: 'Back-in-stock alerts' })).toBeTruthy();
    const rows = await within(section).findAllByTestId('stock-alert');
    expect(rows.map((r) => r.querySelector('a')?.textContent)).toEqual(['Philips BHD307 hair dryer', 'Tefal KO2576 kettle']);
    expect(rows[0]!.querySelector('[data-testid="stock-alert-options"]')?.textContent).toBe('pink');
    expect(rows[1]!.querySelector('[data-testid="stock-alert-options"]')).toBeNull();
    // the product page opens on the variant waited for
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe('/en/products/philips-bhd307?variant=22');
    // only the product with several variants is read in full
    expect(calls.filter((c) => c.url.startsWith('/backend/'))).toEqual([{ method: 'GET', url: '/backend/api/ext/v1/resources/product/philips-bhd307' }]);

    const cancel = within(section).getByRole('button', { name: "Don't notify me about Philips BHD307 hair dryer (pink)" });
    cancel.focus();
    fireEvent.click(cancel);
    fireEvent.click(cancel);
    release();
    expect(await within(section).findByText("We won't text you about Philips BHD307 hair dryer (pink).")).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/profile/stock-alerts?variant_id=22' }]);
    expect(within(section).getAllByTestId('stock-alert')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('button', { name: "Don't notify me about Tefal KO2576 kettle" })));
  });

  it('says when nothing is waited for (ru)', async () => {
    setLanguage('ru');
    alerts = [];
    app();
    expect((await screen.findByTestId('alerts-none')).textContent).toBe('Вы не ждёте ни одного товара.');
    expect(calls.filter((c) => c.url.startsWith('/api/products/cards'))).toEqual([]);
  });
});
