// Marking codes on an order's page: a field per unit that a hand scanner fills (Enter moves on, and saves after
// the last unit), a paste of several lines filling the fields, the API's refusals next to the field they name,
// the badge while codes are missing, the goods not handed over without them, and read-only codes once the
// fiscal receipt carries them.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { normaliseCode, splitPasted } from '../src/components/orders/markingCodes';
import type { OrderDetail } from '../src/api/types';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(resetApp);

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const CODES = ['04780069000130aB!"%&1', '04780069000130aB!"%&2', '0478006900013012345_?'];

/** An assembling Click order: a marked kettle (2 units) and an unmarked fan. */
function markedOrder(patch: Partial<OrderDetail> = {}, labels: string[] = []): OrderDetail {
  const base = orderDetail();
  return orderDetail({
    status: 'assembling',
    status_label: 'Being assembled',
    payment_method: 'click',
    payment_status: 'paid',
    payment_status_label: 'Paid',
    allowed_next: ['shipping', 'cancelled'],
    labels_missing: labels.length === 2 ? 0 : 2,
    fiscal_receipt: labels.length === 2 ? 'sent' : 'waiting_for_labels',
    items: [{ ...base.items[0]!, quantity: 2, total: 900000, marked: true, labels }, base.items[1]!],
    ...patch,
  });
}

const field = (n: number) => screen.getByLabelText(`Unit ${n} of 2`) as HTMLInputElement;

it('a scanner fills one field per unit: Enter moves on, and after the last unit the codes are saved', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder() } },
    'PUT /api/admin/orders/BZ-100042/items/501/labels': { body: { order: markedOrder({ labels_editable: false }, [CODES[0]!, CODES[1]!]) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('store'));
  expect((await screen.findByTestId('labels-missing')).textContent).toBe('Marking codes missing');
  expect(screen.getByTestId('fiscal-receipt').textContent).toBe('Waits for the marking codes');
  // The goods cannot leave before the codes are scanned.
  expect((screen.getByRole('button', { name: 'Hand to courier' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByTestId('order-needs-codes').textContent).toBe('Scan the marking codes before the goods leave the shop.');
  // Only the marked line asks for codes.
  expect(screen.queryByRole('group', { name: 'Marking codes — Tefal kettle' })).not.toBeNull();
  expect(screen.queryByRole('group', { name: 'Marking codes — Artel fan' })).toBeNull();

  // The badge takes the keyboard to the first code to scan.
  fireEvent.click(screen.getByTestId('labels-missing'));
  expect(document.activeElement).toBe(field(1));
  fireEvent.change(field(1), { target: { value: ` ${CODES[0]!} ` } });
  fireEvent.keyDown(field(1), { key: 'Enter' });
  expect(document.activeElement).toBe(field(2));
  expect(field(1).value).toBe(CODES[0]);
  expect(api.to('PUT /api/admin/orders/BZ-100042/items/501/labels')).toHaveLength(0);
  fireEvent.change(field(2), { target: { value: CODES[1] } });
  fireEvent.keyDown(field(2), { key: 'Enter' });

  await waitFor(() => expect(screen.queryByTestId('labels-missing')).toBeNull());
  expect(api.to('PUT /api/admin/orders/BZ-100042/items/501/labels')[0]?.body).toEqual({ labels: [CODES[0], CODES[1]] });
  // Saved codes are shown; the receipt went with them, so they are read-only now.
  const box = screen.getByTestId('marking-501');
  expect(within(box).getAllByRole('listitem').map((li) => li.textContent)).toEqual([CODES[0], CODES[1]]);
  expect(within(box).queryByRole('textbox')).toBeNull();
  expect(within(box).queryByText('The fiscal receipt carries these codes: they can no longer be changed.')).not.toBeNull();
  expect(screen.getByTestId('fiscal-receipt').textContent).toBe('Sent through Click');
  expect((screen.getByRole('button', { name: 'Hand to courier' }) as HTMLButtonElement).disabled).toBe(false);
  expect(await screen.findByText('Marking codes saved; the fiscal receipt was sent with them')).toBeTruthy();
});

it('a paste of several lines fills the fields in turn and says what did not fit', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder({ payment_method: 'cash', fiscal_receipt: null }) } },
    'PUT /api/admin/orders/BZ-100042/items/501/labels': { body: { order: markedOrder({ payment_method: 'cash', fiscal_receipt: null }, [CODES[1]!, CODES[2]!]) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByLabelText('Unit 1 of 2');
  fireEvent.paste(field(1), { clipboardData: { getData: () => `${CODES[1]!}\r\n${CODES[2]!}\n\n${CODES[0]!}\n` } });
  expect([field(1).value, field(2).value]).toEqual([CODES[1], CODES[2]]);
  expect(screen.getByTestId('marking-notice-501').textContent).toBe('1 pasted code did not fit: the line has fewer units.');
  expect(screen.queryByText('2 of 2 scanned')).not.toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Save codes' }));
  expect(await screen.findByTestId('marking-saved-501')).toBeTruthy();
  expect(api.to('PUT /api/admin/orders/BZ-100042/items/501/labels')[0]?.body).toEqual({ labels: [CODES[1], CODES[2]] });
  // Still editable (a cash order: no receipt through Click), the saved codes in their fields.
  expect([field(1).value, field(2).value]).toEqual([CODES[1], CODES[2]]);
  // nothing more to save: said by aria-disabled (a disabled button would drop the focus to the page's top)
  const save = screen.getByRole('button', { name: 'Save codes' }) as HTMLButtonElement;
  expect(save.getAttribute('aria-disabled')).toBe('true');
  expect(save.disabled).toBe(false);
});

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

it('a cancelled order asks for no codes', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder({ status: 'cancelled', status_label: 'Cancelled', allowed_next: [], labels_editable: false }) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByTestId('order-items');
  expect(screen.queryByTestId('marking-501')).toBeNull();
  expect(screen.queryByTestId('labels-missing')).toBeNull();
});

