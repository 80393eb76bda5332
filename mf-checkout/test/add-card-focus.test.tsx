// Adding and removing a card with the keyboard alone: the focus follows every step and never falls to
// the page — the number when the form opens, the code once it was sent, the wrong field after a refusal,
// the new card (said "added") after the confirmation, "Add a card" again after Cancel or Escape — and a
// card is removed only after "Remove this card? Yes", said "removed", with the focus on the next card.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { $checkoutForm, setLanguage } from '@bozor/shared';
import { fakeResponse, renderPayment, signedInAtPayment } from './paymentFixture';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply[]> = {};
const NEW_CARD = { id: 3, number: '860006******6311', expire: '03/99', verified: false };
const SAVED = [
  { id: 5, number: '860000******0007', expire: '03/99', type: 'Uzcard', verified: true },
  { id: 6, number: '986000******0008', expire: '04/99', type: 'Humo', verified: true },
];

beforeEach(() => {
  replies = {
    '/api/payments/cards': [{ status: 200, body: { data: [] } }],
    '/api/payments/card/create': [{ status: 200, body: { card: NEW_CARD, phone: '99890*****31', wait: 60 } }],
    '/api/delivery/quote': [{ status: 200, body: { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1, total: 100 } } }],
  };
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} }, 'card', (url) => {
    const queue = replies[url];
    const next = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
    const { status, body } = next ?? { status: 404, body: {} };
    return fakeResponse(status, body);
  });
});

const focused = () => document.activeElement;
const messageOf = (el: Element) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
const urls = () => jest.mocked(global.fetch).mock.calls.map(([url]) => String(url));

/** Opens the form with the keyboard's Enter (a click on the focused button) and types a valid card. */
async function openAndType() {
  renderPayment();
  const open = await screen.findByTestId('add-card-open');
  open.focus();
  fireEvent.click(open);
  fireEvent.input(screen.getByTestId('card-number'), { target: { value: '8600 0691 9540 6311' } });
  fireEvent.input(screen.getByTestId('card-expiry'), { target: { value: '03/99' } });
}

/** Asks for the code and types it. */
async function toCode(code = '123456') {
  fireEvent.click(screen.getByTestId('card-create'));
  const field = await screen.findByTestId('card-code');
  await waitFor(() => expect(focused()).toBe(field));
  fireEvent.input(field, { target: { value: code } });
  return field;
}

it('"Add a card" puts the focus on the card number; an invalid number keeps it there, linked to its message (en)', async () => {
  renderPayment();
  const open = await screen.findByTestId('add-card-open');
  open.focus();
  fireEvent.click(open);
  await waitFor(() => expect(focused()).toBe(screen.getByTestId('card-number')));

  fireEvent.input(screen.getByTestId('card-number'), { target: { value: '8600 0691 9540 6312' } });
  fireEvent.input(screen.getByTestId('card-expiry'), { target: { value: '03/99' } });
  const create = screen.getByTestId('card-create');
  create.focus();
  fireEvent.click(create);
  const number = screen.getByTestId('card-number');
  await waitFor(() => expect(focused()).toBe(number));
  expect(number.getAttribute('aria-invalid')).toBe('true');
  expect(messageOf(number)).toBe('Check the card number');
  expect(urls()).not.toContain('/api/payments/card/create');
});

it('"Get the code" puts the focus on the code field; Enter there confirms; a wrong code focuses it with its message (ru)', async () => {
  setLanguage('ru');
  replies['/api/payments/card/confirm'] = [
    { status: 422, body: { error: { code: 'CARD_CODE_INVALID', message: 'Неверный SMS-код.', fields: { code: 'Значение неверно.' } } } },
  ];
  await openAndType();
  const code = await toCode();
  // Enter in the field submits its form (jsdom has no implicit submission: the form's submit is what Enter fires)
  act(() => void fireEvent.submit(code.closest('form')!));
  await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
  expect(urls()).toContain('/api/payments/card/confirm');
  expect(focused()).toBe(code);
  expect(messageOf(code)).toBe('Неверный SMS-код.');
});

it('a confirmed card is announced and its radio, checked, takes the focus (uz)', async () => {
  setLanguage('uz');
  replies['/api/payments/card/confirm'] = [{ status: 200, body: { card: { ...NEW_CARD, verified: true } } }];
  await openAndType();
  const code = await toCode();
  fireEvent.click(screen.getByTestId('card-confirm'));
  const radio = await screen.findByTestId<HTMLInputElement>('card-0');
  await waitFor(() => expect(focused()).toBe(radio));
  expect(radio.checked).toBe(true);
  expect(code.isConnected).toBe(false);
  expect(screen.getByTestId('cards-status').textContent).toBe('860006******6311 kartasi qoʻshildi');
});

it('a short code is explained at the code field, which keeps the focus', async () => {
  await openAndType();
  const code = await toCode('123');
  fireEvent.submit(code.closest('form')!);
  await waitFor(() => expect(messageOf(code)).toBe('Enter the 6-digit code'));
  expect(focused()).toBe(code);
  expect(urls()).not.toContain('/api/payments/card/confirm');
});

