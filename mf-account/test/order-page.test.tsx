// One order's page and the list, as the shopper reads them after buying: which variant each line is, a card
// payment the bank is still checking (followed until it settles, and said in the list), the payment's own steps
// in the history, the focus after "Try again", and a page number past the end of the list.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $auth, GUEST_AUTH, createApiClient, formatDateTime, setApi, setLanguage } from '@bozor/shared';
import { renderAccount } from './renderAccount';

const reply = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) } as unknown as Response);

const base = {
  id: 15, number: 'BZ-100015', status: 'new', status_label: 'Received', payment_status: 'pending', payment_status_label: 'Awaiting payment', payment_method: 'cash',
  delivery: { type: 'pickup', fee: 0, address: null, store: { name: 'Bozor Yunusabad', address: 'Amir Temur 1' } },
  receiver: { name: 'Dilnoza', surname: 'Karimova', phone: '+998935557101' },
  items: [{ product_id: 30, variant_id: 21, sku: 'BHD307-B', name: 'Philips BHD307 hair dryer 2000 W', attributes: [] as { name: string; value: string }[], price: 906000, quantity: 1, total: 906000 }],
  items_total: 906000, delivery_fee: 0, total: 906000, created_at: '2026-11-26T06:09:35.000Z',
  statuses: [{ status: 'new', label: 'Received', payment_status: 'pending', payment_status_label: 'Awaiting payment', at: '2026-11-26T06:09:35.000Z' }],
};
type Order = typeof base;

/** What the fake API answers now: one order's page, and the list. */
let current: Order;
let listPage: { data: Order[]; meta: { total: number; page: number; per_page: number; last_page: number } };
let detailFailures = 0;
const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  detailFailures = 0;
  current = base;
  listPage = { data: [base], meta: { total: 1, page: 1, per_page: 10, last_page: 1 } };
  setLanguage('en');
  $auth.set({ isAuthenticated: true, token: 't', user: { id: 3, phone: '+998935557101' }, userType: 'individual' });
  const fetch = (url: string) => {
    requested.push(url);
    if (url.startsWith('/api/orders?')) return reply(200, listPage);
    if (url === `/api/orders/${current.number}`) {
      if (detailFailures-- > 0) return reply(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try later.' } });
      return reply(200, { order: current });
    }
    return reply(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  };
  setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
});

afterEach(() => {
  jest.useRealTimers();
  $auth.set(GUEST_AUTH);
});

const app = renderAccount;

