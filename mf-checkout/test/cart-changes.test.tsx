// A line of the cart sold out since it was added: the checkout checks the cart (POST /api/cart/check, as the
// cart page does) and says on both steps' summary what was removed or lowered, announced, with a link back
// to the cart — rather than the line silently missing from the order.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $cart, addToCart, setLanguage } from '@bozor/shared';
import { fakeResponse as json, renderCheckout, signedInAtPayment, TASHKENT_ONLY as SETTINGS } from './paymentFixture';

const KETTLE = { product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: { variant_id: 31 } };
const PAN = { product_id: 9, name: 'Pan', img_url: null, quantity: 3, price: 50, slug: 'pan', attributes: { variant_id: 40, options: [{ code: 'size', value: '24', label: '24 cm' }] } };
const BLENDER = { product_id: 8, name: 'Blender', img_url: null, quantity: 1, price: 200, slug: 'blender', attributes: { variant_id: 35 } };

let check: { data: unknown[]; changes: unknown[] };
const checks: unknown[] = [];

beforeEach(() => {
  checks.length = 0;
  check = {
    data: [{ ...KETTLE, variant_id: 31, total_quanity: 5 }],
    changes: [{ product_id: 8, variant_id: 35, change: 'unavailable' }],
  };
  signedInAtPayment(KETTLE, 'cash', (url, init) => {
    if (url === '/api/cart/check') {
      checks.push(JSON.parse(String(init.body)));
      return json(200, check);
    }
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [{ id: 1, name: 'Store 1', address: 'Street 1' }] });
    if (url === '/api/cart/availability') return json(503, {});
    if (url === '/api/payments/cards') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    if (url.startsWith('/api/orders?')) return json(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
    return json(404, {});
  });
  addToCart(BLENDER);
});

const summaryLines = () => within(screen.getByTestId('checkout-summary')).getAllByRole('listitem').filter((li) => li.closest('.co-lines'));

it('says the sold-out item was removed, on the delivery step and again on the payment step, with a link to the cart', async () => {
  renderCheckout();
  const notice = await screen.findByTestId('checkout-cart-changes');
  expect(notice.closest('[role="status"]')).not.toBeNull();
  expect(notice.textContent).toContain('Your cart was updated:');
  expect(notice.textContent).toContain('“Blender” is no longer available and was removed');
  const link = within(notice).getByRole('link', { name: 'Back to the cart' });
  expect(link.getAttribute('href')).toBe('/en/cart');
  // the cart now holds what can be bought, and the summary lists it
  expect($cart.get().map((l) => l.name)).toEqual(['Kettle']);
  await waitFor(() => expect(summaryLines().map((li) => li.textContent)).toEqual(['Kettle × 1']));

  fireEvent.click(await screen.findByTestId('to-payment'));
  await screen.findByTestId('checkout-payment');
  expect(screen.getByTestId('checkout-cart-changes').textContent).toContain('“Blender” is no longer available and was removed');
  // the payment step checks what is left again (stock may have run out meanwhile); what the first check
  // found is still said
  await waitFor(() => expect(checks).toHaveLength(2));
  expect((checks[1] as { cart_data: { name: string }[] }).cart_data.map((l) => l.name)).toEqual(['Kettle']);
  expect(screen.getByTestId('checkout-cart-changes').textContent).toContain('“Blender” is no longer available and was removed');
});

it('names a lowered line with its options, in Uzbek', async () => {
  setLanguage('uz');
  addToCart(PAN);
  check = {
    data: [
      { ...KETTLE, variant_id: 31, total_quanity: 5 },
      { ...PAN, quantity: 2, variant_id: 40, total_quanity: 2 },
    ],
    changes: [
      { product_id: 8, variant_id: 35, change: 'unavailable' },
      { product_id: 9, variant_id: 40, change: 'quantity_capped' },
    ],
  };
  renderCheckout();
  const notice = await screen.findByTestId('checkout-cart-changes');
  expect(notice.textContent).toContain('Savatingiz yangilandi:');
  expect(notice.textContent).toContain('«Blender» endi sotuvda yoʻq va olib tashlandi');
  expect(notice.textContent).toContain('«Pan (24 cm)»: omborda buncha yoʻq, miqdor kamaytirildi');
  expect(within(notice).getByRole('link').textContent).toBe('Savatga qaytish');
  expect($cart.get().find((l) => l.product_id === 9)?.quantity).toBe(2);
});

it('in Russian; nothing is said when nothing changed', async () => {
  setLanguage('ru');
  const first = renderCheckout();
  expect((await screen.findByTestId('checkout-cart-changes')).textContent).toContain('«Blender» больше нет в продаже, товар убран');
  expect(within(screen.getByTestId('checkout-cart-changes')).getByRole('link').textContent).toBe('Вернуться в корзину');
  first.unmount();

  // leaving the checkout forgets it; a cart with nothing to change says nothing
  check = { data: [{ ...KETTLE, variant_id: 31, total_quanity: 5 }], changes: [] };
  renderCheckout();
  await screen.findByTestId('delivery-form');
  await waitFor(() => expect(checks).toHaveLength(2));
  expect(screen.queryByTestId('checkout-cart-changes')).toBeNull();
  expect(screen.getByTestId('cart-changes-status').textContent).toBe('');
});
