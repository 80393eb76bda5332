// "Buy in 1 click" (issue 12): the product page's phone-only form signs a guest in with the sign-in calls
// (the puzzle solved when the API asks for one), places the one-click order and goes to its confirmation.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { $auth, GUEST_AUTH, clearCart, createApiClient, setApi, setLanguage, setOneClickBuyItem } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import { installFakeApi, type Call } from './fakeApi';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const json = (data: unknown, status = 200) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(data)) } as unknown as Response);

/** The catalogue fake plus the sign-in and one-click calls; `order` answers POST /api/orders/one-click;
 * `retryAfter`: the seconds the API asks to wait before a new code; `laterAsk`: the answer to the third
 * and later asks for a code, when not the usual one. */
function installShop(order: () => Promise<Response>, retryAfter = 60, laterAsk?: () => Promise<Response>) {
  const calls: Call[] = installFakeApi();
  const catalogue = globalThis.fetch;
  let otpAsks = 0;
  const fetch = ((input: string, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (url.endsWith('/api/auth/send-otp')) {
      calls.push({ method: 'POST', url, body, headers });
      // the first ask is answered with a puzzle, as the API does for a busy client
      const ask = otpAsks++;
      if (ask >= 2 && laterAsk) return laterAsk();
      return ask === 0
        ? json({ error: { code: 'CHALLENGE_REQUIRED', message: 'Solve it', challenge: { token: 'tok', bits: 4 } } }, 429)
        : json({ message: 'sent', retry_after: retryAfter });
    }
    if (url.endsWith('/api/auth/verify-otp')) {
      calls.push({ method: 'POST', url, body, headers });
      return (body as { otp: string }).otp === '12345' ? json({ access_token: 'tok-1', user: { id: 7, phone: '+998901234567' } }) : json({ error: { code: 'OTP_INVALID', message: 'Wrong code.' } }, 422);
    }
    if (url.endsWith('/api/orders/one-click')) {
      calls.push({ method: 'POST', url, body, headers });
      return order();
    }
    return catalogue(input, init);
  }) as unknown as typeof globalThis.fetch;
  globalThis.fetch = fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch }));
  return calls;
}

const placed = { order: { id: 1, number: 'BZ-100001', status: 'new', payment_method: 'cash', payment_status: 'pending', one_click: true, delivery: { type: 'phone', fee: 0, address: null, store: null }, receiver: { name: 'Dilnoza', surname: '', phone: '+998901234567' }, items: [], items_total: 100000, delivery_fee: 0, total: 100000, created_at: '2026-11-22T09:00:00Z' } };

