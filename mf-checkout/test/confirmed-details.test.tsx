// What the confirmation page says beyond its heading: which variant each line is (two colours of one hair
// dryer are two different lines, with the options the API sends translated), that an address naming no
// order names none (not "Order confirmed!"), and, after a card the bank refused outright, that the card
// was not charged — the careful "if the card was charged" stays for a payment that failed only after it
// was being checked.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage } from '@bozor/shared';
import CheckoutRoutes from '../src/routes';
import { fakeResponse as json, signedInAtPayment } from './paymentFixture';

const LINE = { product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} };
const PICKUP = { type: 'pickup', fee: 0, store: { name: 'Bozor Yunusobod', address: 'Amir Temur 1' } };
const RECEIVER = { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' };
const SETTINGS = {
  delivery_sum: 25000, free_delivery_threshold: 1000000, default_region: 'tashkent',
  regions: [{ slug: 'tashkent', name: 'Tashkent', cities: [], days: '1–2', express_available: true }],
  express: { regions: ['tashkent'], note: '' }, pickup: { fee: 0, note: '' }, payment_methods: ['cash', 'card'],
};

/** The colour of the hair dryer, as the API words it in each language. */
const COLOUR: Record<string, { name: string; black: string; pink: string }> = {
  en: { name: 'Colour', black: 'black', pink: 'pink' },
  ru: { name: 'Цвет', black: 'чёрный', pink: 'розовый' },
  uz: { name: 'Rang', black: 'qora', pink: 'pushti' },
};
const dryer = (lang: string, variant: 21 | 22) => ({
  product_id: 12, variant_id: variant, sku: `BHD307-${variant}`, slug: 'philips-bhd307', name: 'Philips BHD307 hair dryer 2000 W',
  attributes: [{ name: COLOUR[lang]!.name, value: variant === 21 ? COLOUR[lang]!.black : COLOUR[lang]!.pink }],
  img_url: null, price: 453000, quantity: 1, total: 453000,
});

/** GET /api/orders/{number} as the API answers it, in the language asked for. */
const detail = (number: string, lang: string, extra: Record<string, unknown> = {}) => ({
  order: {
    id: 15, number, status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: PICKUP, receiver: RECEIVER,
    items: [dryer(lang, 21), dryer(lang, 22)], items_total: 906000, delivery_fee: 0, total: 906000, created_at: '2026-11-26T11:09:00Z', ...extra,
  },
});

let orderAnswers: Record<string, (lang: string) => unknown>;
beforeEach(() => {
  orderAnswers = {};
  signedInAtPayment(LINE, 'cash', (url, init) => {
    const lang = (init.headers as Record<string, string>)['X-LANG'] ?? '';
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [] });
    const answer = orderAnswers[url];
    return answer ? json(200, answer(lang)) : json(404, {});
  });
});

const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {['en', 'ru', 'uz'].map((lang) => (
          <Route key={lang} path={`/${lang}/*`} element={<CheckoutRoutes basePath={`/${lang}`} />} />
        ))}
      </Routes>
    </MemoryRouter>,
  );

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const orderCalls = () => jest.mocked(global.fetch).mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/orders'));

describe('the order lines', () => {
  it.each([
    ['en', 'black', 'pink'],
    ['ru', 'чёрный', 'розовый'],
    ['uz', 'qora', 'pushti'],
  ] as const)('two colours of one hair dryer are two lines, each with its colour (%s)', async (lang, black, pink) => {
    setLanguage(lang);
    const duplicateKeys = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    orderAnswers['/api/orders/BZ-100015'] = (l) => detail('BZ-100015', l);
    open(`/${lang}/checkout/confirmed?order=BZ-100015`);
    const lines = within(await screen.findByTestId('confirmed-items')).getAllByTestId('confirmed-item');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('confirmed-item-options').textContent).toBe(black);
    expect(within(lines[1]!).getByTestId('confirmed-item-options').textContent).toBe(pink);
    expect(lines[0]!.textContent).toContain('Philips BHD307 hair dryer 2000 W');
    // React names a repeated key on the console: each line has a key of its own
    expect(duplicateKeys.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    duplicateKeys.mockRestore();
  });

  it('a line with several options lists them all, as the cart does ("1,5-спальный, бежевый"); one with none shows no options line', async () => {
    setLanguage('ru');
    orderAnswers['/api/orders/BZ-100009'] = (l) =>
      detail('BZ-100009', l, {
        items: [
          { product_id: 30, variant_id: 40, name: 'Комплект постельного белья', attributes: [{ name: 'Размер', value: '1,5-спальный' }, { name: 'Цвет', value: 'бежевый' }], price: 300000, quantity: 1, total: 300000 },
          { product_id: 31, variant_id: 41, name: 'Чайник', attributes: [], price: 100000, quantity: 1, total: 100000 },
        ],
      });
    open('/ru/checkout/confirmed?order=BZ-100009');
    const lines = within(await screen.findByTestId('confirmed-items')).getAllByTestId('confirmed-item');
    expect(within(lines[0]!).getByTestId('confirmed-item-options').textContent).toBe('1,5-спальный, бежевый');
    expect(within(lines[1]!).queryByTestId('confirmed-item-options')).toBeNull();
  });
});

