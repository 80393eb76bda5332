// The confirmation page: every placed order lands on `?order=<number>`, so a reload or a language switch
// still shows its details; a Payme/Click order not paid yet (the shopper cancelled on the provider's page)
// does not claim success and offers to pay, and turns into the paid confirmation once the payment comes.
// The shop's pickup note ("pay in store by cash or card") is for an order still to be paid there only.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setLanguage } from '@bozor/shared';
import CheckoutRoutes from '../src/routes';
import { fakeResponse as json, signedInAtPayment } from './paymentFixture';

const LINE = { product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100, slug: 'kettle', attributes: { variant_id: 31 } };
const PICKUP = { type: 'pickup', fee: 0, store: { name: 'Bozor Chilonzor', address: 'Bunyodkor 1' } };
const RECEIVER = { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' };
/** The order as GET /api/orders/{number} answers it (the item's name in the language asked for). */
const detail = (number: string, lang: string, extra: Record<string, unknown> = {}) => ({
  order: {
    id: 1, number, status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: PICKUP, receiver: RECEIVER,
    items: [{ product_id: 7, name: lang === 'ru' ? 'Чайник' : 'Kettle', price: 100, quantity: 2, total: 200 }],
    items_total: 200, delivery_fee: 0, total: 200, created_at: '2026-05-01T10:00:00Z', ...extra,
  },
});

/** The shop's pickup note, as the back office sets it (api/src/seed/shop.ts), in the language asked for. */
const PICKUP_NOTE: Record<string, string> = {
  en: 'We text you when the order is ready. Pay in store by cash or card.',
  ru: 'Пришлём SMS, когда заказ будет готов. В магазине можно оплатить наличными или картой.',
  uz: 'Buyurtma tayyor boʻlgach SMS yuboramiz. Doʻkonda naqd yoki karta bilan toʻlash mumkin.',
};
const settings = (lang: string) => ({
  delivery_sum: 25000, free_delivery_threshold: 1000000, default_region: 'tashkent',
  regions: [{ slug: 'tashkent', name: 'Tashkent', cities: [], days: '1–2', express_available: true }],
  express: { regions: ['tashkent'], note: '' }, pickup: { fee: 0, note: PICKUP_NOTE[lang] ?? '' }, payment_methods: ['cash', 'card', 'payme', 'click'],
});

let orderAnswers: Record<string, (lang: string) => unknown>;
let here = '';

beforeEach(() => {
  orderAnswers = {};
  signedInAtPayment(LINE, 'cash', (url, init) => {
    if (url === '/api/payments/cards') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 200, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 200 } });
    if (url === '/api/settings/delivery') return json(200, { data: settings((init.headers as Record<string, string>)['X-LANG'] ?? '') });
    if (url === '/api/store/stores') return json(200, { data: [] });
    if (url === '/api/orders/') return json(201, { order: { number: 'BZ-100003', status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: PICKUP, receiver: RECEIVER, total: 200 } });
    const answer = orderAnswers[url];
    return answer ? json(200, answer((init.headers as Record<string, string>)['X-LANG'] ?? '')) : json(404, {});
  });
});

afterEach(() => jest.useRealTimers());

/** Where the page is now (what the address bar would show). */
function Here() {
  const location = useLocation();
  here = location.pathname + location.search;
  return null;
}

/** The shop at `path` (any language), as after typing the address or reloading the page. */
const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {['en', 'ru', 'uz'].map((lang) => (
          <Route key={lang} path={`/${lang}/*`} element={<CheckoutRoutes basePath={`/${lang}`} />} />
        ))}
      </Routes>
      <Here />
    </MemoryRouter>,
  );

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;

