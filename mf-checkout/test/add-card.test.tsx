// Adding a card: the server's per-field messages appear next to their inputs, and a 429 on resending
// the code restarts the "Resend code in …" countdown from the server's Retry-After.
import { act, fireEvent, screen } from '@testing-library/react';
import { fakeResponse, renderPayment, signedInAtPayment } from './paymentFixture';

type Reply = { status: number; body: unknown; retryAfter?: string };
let replies: Record<string, Reply[]> = {};

beforeEach(() => {
  replies = {
    '/api/payments/cards': [{ status: 200, body: { data: [] } }],
    '/api/delivery/quote': [{ status: 200, body: { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1, total: 100 } } }],
  };
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} }, 'card', (url) => {
    const queue = replies[url];
    const next = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
    const { status, body, retryAfter } = next ?? { status: 404, body: {} };
    return fakeResponse(status, body, retryAfter);
  });
});

afterEach(() => jest.useRealTimers());

async function openAddCard() {
  renderPayment();
  fireEvent.click(await screen.findByTestId('add-card-open'));
  fireEvent.input(screen.getByTestId('card-number'), { target: { value: '8600 0691 9540 6311' } });
  fireEvent.input(screen.getByTestId('card-expiry'), { target: { value: '03/99' } });
}

it('refuses a number with a bad Luhn sum itself, by the rule the API runs, and sends nothing', async () => {
  await openAddCard();
  fireEvent.input(screen.getByTestId('card-number'), { target: { value: '8600 0691 9540 6312' } });
  fireEvent.click(screen.getByTestId('card-create'));
  await screen.findByText('Check the card number');
  expect(screen.getByTestId('card-number').getAttribute('aria-invalid')).toBe('true');
  const urls = jest.mocked(global.fetch).mock.calls.map(([url]) => String(url));
  expect(urls).not.toContain('/api/payments/card/create');
  expect(urls).toContain('/api/payments/cards');
});

it('shows the server field errors of a 422 next to their inputs', async () => {
  replies['/api/payments/card/create'] = [
    { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { expire: 'The card has expired.' } } } },
  ];
  await openAddCard();
  fireEvent.click(screen.getByTestId('card-create'));
  await screen.findByText('The card has expired.');
  const expiry = screen.getByTestId('card-expiry');
  expect(expiry.getAttribute('aria-invalid')).toBe('true');
  // the message is the expiry input's own, read out with it
  expect(document.getElementById(expiry.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The card has expired.');
  expect(screen.queryByText('Please check the data you entered.')).toBeNull();
});

it('restarts the resend countdown from Retry-After after a 429', async () => {
  jest.useFakeTimers();
  const card = { id: 3, number: '860006******6311', expire: '03/99', verified: false };
  replies['/api/payments/card/create'] = [{ status: 200, body: { card, phone: '99890*****31', wait: 2 } }];
  replies['/api/payments/card/resend'] = [{ status: 429, body: { error: { code: 'OTP_RESEND_TOO_SOON', message: 'Too soon.' } }, retryAfter: '45' }];
  await openAddCard();
  fireEvent.click(screen.getByTestId('card-create'));
  expect((await screen.findByTestId('card-resend-countdown')).textContent).toBe('Resend code in 2 s');
  for (let i = 0; i < 2; i++) await act(async () => void jest.advanceTimersByTime(1000));
  fireEvent.click(await screen.findByTestId('card-resend'));
  expect((await screen.findByTestId('card-resend-countdown')).textContent).toBe('Resend code in 45 s');
  expect(screen.queryByTestId('card-resend')).toBeNull();
});
