// An item sold out while the shopper is in the checkout (another shopper bought the last one while this one
// filled in the delivery step): the payment step checks the cart again when it opens, so the sold-out line
// leaves the cart and the summary says so with the way back to the cart; an order that still meets a short
// line (409 OUT_OF_STOCK) checks the cart again at once and its message leads back to the cart; and a line
// the quote finds short is marked, not listed as if it could be bought.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $cart, addToCart, replaceCart, setLanguage } from '@bozor/shared';
import { fakeResponse as json, renderCheckout, renderPayment, signedInAtPayment, TASHKENT_ONLY as SETTINGS } from './paymentFixture';

const MOP = { product_id: 5, name: 'Mop Fissman', img_url: null, quantity: 1, price: 866000, slug: 'mop', attributes: { variant_id: 21 } };
const TOWEL = { product_id: 6, name: 'Towel', img_url: null, quantity: 1, price: 186000, slug: 'towel', attributes: { variant_id: 22 } };
const checked = (line: typeof MOP, stock: number) => ({ ...line, variant_id: line.attributes.variant_id, total_quanity: stock });
const quoteLine = (line: typeof MOP, stock: number) => ({
  product_id: line.product_id, variant_id: line.attributes.variant_id, name: line.name, price: line.price, quantity: line.quantity,
  total: line.price * line.quantity, in_stock: stock >= line.quantity, total_quanity: stock,
});

/** The last mop: in stock until `soldOut`. */
let soldOut = false;
let orderReply: () => Promise<Response>;
const calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  soldOut = false;
  calls.length = 0;
  orderReply = () => json(409, { error: { code: 'OUT_OF_STOCK', message: 'Some items are short: Mop Fissman (0). Update the cart.', fields: { 'items.21': 'invalid' } } });
  signedInAtPayment(TOWEL, 'cash', (url, init) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
    calls.push({ url, body });
    if (url === '/api/cart/check') {
      const lines = (body as { cart_data: (typeof MOP)[] }).cart_data;
      const mop = lines.find((l) => l.product_id === MOP.product_id);
      return json(200, {
        data: lines.filter((l) => l !== mop || !soldOut).map((l) => checked(l, 5)),
        changes: mop && soldOut ? [{ product_id: 5, variant_id: 21, change: 'unavailable' }] : [],
      });
    }
    if (url === '/api/delivery/quote') {
      const items = (body as { items: { product_id: number; quantity: number }[] }).items;
      const lines = items.map((i) => {
        const line = [TOWEL, MOP].find((l) => l.product_id === i.product_id)!;
        return quoteLine({ ...line, quantity: i.quantity }, line === MOP && soldOut ? 0 : 5);
      });
      const total = lines.reduce((sum, l) => sum + l.total, 0);
      return json(200, { data: { items: lines, items_total: total, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total } });
    }
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [{ id: 1, name: 'Store 1', address: 'Street 1' }] });
    if (url === '/api/payments/cards') return json(200, { data: [] });
    if (url === '/api/orders/') return orderReply();
    if (url.startsWith('/api/orders?')) return json(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
    return json(404, {});
  });
  addToCart(MOP);
});

const checks = () => calls.filter((c) => c.url === '/api/cart/check');
const summaryLines = () => within(screen.getByTestId('checkout-summary')).getAllByRole('listitem').filter((li) => li.closest('.co-lines'));

it('sold out while the delivery step was filled in: the payment step checks the cart again, drops the line and says so, with the way back to the cart', async () => {
  renderCheckout();
  await waitFor(() => expect(checks()).toHaveLength(1));
  await waitFor(() => expect(summaryLines().map((li) => li.textContent)).toEqual(['Towel × 1', 'Mop Fissman × 1']));
  expect(screen.queryByTestId('checkout-cart-changes')).toBeNull();

  // another shopper buys the last mop
  soldOut = true;
  fireEvent.click(screen.getByTestId('to-payment'));
  await screen.findByTestId('checkout-payment');
  const notice = await screen.findByTestId('checkout-cart-changes');
  expect(notice.textContent).toContain('“Mop Fissman” is no longer available and was removed');
  expect(within(notice).getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe('/en/cart');
  expect(checks()).toHaveLength(2);
  expect($cart.get().map((l) => l.name)).toEqual(['Towel']);
  await waitFor(() => expect(summaryLines().map((li) => li.textContent)).toEqual(['Towel × 1']));
  await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toMatch(/186,000/));
});

it('placing the order meets a sold-out line (409): the cart is checked at once, the summary says what went, and the message leads back to the cart', async () => {
  renderPayment();
  await waitFor(() => expect(checks()).toHaveLength(1));
  await waitFor(() => expect(summaryLines()).toHaveLength(2));

  soldOut = true;
  fireEvent.click(screen.getByTestId('place-order'));
  const error = await screen.findByTestId('order-error');
  expect(error.textContent).toBe('Some items are short: Mop Fissman (0). Update the cart. Back to the cart');
  expect(within(error).getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe('/en/cart');
  await waitFor(() => expect(checks()).toHaveLength(2));
  expect((await screen.findByTestId('checkout-cart-changes')).textContent).toContain('“Mop Fissman” is no longer available and was removed');
  expect($cart.get().map((l) => l.name)).toEqual(['Towel']);
  await waitFor(() => expect(summaryLines().map((li) => li.textContent)).toEqual(['Towel × 1']));

  // the next try orders what is left
  orderReply = () => json(201, { order: { number: 'BZ-100020', status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: { type: 'pickup' }, total: 186000 } });
  fireEvent.click(screen.getByTestId('place-order'));
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/orders/')).toHaveLength(2));
  expect((calls.filter((c) => c.url === '/api/orders/')[1]!.body as { items: unknown[] }).items).toEqual([{ product_id: 6, variant_id: 22, quantity: 1 }]);
});

it('a line the quote finds short is marked in the summary, not listed as if it could be bought (en, ru, uz)', async () => {
  // the check could not be made (offline): the quote is all the summary has
  soldOut = true;
  const answer = jest.mocked(global.fetch).getMockImplementation()!;
  global.fetch = jest.fn((url: string, init: RequestInit) => (url === '/api/cart/check' ? json(503, {}) : answer(url, init))) as unknown as typeof globalThis.fetch;
  const first = renderPayment();
  await waitFor(() => expect(screen.getByTestId('summary-line-short').textContent).toBe('out of stock'));
  expect(summaryLines().map((li) => li.textContent)).toEqual(['Towel × 1', 'Mop Fissman × 1 out of stock']);
  first.unmount();

  setLanguage('ru');
  const second = renderPayment();
  await waitFor(() => expect(screen.getByTestId('summary-line-short').textContent).toBe('нет в наличии'));
  second.unmount();

  // fewer left than asked
  setLanguage('uz');
  replaceCart([TOWEL, { ...MOP, quantity: 7 }]);
  soldOut = false;
  renderPayment();
  await waitFor(() => expect(screen.getByTestId('summary-line-short').textContent).toBe('omborda faqat 5 dona bor'));
});