it('Cancel on the code step and Escape in the form close it and give the focus back to "Add a card"', async () => {
  await openAndType();
  await toCode();
  fireEvent.click(screen.getByTestId('card-cancel'));
  await waitFor(() => expect(focused()).toBe(screen.getByTestId('add-card-open')));
  expect(screen.queryByTestId('add-card')).toBeNull();

  fireEvent.click(screen.getByTestId('add-card-open'));
  await waitFor(() => expect(focused()).toBe(screen.getByTestId('card-number')));
  fireEvent.keyDown(screen.getByTestId('card-number'), { key: 'Escape' });
  await waitFor(() => expect(focused()).toBe(screen.getByTestId('add-card-open')));
  expect(screen.queryByTestId('add-card')).toBeNull();
});

it('an error tied to no field takes the focus itself', async () => {
  replies['/api/payments/card/create'] = [{ status: 503, body: { error: { code: 'PAYMENTS_UNAVAILABLE', message: 'Card payments are unavailable now.' } } }];
  await openAndType();
  fireEvent.click(screen.getByTestId('card-create'));
  const message = await screen.findByTestId('card-form-error');
  await waitFor(() => expect(focused()).toBe(message));
  expect(message.getAttribute('role')).toBe('alert');
  expect(message.textContent).toBe('Card payments are unavailable now.');
});

describe('removing a card', () => {
  beforeEach(() => {
    replies['/api/payments/cards'] = [{ status: 200, body: { data: SAVED } }];
    replies['/api/payments/cards/5'] = [{ status: 200, body: { removed: true } }];
    replies['/api/payments/cards/6'] = [{ status: 200, body: { removed: true } }];
  });

  it('asks first: "No" keeps the card and gives the focus back to its Remove', async () => {
    renderPayment();
    const remove = await screen.findByRole('button', { name: 'Remove the card 860000******0007' });
    remove.focus();
    fireEvent.click(remove);
    const no = screen.getByRole('button', { name: 'No, keep it' });
    await waitFor(() => expect(focused()).toBe(no));
    expect(screen.getByRole('group', { name: 'Remove the card 860000******0007?' })).toBeTruthy();
    expect(urls()).not.toContain('/api/payments/cards/5');
    fireEvent.click(no);
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Remove the card 860000******0007' })));
    expect(screen.getByText('860000******0007')).toBeTruthy();
  });

  it('"Yes" removes it, says so, and puts the focus on the next card; the last one gives it to "Add a card" (ru)', async () => {
    setLanguage('ru');
    renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить карту 860000******0007' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, удалить' }));
    await waitFor(() => expect(screen.queryByText('860000******0007')).toBeNull());
    expect(screen.getByTestId('cards-status').textContent).toBe('Карта 860000******0007 удалена');
    await waitFor(() => expect(focused()).toBe(screen.getByTestId('card-0')));
    expect(screen.getByTestId('card-0').closest('label')?.textContent).toContain('986000******0008');
    expect($checkoutForm.get().currentCard).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить карту 986000******0008' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, удалить' }));
    await waitFor(() => expect(screen.getByTestId('cards-status').textContent).toBe('Карта 986000******0008 удалена'));
    await waitFor(() => expect(focused()).toBe(screen.getByTestId('add-card-open')));
  });

  it('a double tap on "Yes" sends one removal: no "Not found" after it, and the focus goes to the next card (ru)', async () => {
    setLanguage('ru');
    // what the API answers a second DELETE of the same card
    replies['/api/payments/cards/5'] = [
      { status: 200, body: { removed: true } },
      { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Не найдено.' } } },
    ];
    renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить карту 860000******0007' }));
    const yes = screen.getByRole('button', { name: 'Да, удалить' });
    yes.focus();
    fireEvent.click(yes);
    fireEvent.click(yes);
    await waitFor(() => expect(screen.getByTestId('cards-status').textContent).toBe('Карта 860000******0007 удалена'));
    await waitFor(() => expect(focused()).toBe(screen.getByTestId('card-0')));
    const deletes = jest.mocked(global.fetch).mock.calls.filter(([url, init]) => url === '/api/payments/cards/5' && init?.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(screen.queryByTestId('order-error')).toBeNull();
    expect(screen.queryByText('Не найдено.')).toBeNull();
  });

  it('a card already removed elsewhere (404) is taken off the list as removed, with no error', async () => {
    replies['/api/payments/cards/5'] = [{ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } }];
    renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the card 860000******0007' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.queryByText('860000******0007')).toBeNull());
    expect(screen.getByTestId('cards-status').textContent).toBe('Card 860000******0007 removed');
    expect(screen.queryByTestId('order-error')).toBeNull();
    await waitFor(() => expect(focused()).toBe(screen.getByTestId('card-0')));
  });

  it('a refused removal is said at the order’s message, which takes the focus', async () => {
    replies['/api/payments/cards/5'] = [{ status: 409, body: { error: { code: 'CARD_IN_USE', message: 'The card is being charged now.' } } }];
    renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the card 860000******0007' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    const message = await screen.findByTestId('order-error');
    expect(message.textContent).toBe('The card is being charged now.');
    await waitFor(() => expect(focused()).toBe(message));
    expect(screen.getByText('860000******0007')).toBeTruthy();
  });
});