describe('order lines', () => {
  it('say which variant was bought: two colours of one product are two different lines (ru)', async () => {
    setLanguage('ru');
    const line = base.items[0]!;
    current = {
      ...base,
      items: [
        { ...line, variant_id: 21, sku: 'BHD307-B', name: 'Фен Philips BHD307 2000 Вт', attributes: [{ name: 'Цвет', value: 'чёрный' }] },
        { ...line, variant_id: 22, sku: 'BHD307-P', name: 'Фен Philips BHD307 2000 Вт', attributes: [{ name: 'Цвет', value: 'розовый' }] },
        { ...line, product_id: 31, variant_id: 40, sku: 'BED-S', name: 'Комплект постельного белья', attributes: [{ name: 'Размер', value: '1,5-спальный' }, { name: 'Цвет', value: 'бежевый' }] },
        { ...line, product_id: 12, variant_id: 5, sku: 'KETTLE', name: 'Чайник', attributes: [] },
      ],
    };
    const duplicateKey = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    app('/en/account/orders?order=BZ-100015');
    const lines = await screen.findAllByTestId('order-item');
    expect(lines.map((l) => l.querySelector('[data-testid="order-item-options"]')?.textContent ?? null)).toEqual(['чёрный', 'розовый', '1,5-спальный, бежевый', null]);
    expect(lines[0]!.textContent).toContain('Фен Philips BHD307 2000 Вт');
    // React is told nothing about two children with one key
    expect(duplicateKey.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([]);
    duplicateKey.mockRestore();
  });
});

describe('a card payment being checked', () => {
  const checking: Order = {
    ...base,
    payment_method: 'card',
    payment_status: 'checking',
    payment_status_label: 'Checking the payment',
    statuses: [
      { status: 'new', label: 'Received', payment_status: 'pending', payment_status_label: 'Awaiting payment', at: '2026-11-26T06:09:35.000Z' },
      { status: 'new', label: 'Received', payment_status: 'checking', payment_status_label: 'Checking the payment', at: '2026-11-26T06:09:50.000Z' },
    ],
  };
  const paid: Order = {
    ...checking,
    payment_status: 'paid',
    payment_status_label: 'Paid',
    statuses: [...checking.statuses, { status: 'new', label: 'Received', payment_status: 'paid', payment_status_label: 'Paid', at: '2026-11-26T06:10:06.000Z' }],
  };

  it('is followed on the order’s page until it settles, which the history then shows with its time', async () => {
    jest.useFakeTimers();
    current = checking;
    app('/en/account/orders?order=BZ-100015');
    const payment = await screen.findByTestId('order-payment');
    expect(payment.textContent).toBe('Card — checking the paymentWe are checking the payment with the bank. This page updates by itself.');
    expect(payment.getAttribute('aria-live')).toBe('polite');
    // still checking at the next look: asked again
    await act(async () => void jest.advanceTimersByTime(4000));
    expect(requested.filter((u) => u === '/api/orders/BZ-100015')).toHaveLength(2);
    current = paid;
    await act(async () => void jest.advanceTimersByTime(4000));
    await waitFor(() => expect(screen.getByTestId('order-payment').textContent).toBe('Card — paid'));
    const history = within(screen.getByTestId('order-history')).getAllByRole('listitem').map((li) => li.textContent);
    const at = (iso: string) => formatDateTime(iso, 'en');
    expect(history).toEqual([`Received ${at('2026-11-26T06:09:35.000Z')}`, `Checking the payment ${at('2026-11-26T06:09:50.000Z')}`, `Paid ${at('2026-11-26T06:10:06.000Z')}`]);
    // settled: nothing more is asked
    const asked = requested.length;
    await act(async () => void jest.advanceTimersByTime(20000));
    expect(requested).toHaveLength(asked);
  });

  it('is said in the list, as a failed one is', async () => {
    listPage = { data: [checking, { ...paid, id: 16, number: 'BZ-100016' }], meta: { total: 2, page: 1, per_page: 10, last_page: 1 } };
    app('/en/account/orders');
    const [row, settled] = await screen.findAllByTestId('order-row');
    expect(row!.textContent).toContain('Status: Received — Checking the payment');
    expect(settled!.textContent).toContain('Status: Received');
    expect(settled!.textContent).not.toContain('Paid');
  });

  it('is followed in the list too, until no row is being checked; the row keeps the focus, and leaving the list stops it', async () => {
    jest.useFakeTimers();
    const other = { ...paid, id: 16, number: 'BZ-100016' };
    listPage = { data: [checking, other], meta: { total: 2, page: 1, per_page: 10, last_page: 1 } };
    const { unmount } = app('/en/account/orders');
    const link = await screen.findByRole('link', { name: 'Order BZ-100015' });
    act(() => link.focus());
    const listAsked = () => requested.filter((u) => u.startsWith('/api/orders?')).length;
    expect(listAsked()).toBe(1);
    // still checking at the next look: asked again
    await act(async () => void jest.advanceTimersByTime(4000));
    expect(listAsked()).toBe(2);
    expect(screen.getAllByTestId('order-row')[0]!.textContent).toContain('Status: Received — Checking the payment');
    listPage = { ...listPage, data: [paid, other] };
    await act(async () => void jest.advanceTimersByTime(4000));
    await waitFor(() => expect(screen.getAllByTestId('order-row')[0]!.textContent).not.toContain('Checking the payment'));
    expect(screen.getAllByTestId('order-row')[0]!.textContent).toContain('Status: Received');
    // the shopper's place in the list is kept
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Order BZ-100015' }));
    // settled: nothing more is asked
    await act(async () => void jest.advanceTimersByTime(20000));
    expect(listAsked()).toBe(3);

    // a list left while a row is being checked asks nothing more
    unmount();
    listPage = { ...listPage, data: [checking, other] };
    const again = app('/en/account/orders');
    await screen.findByRole('link', { name: 'Order BZ-100015' });
    expect(listAsked()).toBe(4);
    again.unmount();
    await act(async () => void jest.advanceTimersByTime(20000));
    expect(listAsked()).toBe(4);
  });

  it('a history says a payment change in words, also next to a status change (uz)', async () => {
    setLanguage('uz');
    current = {
      ...base,
      payment_method: 'card',
      statuses: [
        { status: 'new', label: 'Qabul qilindi', payment_status: 'paid', payment_status_label: 'Toʻlangan', at: '2026-11-26T06:09:35.000Z' },
        { status: 'confirmed', label: 'Tasdiqlandi', payment_status: 'paid', payment_status_label: 'Toʻlangan', at: '2026-11-26T07:00:00.000Z' },
        { status: 'cancelled', label: 'Bekor qilindi', payment_status: 'refund_pending', payment_status_label: 'Pul qaytarilmoqda', at: '2026-11-26T08:00:00.000Z' },
        { status: 'cancelled', label: 'Bekor qilindi', payment_status: 'refunded', payment_status_label: 'Pul qaytarildi', at: '2026-11-26T09:00:00.000Z' },
      ],
    };
    app('/en/account/orders?order=BZ-100015');
    const history = await screen.findByTestId('order-history');
    expect(within(history).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Qabul qilindi — Toʻlangan',
      'Tasdiqlandi',
      'Bekor qilindi — Pul qaytarilmoqda',
      'Pul qaytarildi',
    ]);
  });
});

