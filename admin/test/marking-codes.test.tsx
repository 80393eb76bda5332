// Marking codes on an order's page: a field per unit that a hand scanner fills (Enter moves on, and saves after
// the last unit), a paste of several lines filling the fields, the badge while codes are missing, the goods not
// handed over without them, and read-only codes once the fiscal receipt carries them. The API's refusals and
// what follows a save are marking-codes-refusals.test.tsx.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { normaliseCode, splitPasted } from '../src/components/orders/markingCodes';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { CODES, field, markedOrder, ordersList } from './marking-codes-fixtures';

beforeEach(resetApp);

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