async function openForm() {
  render(
    <MemoryRouter initialEntries={['/en/products/kettle-1']}>
      <Routes>
        <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  const button = await screen.findByTestId('buy-one-click');
  // as a tap or a key would: the button has the focus when it opens the form
  button.focus();
  fireEvent.click(button);
  return screen.findByTestId('one-click-dialog');
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

beforeEach(() => {
  clearCart();
  setOneClickBuyItem(null);
  setLanguage('en');
  $auth.set(GUEST_AUTH);
  sessionStorage.clear();
});

describe('Buy in 1 click', () => {
  it('a guest: name and phone, the code in the same form, signed in, the order placed, on to its confirmation', async () => {
    const calls = installShop(() => json(placed, 201));
    const dialog = await openForm();
    expect(within(dialog).getByTestId('one-click-item').textContent).toContain('Kettle 1 (white) × 1');

    fireEvent.click(within(dialog).getByTestId('one-click-send-code'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your name.');
    type(within(dialog).getByTestId('one-click-name'), 'Dilnoza');
    type(within(dialog).getByTestId('one-click-phone'), '90 123 45 6');
    fireEvent.click(within(dialog).getByTestId('one-click-send-code'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter an Uzbek mobile number: +998 and 9 digits.');
    type(within(dialog).getByTestId('one-click-phone'), '901234567');
    fireEvent.click(within(dialog).getByTestId('one-click-send-code'));

    await within(dialog).findByTestId('one-click-code');
    const asks = calls.filter((c) => c.url.endsWith('/send-otp'));
    expect(asks.map((c) => c.body)).toEqual([
      { phone: '+998901234567', user_type: 'individual' },
      { phone: '+998901234567', user_type: 'individual', puzzle: { token: 'tok', nonce: expect.any(String) } },
    ]);
    expect(within(dialog).getByTestId('one-click-countdown').textContent).toBe('Send again in 60 s');

    type(within(dialog).getByTestId('one-click-code'), '11111');
    fireEvent.click(within(dialog).getByTestId('one-click-confirm'));
    expect(await within(dialog).findByText('Wrong code.')).toBeTruthy();
    expect($auth.get().isAuthenticated).toBe(false);

    type(within(dialog).getByTestId('one-click-code'), '12345');
    fireEvent.click(within(dialog).getByTestId('one-click-confirm'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/checkout/confirmed?order=BZ-100001'));
    expect($auth.get()).toMatchObject({ isAuthenticated: true, token: 'tok-1', user: { phone: '+998901234567' } });
    const order = calls.find((c) => c.url.endsWith('/api/orders/one-click'))!;
    expect(order.body).toEqual({ product_id: 1, variant_id: 11, quantity: 1, name: 'Dilnoza' });
    expect(order.headers.Authorization).toBe('Bearer tok-1');
    expect(order.headers['Idempotency-Key']).toMatch(/^oc-/);
    expect(JSON.parse(sessionStorage.getItem('lastOrder') ?? 'null')).toMatchObject({ number: 'BZ-100001', one_click: true });
    expect(screen.queryByTestId('one-click-dialog')).toBeNull();
  });

  it('signed in: the account’s phone, one tap; a refusal is shown and the same attempt keeps its key', async () => {
    let answer = () => json({ error: { code: 'OUT_OF_STOCK', message: 'Not enough in stock: Kettle 1 (0).' } }, 409);
    const calls = installShop(() => answer());
    $auth.set({ isAuthenticated: true, token: 'tok-9', user: { phone: '+998907654321', name: 'Aziz' }, userType: 'individual' });
    const dialog = await openForm();
    expect(within(dialog).getByTestId('one-click-your-phone').textContent).toBe('We will call you at +998 90 765 43 21.');
    expect((within(dialog).getByTestId('one-click-name') as HTMLInputElement).value).toBe('Aziz');
    expect(within(dialog).queryByTestId('one-click-phone')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('one-click-order'));
    expect((await within(dialog).findByTestId('one-click-error')).textContent).toBe('Not enough in stock: Kettle 1 (0).');
    answer = () => json(placed, 201);
    fireEvent.click(within(dialog).getByTestId('one-click-order'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/checkout/confirmed?order=BZ-100001'));
    const keys = calls.filter((c) => c.url.endsWith('/api/orders/one-click')).map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(calls.some((c) => c.url.endsWith('/send-otp'))).toBe(false);
  });

  it('Escape closes the form and gives the focus back to the button', async () => {
    installShop(() => json(placed, 201));
    await openForm();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('one-click-dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('buy-one-click'));
  });

  it('a resend the API refuses says why on the code step, where the shopper is', async () => {
    installShop(() => json(placed, 201), 0, () => json({ error: { code: 'OTP_DAILY_LIMIT', message: 'Too many codes today for this number.' } }, 429));
    const dialog = await openForm();
    type(within(dialog).getByTestId('one-click-name'), 'Dilnoza');
    type(within(dialog).getByTestId('one-click-phone'), '901234567');
    fireEvent.click(within(dialog).getByTestId('one-click-send-code'));
    await within(dialog).findByTestId('one-click-code');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the code again' }));
    expect(await within(dialog).findByText('Too many codes today for this number.')).toBeTruthy();
    expect(within(dialog).getByTestId('one-click-code').getAttribute('aria-invalid')).toBe('true');
  });

  it('the code step takes the focus to the code field, after a resend too, and changing the number to the phone', async () => {
    installShop(() => json(placed, 201), 0);
    const dialog = await openForm();
    type(within(dialog).getByTestId('one-click-name'), 'Dilnoza');
    const phone = within(dialog).getByTestId('one-click-phone');
    type(phone, '901234567');
    // Enter in the phone field
    phone.focus();
    fireEvent.submit(phone.closest('form')!);
    const code = await within(dialog).findByTestId('one-click-code');
    await waitFor(() => expect(document.activeElement).toBe(code));

    const resend = within(dialog).getByRole('button', { name: 'Send the code again' });
    resend.focus();
    fireEvent.click(resend);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('one-click-code')));

    // a wrong code: its field keeps the focus, with the error
    type(within(dialog).getByTestId('one-click-code'), '11111');
    const confirm = within(dialog).getByTestId('one-click-confirm');
    confirm.focus();
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Wrong code.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByTestId('one-click-code'));

    const change = within(dialog).getByRole('button', { name: 'Change the number' });
    change.focus();
    fireEvent.click(change);
    expect(document.activeElement).toBe(within(dialog).getByTestId('one-click-phone'));

    // "Send code" by its button: it stays focusable while busy, then the code field has the focus
    const send = within(dialog).getByTestId('one-click-send-code');
    send.focus();
    fireEvent.click(send);
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(send);
    const again = await within(dialog).findByTestId('one-click-code');
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('a missing name takes the focus to the name field, as a wrong number does to the phone field', async () => {
    installShop(() => json(placed, 201));
    const dialog = await openForm();
    const send = within(dialog).getByTestId('one-click-send-code');
    send.focus();
    fireEvent.click(send);
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your name.');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('one-click-name')));
    // spaces are no name either
    type(within(dialog).getByTestId('one-click-name'), '   ');
    send.focus();
    fireEvent.click(send);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('one-click-name')));
    type(within(dialog).getByTestId('one-click-name'), 'Dilnoza');
    type(within(dialog).getByTestId('one-click-phone'), '90 123');
    send.focus();
    fireEvent.click(send);
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter an Uzbek mobile number: +998 and 9 digits.');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('one-click-phone')));
  });

  it('signed in, an emptied name takes the focus to its field', async () => {
    installShop(() => json(placed, 201));
    $auth.set({ isAuthenticated: true, token: 'tok-9', user: { phone: '+998907654321', name: 'Aziz' }, userType: 'individual' });
    const dialog = await openForm();
    type(within(dialog).getByTestId('one-click-name'), '');
    const order = within(dialog).getByTestId('one-click-order');
    order.focus();
    fireEvent.click(order);
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your name.');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('one-click-name')));
  });
});
