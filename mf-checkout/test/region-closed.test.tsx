// A region the shop stopped delivering to (switched off in the back office) while a shopper had it kept in
// their checkout form: the form does not move their address to another region; it asks them to choose again,
// says why, and keeps saying so after a reload until they do.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $checkoutForm, setLanguage, updateCheckoutForm } from '@bozor/shared';
import { fakeResponse as json, renderCheckout, signedInAtPayment } from './paymentFixture';

const SETTINGS = {
  delivery_sum: 25000,
  free_delivery_threshold: 1000000,
  default_region: 'tashkent',
  regions: [{ slug: 'tashkent', name: 'Tashkent', cities: [{ slug: 'chilanzar', name: 'Chilanzar' }], days: '1–2', express_available: true }],
  express: { regions: ['tashkent'], note: '' },
  pickup: { fee: 0, note: '' },
  payment_methods: ['cash'],
};

beforeEach(() => {
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} }, 'cash', (url) => {
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    if (url.startsWith('/api/orders?')) return json(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
    return json(404, {});
  });
  // kept from an earlier visit, when the shop still delivered to Samarkand
  updateCheckoutForm({ deliveryType: 'courier', region: 'samarkand', city: 'urgut', address: 'Registon 5' });
});

const renderDelivery = () => renderCheckout();

it('asks to choose the region again, with the reason, instead of moving the address to Tashkent', async () => {
  const first = renderDelivery();
  const region = (await screen.findByTestId('delivery-region')) as HTMLSelectElement;
  expect(region.value).toBe('');
  expect(region.selectedOptions[0]?.textContent).toBe('Choose a region');
  const note = screen.getByTestId('delivery-region-note');
  expect(note.textContent).toBe('We do not deliver to the region chosen before any more. Choose another region, or pickup from a store.');
  expect(region.getAttribute('aria-describedby')).toContain(note.id);
  // the street stays; the city of the old region does not
  expect((screen.getByTestId('field-address') as HTMLInputElement).value).toBe('Registon 5');
  expect((screen.getByTestId('delivery-city') as HTMLSelectElement).value).toBe('');

  // Continue without a region: refused at the region
  fireEvent.click(screen.getByTestId('to-payment'));
  await waitFor(() => expect(region.getAttribute('aria-invalid')).toBe('true'));
  expect(document.activeElement).toBe(region);

  // a reload before choosing says so again
  first.unmount();
  expect($checkoutForm.get().region).toBe('samarkand');
  renderDelivery();
  const again = (await screen.findByTestId('delivery-region')) as HTMLSelectElement;
  expect(again.value).toBe('');
  expect(screen.queryByTestId('delivery-region-note')).not.toBeNull();

  // choosing one ends it: no empty choice is left, and the new region is kept
  fireEvent.change(again, { target: { value: 'tashkent' } });
  expect(screen.queryByTestId('delivery-region-note')).toBeNull();
  expect(within(again).queryByText('Choose a region')).toBeNull();
  await waitFor(() => expect($checkoutForm.get().region).toBe('tashkent'));
});

it('in Uzbek', async () => {
  setLanguage('uz');
  renderDelivery();
  expect((await screen.findByTestId('delivery-region-note')).textContent).toBe('Avval tanlangan hududga endi yetkazib bermaymiz. Boshqa hududni yoki doʻkondan olib ketishni tanlang.');
});

describe('the order summary with a kept region the shop switched off', () => {
  const quotes: { delivery: { type: string; region?: string; store_id?: number } }[] = [];
  beforeEach(() => {
    quotes.length = 0;
    const answer = (url: string, init: RequestInit) => {
      if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
      if (url === '/api/store/stores') return json(200, { data: [{ id: 1, name: 'Chilanzar store', address: 'Bunyodkor 1' }] });
      if (url === '/api/delivery/quote') {
        const body = JSON.parse(String(init.body)) as (typeof quotes)[number];
        quotes.push(body);
        // as the API: a region switched off is refused
        if (body.delivery.type !== 'pickup' && body.delivery.region !== 'tashkent') {
          return json(422, { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered', fields: { 'delivery.region': 'region_closed' } } });
        }
        return json(200, { data: { items: [], items_total: 100, delivery_fee: 25000, fargoDeliveryPrice: 25000, free_delivery_threshold: 1000000, total: 25100 } });
      }
      if (url.startsWith('/api/orders?')) return json(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
      return json(404, {});
    };
    global.fetch = jest.fn(answer) as unknown as typeof globalThis.fetch;
  });

  it('courier: shows the goods total and "Choose a region" for delivery, with no error and no quote for the closed region', async () => {
    renderDelivery();
    await waitFor(() => expect(screen.getByTestId('summary-items').textContent).toMatch(/100/));
    expect(screen.getByTestId('summary-fee').textContent).toBe('Choose a region');
    expect(screen.getByTestId('summary-total').textContent).toMatch(/100/);
    expect(within(screen.getByTestId('checkout-summary')).queryByRole('alert')).toBeNull();
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((q) => q.delivery.region !== 'samarkand')).toBe(true);

    // choosing an offered region prices the delivery
    fireEvent.change(screen.getByTestId('delivery-region'), { target: { value: 'tashkent' } });
    await waitFor(() => expect(screen.getByTestId('summary-fee').textContent).toMatch(/25[\s\u00a0\u202f,.]?000/));
  });

  it('store pickup before a store is chosen: priced without the closed region', async () => {
    updateCheckoutForm({ deliveryType: 'pickup', currentStore: null });
    renderDelivery();
    await waitFor(() => expect(screen.getByTestId('summary-items').textContent).toMatch(/100/));
    expect(screen.getByTestId('summary-fee').textContent).toBe('Free');
    expect(within(screen.getByTestId('checkout-summary')).queryByRole('alert')).toBeNull();
    expect(quotes.every((q) => q.delivery.region !== 'samarkand')).toBe(true);
  });

  it('in Russian', async () => {
    setLanguage('ru');
    renderDelivery();
    await waitFor(() => expect(screen.getByTestId('summary-fee').textContent).toBe('Выберите регион'));
  });
});