it('a cash order lands on ?order=, and after a reload and a switch to Russian the page still shows the order', async () => {
  orderAnswers['/api/orders/BZ-100003'] = (lang) => detail('BZ-100003', lang);
  const page = open('/en/checkout/payment');
  fireEvent.click(await screen.findByTestId('place-order'));
  await screen.findByTestId('confirmed-items');
  expect(here).toBe('/en/checkout/confirmed?order=BZ-100003');
  page.unmount();

  // a reload (the page taken over from the server's HTML, which has no copy of the order): the address is enough
  sessionStorage.clear();
  const reloaded = open(here);
  expect(await screen.findByTestId('confirmed-items')).toBeTruthy();
  expect(h1()).toBe('Order confirmed!');
  expect(screen.getByTestId('confirmed-number').textContent).toBe('BZ-100003');
  reloaded.unmount();

  // the language switch keeps the path and the query; the order is asked for again in Russian
  setLanguage('ru');
  open(here.replace('/en/', '/ru/'));
  expect(await within(await screen.findByTestId('confirmed-items')).findByText('Чайник')).toBeTruthy();
  expect(h1()).toBe('Заказ подтверждён!');
  expect(screen.getByTestId('confirmed-number').textContent).toBe('BZ-100003');
  expect(screen.getByTestId('confirmed-delivery').textContent).toBe('Самовывоз из магазина, Bozor Chilonzor (Bunyodkor 1)');
  expect(screen.getByTestId('confirmed-payment').textContent).toBe('Оплата при получении');
  expect(screen.getByTestId('confirmed-receiver').textContent).toBe('Aziz Rahimov, +998 90 123 45 67');
});

it('Cancel on Payme\'s page: says no payment has arrived and points to Pay now, never that one is being confirmed (en, ru)', async () => {
  const payUrl = '/api/sandbox/payme?order=BZ-100005';
  orderAnswers['/api/orders/BZ-100005'] = (lang) => detail('BZ-100005', lang, { payment_method: 'payme', payment_status: 'pending', pay_url: payUrl });
  const page = open('/en/checkout/confirmed?order=BZ-100005');
  await screen.findByTestId('confirmed-pay');
  const note = screen.getByTestId('confirmed-checking');
  expect(note.textContent).toBe('No payment has arrived for this order yet. If you have just paid, this page updates by itself; if not, pay with “Pay now”.');
  expect(note.textContent).not.toContain('confirmed');
  page.unmount();

  setLanguage('ru');
  open('/ru/checkout/confirmed?order=BZ-100005');
  await screen.findByTestId('confirmed-pay');
  expect(screen.getByTestId('confirmed-checking').textContent).toBe('Оплата по этому заказу пока не поступила. Если вы только что оплатили, страница обновится сама; если нет, оплатите кнопкой «Оплатить сейчас».');
});

it('back from Payme without paying: "not paid yet" with Pay now and the not-paid note; once paid, the confirmation (uz)', async () => {
  jest.useFakeTimers();
  setLanguage('uz');
  const tabNames: string[] = [];
  const onName = (e: Event) => tabNames.push((e as CustomEvent<{ name: string }>).detail.name);
  document.addEventListener('bz:page-name', onName);
  const payUrl = '/api/sandbox/payme?order=BZ-100004';
  let paid = false;
  orderAnswers['/api/orders/BZ-100004'] = (lang) =>
    detail('BZ-100004', lang, paid ? { payment_method: 'payme', payment_status: 'paid' } : { payment_method: 'payme', payment_status: 'pending', pay_url: payUrl });
  open('/uz/checkout/confirmed?order=BZ-100004');
  expect((await screen.findByTestId('confirmed-payment')).textContent).toBe('Payme — toʻlanmagan');
  expect(h1()).toBe('Buyurtma rasmiylashtirildi — hali toʻlanmagan');
  expect(screen.getByTestId('confirmed-lead').textContent).toBe('Buyurtmani yakunlash uchun uni toʻlang.');
  expect(screen.queryByText('Buyurtma tasdiqlandi!')).toBeNull();
  expect(screen.queryByText('Buyurtmangiz uchun rahmat!')).toBeNull();
  const pay = screen.getByTestId('confirmed-pay');
  expect(pay.textContent).toBe('Hozir toʻlash');
  expect(pay.getAttribute('href')).toBe(payUrl);
  // not "waiting for the payment to be confirmed": nothing is being confirmed, the order is just not paid
  expect(screen.getByTestId('confirmed-checking').textContent).toBe('Bu buyurtma uchun toʻlov hali kelmadi. Hozirgina toʻlagan boʻlsangiz, sahifa oʻzi yangilanadi; aks holda «Hozir toʻlash» tugmasi bilan toʻlang.');
  // the browser tab (named by the shell from this event) says the same as the heading
  expect(tabNames.at(-1)).toBe('Buyurtma rasmiylashtirildi — hali toʻlanmagan');

  // Payme's callback arrives: the page, which keeps asking, shows the paid confirmation
  paid = true;
  await act(async () => void jest.advanceTimersByTime(4000));
  expect((await screen.findByTestId('confirmed-payment')).textContent).toBe('Payme — toʻlandi');
  expect(h1()).toBe('Buyurtma tasdiqlandi!');
  expect(screen.getByTestId('confirmed-lead').textContent).toBe('Buyurtmangiz uchun rahmat!');
  expect(screen.queryByTestId('confirmed-pay')).toBeNull();
  expect(screen.getByTestId('confirmed-checking').textContent).toBe('');
  expect(tabNames.at(-1)).toBe('Buyurtma tasdiqlandi!');
  document.removeEventListener('bz:page-name', onName);
});

