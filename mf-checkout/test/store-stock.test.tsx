// The checkout's store list with each store's stock of what is being bought (issue 12): stores with
// everything first, "In stock — pick up today", "Part in stock: 1 of 2 items", "Not in this store now".
import { screen, waitFor, within } from '@testing-library/react';
import { $auth, resetCheckoutForm, updateCheckoutForm, type CartItem } from '@bozor/shared';
import { fakeResponse, renderCheckout, signedInAtPayment } from './paymentFixture';

const line: CartItem = { product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100000, slug: 'kettle', attributes: { variant_id: 70 } };
const settings = {
  delivery_sum: 25000,
  free_delivery_threshold: 1000000,
  default_region: 'tashkent',
  regions: [{ slug: 'tashkent', name: 'Tashkent', cities: [], days: '1–2', express_available: true }],
  express: { regions: ['tashkent'], note: 'Express' },
  pickup: { fee: 0, note: 'Pickup note' },
  payment_methods: ['cash'],
};
const stores = [1, 2, 3].map((id) => ({ id, name: `Store ${id}`, address: `Street ${id}`, hours: '9–21' }));

function renderDelivery(availability: (body: unknown) => Promise<Response>) {
  const calls: unknown[] = [];
  signedInAtPayment(line, 'cash', (url, init) => {
    if (url.endsWith('/api/settings/delivery')) return fakeResponse(200, { data: settings });
    if (url.endsWith('/api/store/stores')) return fakeResponse(200, { data: stores });
    if (url.endsWith('/api/cart/availability')) {
      const body = JSON.parse(String(init.body)) as unknown;
      calls.push(body);
      return availability(body);
    }
    if (url.includes('/api/orders')) return fakeResponse(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
    return fakeResponse(200, { data: { items: [], items_total: 0, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 0, total: 0 } });
  });
  resetCheckoutForm();
  updateCheckoutForm({ deliveryType: 'pickup', name: 'Aziz', surname: 'Rahimov', phone: '+998 90 123 45 67' });
  $auth.set({ isAuthenticated: true, token: 't', user: { phone: '+998901234567' }, userType: 'individual' });
  renderCheckout();
  return calls;
}

describe('pickup stores with the stock of what is being bought', () => {
  it('lists stores with everything first and says how much each has, asking with the cart lines only', async () => {
    const calls = renderDelivery(() =>
      fakeResponse(200, {
        data: {
          today: '2026-11-22',
          items_count: 2,
          stores: [
            { store_id: 3, status: 'all', available_items: 2, pickup: '2026-11-22' },
            { store_id: 1, status: 'part', available_items: 1, pickup: null },
            { store_id: 2, status: 'none', available_items: 0, pickup: null },
          ],
        },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('store-stock')).toHaveLength(3));
    const options = screen.getAllByTestId('store-option');
    expect(options.map((o) => within(o).getByRole('radio').getAttribute('data-testid'))).toEqual(['store-3', 'store-1', 'store-2']);
    expect(within(options[0]!).getByTestId('store-stock').textContent).toBe('In stock — pick up today');
    expect(within(options[1]!).getByTestId('store-stock').textContent).toBe('Part in stock: 1 of 2 items; the rest is brought from our other stores');
    expect(within(options[2]!).getByTestId('store-stock').textContent).toBe('Not in this store now; brought from our other stores');
    expect(calls).toEqual([{ items: [{ product_id: 7, variant_id: 70, quantity: 2 }] }]);
  });

  it('without an answer the stores stay in the shop’s order, each still choosable', async () => {
    renderDelivery(() => fakeResponse(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }));
    await waitFor(() => expect(screen.getAllByTestId('store-option')).toHaveLength(3));
    expect(screen.getAllByTestId('store-option').map((o) => within(o).getByRole('radio').getAttribute('data-testid'))).toEqual(['store-1', 'store-2', 'store-3']);
    expect(screen.queryByTestId('store-stock')).toBeNull();
  });
});
