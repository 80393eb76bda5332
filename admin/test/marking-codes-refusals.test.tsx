// Marking codes refused and saved: the API's refusals next to the field they name (and not said twice), a 409
// when the goods left meanwhile, where the focus goes after "Save codes", and the count of scanned codes after
// a refusal.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { CODES, field, markedOrder, ordersList } from './marking-codes-fixtures';

beforeEach(resetApp);

it('the API’s refusal is shown next to the field it names and under the line; an empty field is not sent', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder() } },
    'PUT /api/admin/orders/BZ-100042/items/501/labels': {
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the data you entered.',
          fields: { labels: 'A marking code is 21 characters: a 14-digit GTIN and a 7-character serial.', 'labels.1': 'Not a marking code.' },
          problem: 'format',
          quantity: 2,
        },
      },
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByLabelText('Unit 1 of 2');
  fireEvent.change(field(1), { target: { value: CODES[0] } });
  fireEvent.click(screen.getByRole('button', { name: 'Save codes' }));
  // The second unit is empty: said at once, nothing sent.
  expect(field(2).getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(field(2).getAttribute('aria-describedby')!)?.textContent).toBe('Scan or type this unit’s code');
  expect(document.activeElement).toBe(field(2));
  expect(api.to('PUT /api/admin/orders/BZ-100042/items/501/labels')).toHaveLength(0);

  fireEvent.change(field(2), { target: { value: '0478006900013' } });
  expect(field(2).getAttribute('aria-invalid')).toBeNull();
  fireEvent.keyDown(field(2), { key: 'Enter' });
  expect((await screen.findByTestId('marking-error-501')).textContent).toBe('A marking code is 21 characters: a 14-digit GTIN and a 7-character serial.');
  expect(document.getElementById(field(2).getAttribute('aria-describedby')!)?.textContent).toBe('Not a marking code.');
  expect(field(1).getAttribute('aria-invalid')).toBeNull();
  expect(document.activeElement).toBe(field(2));
  // What was typed stays for correcting.
  expect(field(2).value).toBe('0478006900013');
  expect(screen.queryByTestId('labels-missing')).not.toBeNull();
  // Correcting it clears what was said about the old codes, and an empty field says only that.
  fireEvent.change(field(2), { target: { value: '' } });
  expect(screen.queryByTestId('marking-error-501')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Save codes' }));
  expect(document.getElementById(field(2).getAttribute('aria-describedby')!)?.textContent).toBe('Scan or type this unit’s code');
  expect(screen.queryByTestId('marking-error-501')).toBeNull();
});