it('a card payment being checked is "placed — checking the payment", not "confirmed"; a cancelled, unpaid order is not "confirmed" either', async () => {
  jest.useFakeTimers();
  let cancelled = false;
  orderAnswers['/api/orders/BZ-100005'] = (lang) =>
    detail('BZ-100005', lang, cancelled ? { payment_method: 'card', payment_status: 'failed', status: 'cancelled' } : { payment_method: 'card', payment_status: 'checking' });
  open('/en/checkout/confirmed?order=BZ-100005');
  expect((await screen.findByTestId('confirmed-payment')).textContent).toBe('Card — checking the payment');
  expect(h1()).toBe('Order placed — checking the payment');
  expect(screen.getByTestId('confirmed-lead').textContent).toBe('Thank you! The order is confirmed as soon as the bank accepts the payment.');
  expect(screen.queryByText('Order confirmed!')).toBeNull();
  expect(screen.queryByText('Thank you for your order!')).toBeNull();
  expect(screen.getByTestId('confirmed-checking').textContent).toBe('We are checking your payment with the bank. This page updates by itself.');

  cancelled = true;
  await act(async () => void jest.advanceTimersByTime(4000));
  expect((await screen.findByTestId('confirmed-payment')).textContent).toBe('Card — payment failed');
  expect(h1()).toBe('Order cancelled');
  expect(screen.queryByText('Thank you for your order!')).toBeNull();
  expect(screen.getByTestId('confirmed-checking').textContent).toBe('The payment was not confirmed, so the order was cancelled. If the card was charged, the money will be returned.');
});

it.each([
  ['ru', 'Заказ оформлен — проверяем оплату', 'Спасибо! Заказ будет подтверждён, как только банк примет оплату.', 'Заказ подтверждён!', 'Спасибо за заказ!', 'Картой — оплачен'],
  ['uz', 'Buyurtma rasmiylashtirildi — toʻlov tekshirilmoqda', 'Rahmat! Bank toʻlovni qabul qilishi bilanoq buyurtma tasdiqlanadi.', 'Buyurtma tasdiqlandi!', 'Buyurtmangiz uchun rahmat!', 'Karta orqali — toʻlandi'],
] as const)('a card payment being checked turns into "Order confirmed!" once the bank has answered (%s)', async (lang, checkingTitle, checkingLead, title, thanks, paidLine) => {
  jest.useFakeTimers();
  setLanguage(lang);
  const tabNames: string[] = [];
  const onName = (e: Event) => tabNames.push((e as CustomEvent<{ name: string }>).detail.name);
  document.addEventListener('bz:page-name', onName);
  let paid = false;
  orderAnswers['/api/orders/BZ-100005'] = (l) => detail('BZ-100005', l, { payment_method: 'card', payment_status: paid ? 'paid' : 'checking' });
  open(`/${lang}/checkout/confirmed?order=BZ-100005`);
  await screen.findByTestId('confirmed-payment');
  expect(h1()).toBe(checkingTitle);
  expect(screen.getByTestId('confirmed-lead').textContent).toBe(checkingLead);
  // the browser tab says the same
  expect(tabNames.at(-1)).toBe(checkingTitle);

  // the reconciler marks it paid: the page, which keeps asking, confirms it
  paid = true;
  await act(async () => void jest.advanceTimersByTime(4000));
  await waitFor(() => expect(screen.getByTestId('confirmed-payment').textContent).toBe(paidLine));
  expect(h1()).toBe(title);
  expect(screen.getByTestId('confirmed-lead').textContent).toBe(thanks);
  expect(screen.getByTestId('confirmed-checking').textContent).toBe('');
  expect(tabNames.at(-1)).toBe(title);
  document.removeEventListener('bz:page-name', onName);
});

