// The confirmation page when the order cannot be read: a guest (back from Payme's or Click's app in a browser
// that is not signed in, or a session that ended) is asked to sign in with the checkout's sign-in card, and the
// order opens by itself once they have; another account's order (404) is said to be none of this account's,
// with My orders and the catalogue; only a network failure or a 5xx offers "Try again", which leaves the
// keyboard focus on the page's heading, not on the body.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { $auth, $signInOpen, GUEST_AUTH, closeSignIn, completeSignIn, setLanguage } from '@bozor/shared';
import CheckoutRoutes from '../src/routes';
import { fakeResponse as json, signedInAtPayment } from './paymentFixture';

const NUMBER = 'BZ-100011';
const ORDER = {
  id: 11, number: NUMBER, status: 'new', payment_status: 'paid', payment_method: 'payme',
  delivery: { type: 'pickup', fee: 0, store: { name: 'Bozor Chilonzor', address: 'Bunyodkor 1' } },
  receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' },
  items: [{ product_id: 7, name: 'Kettle', price: 100, quantity: 2, total: 200 }],
  items_total: 200, delivery_fee: 0, total: 200, created_at: '2026-05-01T10:00:00Z',
};

/** What GET /api/orders/{number} answers now, given the token it was sent with. */
let orderReply: (token: string | undefined) => Promise<Response>;
let orderRequests = 0;

beforeEach(() => {
  orderRequests = 0;
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} }, 'cash', (url, init) => {
    if (url === '/api/auth/user') return json(200, { user: { id: 7, phone: '+998901234567', name: 'Aziz', user_type: 'individual' } });
    if (url === `/api/orders/${NUMBER}`) {
      orderRequests++;
      return orderReply((init.headers as Record<string, string>).Authorization);
    }
    return json(404, {});
  });
  $signInOpen.set(false);
});

const open = (lang: string) =>
  render(
    <MemoryRouter initialEntries={[`/${lang}/checkout/confirmed?order=${NUMBER}`]}>
      <Routes>
        <Route path={`/${lang}/*`} element={<CheckoutRoutes basePath={`/${lang}`} />} />
      </Routes>
    </MemoryRouter>,
  );

const h1 = () => screen.getByRole('heading', { level: 1 });
const focused = () => document.activeElement;

/** The shell's sign-in dialog: the code is verified, the account loaded, the dialog closed. */
const signIn = () =>
  act(async () => {
    await completeSignIn('token-0123456789abcdef0123');
    closeSignIn();
  });

it.each([
  ['en', 'Sign in to see your order', `Order ${NUMBER} is kept in your account. Sign in with the phone number you placed it with, and the order opens here.`, 'Sign in'],
  ['ru', 'Войдите, чтобы увидеть заказ', `Заказ ${NUMBER} хранится в вашем аккаунте. Войдите по номеру телефона, с которым оформляли заказ, — и заказ откроется здесь.`, 'Войти'],
  ['uz', 'Buyurtmani koʻrish uchun tizimga kiring', `${NUMBER} buyurtmasi hisobingizda saqlanadi. Buyurtma bergan telefon raqamingiz bilan kiring — buyurtma shu yerda ochiladi.`, 'Kirish'],
] as const)('a guest back from Payme (%s) is asked to sign in, and the order opens by itself once they have, its heading focused', async (lang, title, text, button) => {
  setLanguage(lang);
  $auth.set(GUEST_AUTH);
  orderReply = (token) => (token ? json(200, { order: ORDER }) : json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }));
  open(lang);
  const card = await screen.findByTestId('sign-in-card');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
  expect(card.textContent).toContain(text);
  const signInButton = screen.getByTestId('checkout-sign-in-button');
  expect(signInButton.textContent).toBe(button);
  expect(screen.queryByRole('button', { name: /Try again|Повторить|Qayta urinish/ })).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  // the button opens the shell's sign-in dialog
  signInButton.focus();
  fireEvent.click(signInButton);
  expect($signInOpen.get()).toBe(true);

  await signIn();
  expect((await screen.findByTestId('confirmed-number')).textContent).toBe(NUMBER);
  expect(screen.queryByTestId('sign-in-card')).toBeNull();
  // the card's button is gone: the focus is on the heading, not on the body
  await waitFor(() => expect(focused()).toBe(h1()));
});

it('a session that ended (401 with a token) signs the shopper out and asks to sign in, not "Try again"', async () => {
  orderReply = () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
  open('en');
  await screen.findByTestId('sign-in-card');
  expect($auth.get().isAuthenticated).toBe(false);
  expect(screen.queryByText('Could not load the data.')).toBeNull();
  expect(screen.queryByText('Try again')).toBeNull();
});

it.each([
  ['en', `Order ${NUMBER} is not among the orders of this account. It may have been placed from another account (with another phone number).`, 'My orders', 'Go to the catalogue'],
  ['ru', `Заказа ${NUMBER} нет среди заказов этого аккаунта. Возможно, он оформлен в другом аккаунте (с другим номером телефона).`, 'Мои заказы', 'Перейти в каталог'],
  ['uz', `${NUMBER} buyurtmasi bu hisobning buyurtmalari orasida yoʻq. Ehtimol, u boshqa hisobdan (boshqa telefon raqami bilan) berilgan.`, 'Mening buyurtmalarim', 'Katalogga oʻtish'],
] as const)('another account’s order (404, %s): "not among this account’s orders" with My orders and the catalogue, no Try again', async (lang, text, myOrders, catalog) => {
  setLanguage(lang);
  orderReply = () => json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  open(lang);
  const message = await screen.findByTestId('confirmed-not-found');
  expect(message.querySelector('p')?.textContent).toBe(text);
  expect(screen.getByRole('link', { name: myOrders }).getAttribute('href')).toBe(`/${lang}/account/orders`);
  expect(screen.getByRole('link', { name: catalog }).getAttribute('href')).toBe(`/${lang}/catalog`);
  expect(screen.queryByTestId('confirmed-retry')).toBeNull();
  expect(screen.queryByTestId('sign-in-card')).toBeNull();
  expect(orderRequests).toBe(1);
});

it.each([
  ['a 5xx', () => json(503, { error: { code: 'UNAVAILABLE', message: 'Try later' } })],
  ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
])('%s: "Could not load the data" with Try again, which keeps the focus on the page (the heading) and then shows the order', async (_name, failure) => {
  orderReply = failure;
  open('en');
  const retry = await screen.findByTestId('confirmed-retry');
  expect(screen.getByText('Could not load the data.')).toBeTruthy();
  expect(retry.textContent).toBe('Try again');
  expect(screen.queryByTestId('sign-in-card')).toBeNull();

  let answer!: (response: Response) => void;
  orderReply = () => new Promise<Response>((resolve) => (answer = resolve));
  retry.focus();
  fireEvent.click(retry);
  // the button gave way to the loading line: the focus is on the heading, not dropped to the body
  await waitFor(() => expect(screen.queryByTestId('confirmed-retry')).toBeNull());
  await waitFor(() => expect(focused()).toBe(h1()));
  expect(focused()).not.toBe(document.body);

  await act(async () => answer(await json(200, { order: ORDER })));
  expect((await screen.findByTestId('confirmed-number')).textContent).toBe(NUMBER);
  expect(focused()).toBe(h1());
});