it('a refusal the field already states is not said again under the line', async () => {
  const same = 'A marking code is 21 characters: a 14-digit GTIN and a 7-character serial.';
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder() } },
    'PUT /api/admin/orders/BZ-100042/items/501/labels': {
      status: 422,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { labels: same, 'labels.1': same }, problem: 'format', quantity: 2 } },
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByLabelText('Unit 1 of 2');
  fireEvent.change(field(1), { target: { value: CODES[0] } });
  fireEvent.change(field(2), { target: { value: 'abc' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save codes' }));
  await waitFor(() => expect(field(2).getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getAllByText(same)).toHaveLength(1);
  expect(screen.queryByTestId('marking-error-501')).toBeNull();
});

it('a 409 (the goods left meanwhile) is said in the API’s words and the order is loaded again', async () => {
  let current = markedOrder();
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': () => ({ body: { order: current } }),
    'PUT /api/admin/orders/BZ-100042/items/501/labels': () => {
      // a colleague handed the parcel to the courier a moment ago
      current = markedOrder({ status: 'shipping', status_label: 'On the way', allowed_next: ['delivered'], labels_editable: false });
      return { status: 409, body: { error: { code: 'LABELS_CLOSED', message: 'The goods have left the shop or the order is closed: its marking codes can no longer be changed.' } } };
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByLabelText('Unit 1 of 2');
  fireEvent.change(field(1), { target: { value: CODES[0] } });
  fireEvent.change(field(2), { target: { value: CODES[1] } });
  const save = screen.getByRole('button', { name: 'Save codes' });
  save.focus();
  fireEvent.click(save);
  expect((await screen.findByTestId('marking-error-501')).textContent).toBe('The goods have left the shop or the order is closed: its marking codes can no longer be changed.');
  await waitFor(() => expect(api.to('GET /api/admin/orders/BZ-100042')).toHaveLength(2));
  await waitFor(() => expect(within(screen.getByTestId('marking-501')).queryByRole('textbox')).toBeNull());
  expect(screen.queryByTestId('marking-error-501')).not.toBeNull();
  // the fields (and the focus in them) are gone: the reason takes the focus
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('marking-error-501')));
});

describe('after “Save codes”', () => {
  it('with no other line to scan, the focus stays on “Save codes” (now with nothing to save) and a press sends nothing', async () => {
    const cash = { payment_method: 'cash' as const, fiscal_receipt: null };
    const api = fakeApi({
      'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder(cash) } },
      'PUT /api/admin/orders/BZ-100042/items/501/labels': { body: { order: markedOrder(cash, [CODES[0]!, CODES[1]!]) } },
      'GET /api/admin/orders': ordersList,
    });
    renderAdmin('/orders/BZ-100042', staffMember('operator'));
    await screen.findByLabelText('Unit 1 of 2');
    fireEvent.change(field(1), { target: { value: CODES[0] } });
    fireEvent.change(field(2), { target: { value: CODES[1] } });
    const save = screen.getByRole('button', { name: 'Save codes' });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByTestId('marking-saved-501')).toBeTruthy();
    expect(await screen.findByText('Marking codes saved')).toBeTruthy();
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(save);
    fireEvent.click(save);
    expect(api.to('PUT /api/admin/orders/BZ-100042/items/501/labels')).toHaveLength(1);
  });

  it('when the codes turn read-only with the receipt, the focus goes to the line’s title', async () => {
    fakeApi({
      'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder() } },
      'PUT /api/admin/orders/BZ-100042/items/501/labels': { body: { order: markedOrder({ labels_editable: false }, [CODES[0]!, CODES[1]!]) } },
      'GET /api/admin/orders': ordersList,
    });
    renderAdmin('/orders/BZ-100042', staffMember('operator'));
    await screen.findByLabelText('Unit 1 of 2');
    fireEvent.change(field(1), { target: { value: CODES[0] } });
    fireEvent.change(field(2), { target: { value: CODES[1] } });
    const save = screen.getByRole('button', { name: 'Save codes' });
    save.focus();
    fireEvent.click(save);
    const title = await screen.findByText('Marking codes — Tefal kettle', { selector: 'strong' });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });
});

describe('the count of scanned codes', () => {
  const refusal = (fields: Record<string, string>) => ({ status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields } } });

  it('leaves out a code the API refused, so it never says all are scanned next to an error', async () => {
    fakeApi({
      'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder() } },
      'PUT /api/admin/orders/BZ-100042/items/501/labels': refusal({ 'labels.1': 'This code is already on another order.' }),
      'GET /api/admin/orders': ordersList,
    });
    renderAdmin('/orders/BZ-100042', staffMember('operator'));
    await screen.findByLabelText('Unit 1 of 2');
    fireEvent.change(field(1), { target: { value: CODES[0] } });
    fireEvent.change(field(2), { target: { value: CODES[1] } });
    expect(screen.queryByText('2 of 2 scanned')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save codes' }));
    expect(await screen.findByText('This code is already on another order.')).toBeTruthy();
    expect(screen.queryByText('1 of 2 scanned')).not.toBeNull();
    expect(screen.queryByText('2 of 2 scanned')).toBeNull();
  });

  it('after a refusal of the whole set, counts only the saved codes; the message takes the focus', async () => {
    const one = () => {
      const order = markedOrder();
      return { ...order, labels_missing: 1, items: [{ ...order.items[0]!, quantity: 1 }, order.items[1]!] };
    };
    fakeApi({
      'GET /api/admin/orders/BZ-100042': { body: { order: one() } },
      'PUT /api/admin/orders/BZ-100042/items/501/labels': refusal({ labels: 'These codes belong to another product (GTIN).' }),
      'GET /api/admin/orders': ordersList,
    });
    renderAdmin('/orders/BZ-100042', staffMember('operator'));
    const unit = (await screen.findByLabelText('Unit 1 of 1')) as HTMLInputElement;
    fireEvent.change(unit, { target: { value: CODES[0] } });
    expect(screen.queryByText('1 of 1 scanned')).not.toBeNull();
    fireEvent.keyDown(unit, { key: 'Enter' });
    const message = await screen.findByTestId('marking-error-501');
    expect(message.textContent).toBe('These codes belong to another product (GTIN).');
    expect(screen.queryByText('0 of 1 scanned')).not.toBeNull();
    expect(screen.queryByText('1 of 1 scanned')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(message));
  });
});