describe('an address naming no order', () => {
  it.each([
    ['en', 'No order named here', 'This link does not say which order to show. Your orders are in My orders.', 'My orders', 'Go to the catalogue', 'Order confirmed!'],
    ['ru', 'Заказ не указан', 'В этой ссылке не указан номер заказа. Все ваши заказы — в разделе «Мои заказы».', 'Мои заказы', 'Перейти в каталог', 'Заказ подтверждён!'],
    ['uz', 'Buyurtma koʻrsatilmagan', 'Bu havolada buyurtma raqami koʻrsatilmagan. Barcha buyurtmalaringiz «Mening buyurtmalarim» boʻlimida.', 'Mening buyurtmalarim', 'Katalogga oʻtish', 'Buyurtma tasdiqlandi!'],
  ] as const)('says no order is named, with My orders and the catalogue — never "confirmed" (%s)', async (lang, title, text, myOrders, catalogue, confirmed) => {
    setLanguage(lang);
    const tabNames: string[] = [];
    const onName = (e: Event) => tabNames.push((e as CustomEvent<{ name: string }>).detail.name);
    document.addEventListener('bz:page-name', onName);
    // the copy kept when an order was placed in this tab stands in only for the order an address names
    sessionStorage.setItem('lastOrder', JSON.stringify(detail('BZ-100003', lang).order));
    open(`/${lang}/checkout/confirmed`);
    const block = await screen.findByTestId('confirmed-no-order');
    expect(h1()).toBe(title);
    expect(within(block).getByText(text)).toBeTruthy();
    expect(within(block).getByRole('link', { name: myOrders }).getAttribute('href')).toBe(`/${lang}/account/orders`);
    expect(within(block).getByRole('link', { name: catalogue }).getAttribute('href')).toBe(`/${lang}/catalog`);
    expect(screen.queryByText(confirmed)).toBeNull();
    expect(screen.queryByTestId('confirmed-lead')).toBeNull();
    expect(screen.queryByTestId('confirmed-number')).toBeNull();
    // the links are there once, not again below
    expect(screen.getAllByRole('link', { name: myOrders })).toHaveLength(1);
    expect(tabNames.at(-1)).toBe(title);
    expect(orderCalls()).toEqual([]);
    document.removeEventListener('bz:page-name', onName);
  });
});

describe('a card payment that failed', () => {
  /** The history GET /api/orders/{number} sends: placed, (being checked,) failed. */
  const history = (checked: boolean) => [
    { status: 'new', payment_status: 'pending', at: '2026-11-26T11:09:35Z' },
    ...(checked ? [{ status: 'new', payment_status: 'checking', at: '2026-11-26T11:09:50Z' }] : []),
    { status: 'cancelled', payment_status: 'failed', at: '2026-11-26T11:10:06Z' },
  ];
  // the API says which failures were the bank's refusal (payment_declined): a refusal is never `checking` first
  const failedCard = (checked: boolean) => ({ payment_method: 'card', payment_status: 'failed', status: 'cancelled', statuses: history(checked), payment_declined: !checked });

  it.each([
    ['ru', 'Оплата не прошла, заказ отменён. Деньги с карты не списаны.'],
    ['en', 'The payment did not go through, so the order was cancelled. The card was not charged.'],
    ['uz', 'Toʻlov oʻtmadi, buyurtma bekor qilindi. Kartadan pul yechilmadi.'],
  ] as const)('refused outright by the bank (insufficient funds): the card was not charged, as the checkout said (%s)', async (lang, note) => {
    setLanguage(lang);
    orderAnswers['/api/orders/BZ-100010'] = (l) => detail('BZ-100010', l, failedCard(false));
    open(`/${lang}/checkout/confirmed?order=BZ-100010`);
    await screen.findByTestId('confirmed-payment');
    expect(screen.getByTestId('confirmed-checking').textContent).toBe(note);
  });

  it('failed with no history of checking yet not declined by the bank (settled after a crash): still the careful wording', async () => {
    setLanguage('en');
    orderAnswers['/api/orders/BZ-100011'] = (l) => detail('BZ-100011', l, { ...failedCard(false), payment_declined: false });
    open('/en/checkout/confirmed?order=BZ-100011');
    await screen.findByTestId('confirmed-payment');
    expect(screen.getByTestId('confirmed-checking').textContent).not.toContain('was not charged');
  });

  it('failed after it was being checked: the money, if taken, comes back (ru)', async () => {
    setLanguage('ru');
    orderAnswers['/api/orders/BZ-100012'] = (l) => detail('BZ-100012', l, failedCard(true));
    open('/ru/checkout/confirmed?order=BZ-100012');
    await screen.findByTestId('confirmed-payment');
    expect(screen.getByTestId('confirmed-checking').textContent).toBe('Оплата не подтвердилась, заказ отменён. Если деньги списались с карты, они вернутся.');
  });
});