it('a 1-click order waiting for the call reads "placed — we will call you", not "confirmed"; once staff confirm, it is confirmed (ru)', async () => {
  setLanguage('ru');
  let confirmed = false;
  orderAnswers['/api/orders/BZ-100006'] = (lang) =>
    detail('BZ-100006', lang, { one_click: true, payment_method: 'cash', status: confirmed ? 'confirmed' : 'new', delivery: { type: 'phone', fee: 0, address: null, store: null } });
  const { unmount } = open('/ru/checkout/confirmed?order=BZ-100006');
  expect(await screen.findByTestId('confirmed-one-click')).toBeTruthy();
  expect(h1()).toBe('Заказ оформлен — мы вам позвоним');
  expect(screen.queryByText('Заказ подтверждён!')).toBeNull();
  unmount();
  confirmed = true;
  open('/ru/checkout/confirmed?order=BZ-100006');
  await waitFor(() => expect(h1()).toBe('Заказ подтверждён!'));
  expect(screen.queryByTestId('confirmed-one-click')).toBeNull();
});

/** Every answer asked for so far has come and been shown (the delivery settings come with no sign of their own). */
const settled = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

const READY = 'Пришлём SMS, когда заказ будет готов к выдаче.';
it.each([
  ['card, paid', { payment_method: 'card', payment_status: 'paid' }, 'Картой — оплачен', READY],
  ['Payme, paid', { payment_method: 'payme', payment_status: 'paid' }, 'Payme — оплачен', READY],
  ['Click, paid', { payment_method: 'click', payment_status: 'paid' }, 'Click — оплачен', READY],
  ['card, being checked', { payment_method: 'card', payment_status: 'checking' }, 'Картой — проверяем оплату', READY],
  ['cash, cancelled', { payment_method: 'cash', payment_status: 'pending', status: 'cancelled' }, 'Оплата при получении', null],
])('a pickup order (%s) is not told to pay in the store, only that an SMS says when it is ready (ru)', async (_name, payment, line, when) => {
  setLanguage('ru');
  orderAnswers['/api/orders/BZ-100007'] = (lang) => detail('BZ-100007', lang, payment);
  open('/ru/checkout/confirmed?order=BZ-100007');
  expect((await screen.findByTestId('confirmed-payment')).textContent).toBe(line);
  await settled();
  expect(screen.queryByText(/В магазине можно оплатить/)).toBeNull();
  // a cancelled order is ready never
  expect(screen.queryByTestId('confirmed-estimate')?.textContent ?? null).toBe(when);
  expect(screen.queryByText('Когда') !== null).toBe(when !== null);
});

it('a pickup order to be paid on receipt keeps the shop’s note on paying in the store (ru, en)', async () => {
  setLanguage('ru');
  orderAnswers['/api/orders/BZ-100008'] = (lang) => detail('BZ-100008', lang);
  const page = open('/ru/checkout/confirmed?order=BZ-100008');
  expect((await screen.findByTestId('confirmed-estimate')).textContent).toBe(PICKUP_NOTE.ru);
  expect(screen.getByTestId('confirmed-payment').textContent).toBe('Оплата при получении');
  page.unmount();

  setLanguage('en');
  open('/en/checkout/confirmed?order=BZ-100008');
  expect((await screen.findByTestId('confirmed-estimate')).textContent).toBe(PICKUP_NOTE.en);
});

it('a Payme pickup order back from Payme paid: no line inviting to pay again, in the store or with Pay now (en)', async () => {
  orderAnswers['/api/orders/BZ-100009'] = (lang) => detail('BZ-100009', lang, { payment_method: 'payme', payment_status: 'paid' });
  open('/en/checkout/confirmed?order=BZ-100009');
  expect((await screen.findByTestId('confirmed-payment')).textContent).toBe('Payme — paid');
  await settled();
  expect(h1()).toBe('Order confirmed!');
  expect(screen.queryByText(/Pay in store/)).toBeNull();
  expect(screen.queryByTestId('confirmed-pay')).toBeNull();
  expect(screen.getByTestId('confirmed-checking').textContent).toBe('');
});
