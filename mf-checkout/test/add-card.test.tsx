// Adding a card: the server's per-field messages appear next to their inputs (a refusal's own message
// rather than the generic "not valid"), an expired card is called expired, a 429 on resending the code
// restarts the "Resend code in …" countdown from the server's Retry-After, and a refused card's message
// goes when the card is removed.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
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

it('the code message names the card’s phone as the shop writes phones, after a resend too (en, ru)', async () => {
  jest.useFakeTimers();
  const card = { id: 3, number: '860006******6311', expire: '03/99', verified: false };
  replies['/api/payments/card/create'] = [{ status: 200, body: { card, phone: '99890*****31', wait: 1 } }];
  replies['/api/payments/card/resend'] = [{ status: 200, body: { phone: '+99891*****78', wait: 60 } }];
  await openAddCard();
  fireEvent.click(screen.getByTestId('card-create'));
  expect((await screen.findByTestId('card-code-sent')).textContent).toBe('We sent a code to the phone linked to the card 860006******6311: +998 90 *** ** 31');
  await act(async () => void jest.advanceTimersByTime(1000));
  fireEvent.click(await screen.findByTestId('card-resend'));
  await waitFor(() => expect(screen.getByTestId('card-code-sent').textContent).toBe('We sent a code to the phone linked to the card 860006******6311: +998 91 *** ** 78'));
  act(() => setLanguage('ru'));
  expect(screen.getByTestId('card-code-sent').textContent).toBe('Код отправлен на телефон, привязанный к карте 860006******6311: +998 91 *** ** 78');
});

/** The message read out with an input (its aria-describedby). */
const messageOf = (testId: string) => document.getElementById(screen.getByTestId(testId).getAttribute('aria-describedby') ?? '')?.textContent;

it('a wrong SMS code: the API’s own message at the code field, not the generic “not valid” (uz)', async () => {
  setLanguage('uz');
  const card = { id: 3, number: '860006******6311', expire: '03/99', verified: false };
  replies['/api/payments/card/create'] = [{ status: 200, body: { card, phone: '99890*****31', wait: 60 } }];
  replies['/api/payments/card/confirm'] = [
    { status: 422, body: { error: { code: 'CARD_CODE_INVALID', message: 'SMS-kod notoʻgʻri.', fields: { code: 'Qiymat notoʻgʻri.' } } } },
  ];
  await openAddCard();
  fireEvent.click(screen.getByTestId('card-create'));
  fireEvent.input(await screen.findByTestId('card-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('card-confirm'));
  await waitFor(() => expect(screen.getByTestId('card-code').getAttribute('aria-invalid')).toBe('true'));
  expect(messageOf('card-code')).toBe('SMS-kod notoʻgʻri.');
  expect(screen.queryByText('Qiymat notoʻgʻri.')).toBeNull();
});

it('an expired card is said to have expired, a mistyped date to be typed as MM/YY; nothing is sent', async () => {
  await openAddCard();
  fireEvent.input(screen.getByTestId('card-expiry'), { target: { value: '01/20' } });
  fireEvent.click(screen.getByTestId('card-create'));
  await waitFor(() => expect(messageOf('card-expiry')).toBe('This card has expired'));
  expect(screen.queryByText('Enter the expiry as MM/YY')).toBeNull();

  fireEvent.input(screen.getByTestId('card-expiry'), { target: { value: '13/30' } });
  fireEvent.click(screen.getByTestId('card-create'));
  await waitFor(() => expect(messageOf('card-expiry')).toBe('Enter the expiry as MM/YY'));
  expect(jest.mocked(global.fetch).mock.calls.map(([url]) => String(url))).not.toContain('/api/payments/card/create');
});

it('the refused card’s message goes when that card is removed', async () => {
  const refused = { id: 5, number: '860000******0007', expire: '03/99', type: 'Uzcard', verified: true };
  replies['/api/payments/cards'] = [{ status: 200, body: { data: [refused] } }];
  replies['/api/orders/'] = [{ status: 402, body: { error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on the card. The card was not charged.' } } }];
  replies['/api/payments/cards/5'] = [{ status: 200, body: { removed: true } }];
  renderPayment();
  fireEvent.click(await screen.findByTestId('card-0'));
  fireEvent.click(screen.getByTestId('place-order'));
  expect((await screen.findByTestId('order-error')).textContent).toBe('Insufficient funds on the card. The card was not charged.');
  fireEvent.click(screen.getByRole('button', { name: 'Remove the card 860000******0007' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
  await waitFor(() => expect(screen.queryByText('860000******0007')).toBeNull());
  expect(screen.queryByTestId('order-error')).toBeNull();
  expect(screen.queryByText('Insufficient funds on the card. The card was not charged.')).toBeNull();
});
