// Two colours of one product are two cart lines of one name: the checkout's summary shows each line's options
// (as the cart words them), so on the delivery and the payment steps the shopper can tell the lines apart and
// see that both colours are there before paying.
import { screen, waitFor, within } from '@testing-library/react';
import { addToCart } from '@bozor/shared';
import { fakeResponse as json, renderCheckout, renderPayment, signedInAtPayment, TASHKENT_ONLY as SETTINGS } from './paymentFixture';

const NAME = 'Microwave Gorenje MO20E3 23 l';
/** A line as the product page adds it: the variant and its options (label in the language it was added in). */
const colour = (variant_id: number, value: string, label: string) => ({
  product_id: 9,
  name: NAME,
  img_url: null,
  quantity: 1,
  price: 1290000,
  slug: 'gorenje-mo20e3-23-l',
  attributes: { variant_id, sku: `MO20E3-${value}`, options: [{ code: 'color', value, label }] },
});
const WHITE = colour(41, 'white', 'white');
const BLACK = colour(42, 'black', 'black');
/** A line bought from a product card, with no options. */
const KETTLE = { product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100, slug: 'kettle', attributes: { variant_id: 31 } };

beforeEach(() => {
  signedInAtPayment(WHITE, 'cash', (url, init) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
    if (url === '/api/cart/check') {
      const lines = (body as { cart_data: { attributes?: { variant_id?: number } }[] }).cart_data;
      return json(200, { data: lines.map((l) => ({ ...l, variant_id: l.attributes?.variant_id, total_quanity: 5 })), changes: [] });
    }
    if (url === '/api/delivery/quote') {
      // the quote names each variant's line, without its options
      const items = (body as { items: { product_id: number; variant_id?: number; quantity: number }[] }).items.map((i) => {
        const line = [WHITE, BLACK, KETTLE].find((l) => l.attributes.variant_id === i.variant_id)!;
        return { product_id: i.product_id, variant_id: i.variant_id, name: line.name, price: line.price, quantity: i.quantity, total: line.price * i.quantity, in_stock: true, total_quanity: 5 };
      });
      const total = items.reduce((sum, l) => sum + l.total, 0);
      return json(200, { data: { items, items_total: total, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total } });
    }
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [{ id: 1, name: 'Store 1', address: 'Street 1' }] });
    if (url === '/api/payments/cards') return json(200, { data: [] });
    return json(404, {});
  });
  addToCart(BLACK);
  addToCart(KETTLE);
});

const summaryLines = () => within(screen.getByTestId('checkout-summary')).getAllByTestId('summary-line');

it('names the colour of each line of one product on the delivery step', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderCheckout();
  await waitFor(() => expect(summaryLines().map((li) => li.textContent)).toEqual([`${NAME} × 1 white`, `${NAME} × 1 black`, 'Kettle × 2']));
  expect(summaryLines().map((li) => within(li).queryByTestId('summary-line-options')?.textContent ?? null)).toEqual(['white', 'black', null]);
  // each line keyed apart: React has nothing to complain of
  expect(errors.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([]);
  errors.mockRestore();
});

it('names them on the payment step too', async () => {
  renderPayment();
  await waitFor(() => expect(summaryLines().map((li) => within(li).queryByTestId('summary-line-options')?.textContent ?? null)).toEqual(['white', 'black', null]));
});