it('after a line is saved, the scanner goes on with the next marked line', async () => {
  const base = markedOrder({ payment_method: 'cash', fiscal_receipt: null, labels_missing: 3 });
  const second = { ...base.items[1]!, id: 503, name: 'Philips iron', quantity: 1, marked: true, labels: [] };
  const order = { ...base, items: [base.items[0]!, second] };
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order } },
    'PUT /api/admin/orders/BZ-100042/items/501/labels': { body: { order: { ...order, labels_missing: 1, items: [{ ...order.items[0]!, labels: [CODES[0]!, CODES[1]!] }, second] } } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByLabelText('Unit 1 of 2');
  fireEvent.change(field(1), { target: { value: CODES[0] } });
  fireEvent.keyDown(field(1), { key: 'Enter' });
  fireEvent.change(field(2), { target: { value: CODES[1] } });
  fireEvent.keyDown(field(2), { key: 'Enter' });
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Unit 1 of 1')));
  expect(screen.queryByTestId('labels-missing')).not.toBeNull();
});

it('codes that can no longer change are listed; missing ones are said', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder({ status: 'shipping', status_label: 'On the way', allowed_next: ['delivered'], labels_editable: false, fiscal_receipt: 'waiting_for_labels' }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  const box = await screen.findByTestId('marking-501');
  expect(within(box).queryByRole('textbox')).toBeNull();
  expect(within(box).queryByText('No codes were scanned.')).not.toBeNull();
  expect(within(box).queryByText('The goods have left the shop or the order is closed: the codes can no longer be changed.')).not.toBeNull();
  expect(screen.queryByTestId('labels-missing')).not.toBeNull();
});

it('speaks the staff member’s language', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: markedOrder() } }, 'GET /api/admin/orders': ordersList });
  act(() => setLanguage('ru'));
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  expect(await screen.findByText('Нет кодов маркировки')).toBeTruthy();
  expect(screen.queryByLabelText('Единица 1 из 2')).not.toBeNull();
});

describe('what a scanner types', () => {
  it('is sent as the API takes it: spaces dropped, a full GS1 read cut to GTIN and serial', () => {
    expect(normaliseCode(` ${CODES[0]!}\n`)).toBe(CODES[0]);
    expect(normaliseCode(`0104780069000130218aB!"%&\u001d93dGVz`)).toBe('047800690001308aB!"%&');
    expect(normaliseCode(`]d20104780069000130218aB!"%&`)).toBe('047800690001308aB!"%&');
    // Without the separator the serial's end is unknown: left for the API to refuse.
    expect(normaliseCode('0104780069000130218aB!"%&93dGVz')).toBe('0104780069000130218aB!"%&93dGVz');
    // A bare code that happens to start with 01 stays as it is.
    expect(normaliseCode('01780069000130aB!"%&1')).toBe('01780069000130aB!"%&1');
  });

  it('splits a paste into codes', () => {
    expect(splitPasted(`${CODES[0]!}\r\n\n ${CODES[1]!}\t${CODES[2]!}\n`)).toEqual(CODES);
    expect(splitPasted(CODES[0]!)).toEqual([CODES[0]]);
    expect(splitPasted(' \n ')).toEqual([]);
  });
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
