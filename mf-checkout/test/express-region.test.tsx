// Express runs only in the regions the delivery settings mark (Tashkent city in the demo shop). A shopper who
// chose a courier to Bukhara and then picks express finds the address moved to Tashkent — the region box and
// the form agree, and Continue goes on — rather than a box showing Tashkent while the form keeps Bukhara and
// refuses with "Express delivery is available in Tashkent only". A form kept that way (a reload) is mended
// the same way when it opens.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $checkoutForm, setLanguage, updateCheckoutForm } from '@bozor/shared';
import { fakeResponse as json, renderCheckout, signedInAtPayment } from './paymentFixture';

const SETTINGS = {
  delivery_sum: 25000,
  free_delivery_threshold: 1000000,
  default_region: 'tashkent',
  regions: [
    { slug: 'tashkent', name: 'Tashkent city', cities: [{ slug: 'chilanzar', name: 'Chilanzar' }], days: '1–2', express_available: true },
    { slug: 'bukhara', name: 'Bukhara Region', cities: [{ slug: 'bukhara', name: 'Bukhara' }, { slug: 'gijduvan', name: 'Gijduvan' }], days: '2–4', express_available: false },
  ],
  express: { regions: ['tashkent'], note: 'Within 3 hours' },
  pickup: { fee: 0, note: '' },
  payment_methods: ['cash'],
};

beforeEach(() => {
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} }, 'cash', (url) => {
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [] });
    if (url === '/api/payments/cards') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    if (url.startsWith('/api/orders?')) return json(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
    return json(404, {});
  });
  updateCheckoutForm({ deliveryType: 'courier', region: 'tashkent', city: '', address: '' });
});

const regionBox = () => screen.getByTestId('delivery-region') as HTMLSelectElement;
/** What the region box shows: the text of its selected option. */
const shown = () => regionBox().selectedOptions[0]?.textContent;

it('courier to Bukhara, then express: the address moves to Tashkent, the box and the form agree, and Continue goes on', async () => {
  renderCheckout();
  fireEvent.click(await screen.findByTestId('delivery-courier'));
  fireEvent.change(regionBox(), { target: { value: 'bukhara' } });
  fireEvent.change(screen.getByTestId('delivery-city'), { target: { value: 'gijduvan' } });
  await waitFor(() => expect($checkoutForm.get().region).toBe('bukhara'));

  fireEvent.click(screen.getByTestId('delivery-express'));
  await waitFor(() => expect($checkoutForm.get().region).toBe('tashkent'));
  expect(regionBox().value).toBe('tashkent');
  expect(shown()).toBe('Tashkent city');
  // the summary prices express in Tashkent rather than asking for a region
  await waitFor(() => expect(screen.getByTestId('summary-fee').textContent).toBe('Priced in the courier app'));

  fireEvent.input(screen.getByTestId('field-address'), { target: { value: 'Amir Temur 1' } });
  fireEvent.click(screen.getByTestId('to-payment'));
  await screen.findByTestId('checkout-payment');
  expect(screen.queryByText('Express delivery is available in Tashkent only')).toBeNull();
});

it('back to courier keeps Tashkent, and express again from another region moves it again (ru)', async () => {
  setLanguage('ru');
  renderCheckout();
  fireEvent.change(await screen.findByTestId('delivery-region'), { target: { value: 'bukhara' } });
  fireEvent.click(screen.getByTestId('delivery-express'));
  await waitFor(() => expect(regionBox().value).toBe('tashkent'));
  fireEvent.click(screen.getByTestId('delivery-courier'));
  expect(regionBox().value).toBe('tashkent');
  fireEvent.change(regionBox(), { target: { value: 'bukhara' } });
  fireEvent.click(screen.getByTestId('delivery-express'));
  await waitFor(() => expect($checkoutForm.get().region).toBe('tashkent'));
  expect(regionBox().value).toBe('tashkent');
  expect(screen.queryByText('Экспресс-доставка только по Ташкенту')).toBeNull();
});

it('a kept express form with Bukhara (a reload) opens mended: Tashkent in the box and in the kept form', async () => {
  updateCheckoutForm({ deliveryType: 'express', region: 'bukhara', city: 'gijduvan', address: 'Amir Temur 1' });
  renderCheckout();
  await screen.findByTestId('delivery-region');
  expect(regionBox().value).toBe('tashkent');
  expect(shown()).toBe('Tashkent city');
  await waitFor(() => expect($checkoutForm.get().region).toBe('tashkent'));
  expect(JSON.parse(localStorage.getItem('checkoutForm') ?? '{}').form.region).toBe('tashkent');
  // the street stays; Bukhara's town does not
  expect((screen.getByTestId('field-address') as HTMLInputElement).value).toBe('Amir Temur 1');
  await waitFor(() => expect(screen.getByTestId('summary-fee').textContent).toBe('Priced in the courier app'));

  fireEvent.click(screen.getByTestId('to-payment'));
  await screen.findByTestId('checkout-payment');
});