it('after "Try again" brings the order, its heading has the focus, not the page’s body (ru)', async () => {
  setLanguage('ru');
  detailFailures = 1;
  app('/en/account/orders?order=BZ-100015');
  const retry = await screen.findByRole('button', { name: 'Повторить' });
  retry.focus();
  fireEvent.click(retry);
  const heading = await screen.findByTestId('order-number');
  await waitFor(() => expect(document.activeElement).toBe(heading));
});

it('a page number past the end of the list says so and leads to the last page, not "no orders yet" (uz)', async () => {
  setLanguage('uz');
  listPage = { data: [], meta: { total: 11, page: 99, per_page: 10, last_page: 2 } };
  app('/en/account/orders?page=99');
  expect((await screen.findByTestId('orders-past-end')).textContent).toBe('99-sahifa yoʻq: buyurtmalaringiz 2-sahifada tugaydi.');
  expect(screen.queryByTestId('orders-empty')).toBeNull();
  expect(screen.getByRole('link', { name: 'Oxirgi sahifaga oʻtish' }).getAttribute('href')).toBe('/en/account/orders?page=2');
});

describe('a refund under way', () => {
  const cancelled = (refund: { text: string; due_at: string | null; overdue: boolean } | null): Order =>
    ({
      ...base,
      status: 'cancelled',
      status_label: 'Cancelled',
      payment_method: 'payme',
      payment_status: 'refund_pending',
      payment_status_label: 'Refund in progress',
      refund,
    }) as Order;

  it('says who returns the money and by when, not only "refund in progress"', async () => {
    const text = 'The shop returns the money through Payme to the card you paid with, within 24 hours of the cancellation.';
    current = cancelled({ text, due_at: '2026-11-27T06:09:35.000Z', overdue: false });
    app('/en/account/orders?order=BZ-100015');
    const refund = await screen.findByTestId('order-refund');
    expect(refund.textContent).toBe(`${text} Expected by ${formatDateTime('2026-11-27T06:09:35.000Z', 'en')}.`);
    expect(within(screen.getByTestId('order-payment')).getByTestId('order-refund')).toBe(refund);
  });

  it('a late refund is said as the API words it, without a date already past', async () => {
    current = cancelled({ text: 'The refund is late: the shop was to make it through Payme within 24 hours of the cancellation.', due_at: '2026-11-27T06:09:35.000Z', overdue: true });
    app('/en/account/orders?order=BZ-100015');
    expect((await screen.findByTestId('order-refund')).textContent).toBe('The refund is late: the shop was to make it through Payme within 24 hours of the cancellation.');
  });

  it('nothing is said of a refund when none is under way', async () => {
    current = cancelled(null);
    app('/en/account/orders?order=BZ-100015');
    await screen.findByTestId('order-payment');
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });
});
