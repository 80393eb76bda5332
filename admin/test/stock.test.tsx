// Stock as staff meet it: a recount that changed nothing reads "0" in the history (not "−0"); writing off
// more than the store holds is stopped at the quantity field before sending, and the API's refusal, when
// it comes, stands on that field too; the low stock hint tells each role what it can do; a delivery saved again
// after its answer was lost (no connection, a 502) is not counted twice.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import type { StockMovement } from '../src/api/catalog';
import { adminProduct, adminVariant, catalogLookups } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

function movement(id: number, reason: StockMovement['reason'], delta: number, after: number): StockMovement {
  return { id: String(id), at: '2026-11-26T08:00:00Z', store: catalogLookups.stores[0]!, reason, delta, quantity_after: after, note: null, staff: { id: 2, name: 'Manager Test' }, order: null };
}

test('the history shows a recount that changed nothing as 0, not −0', async () => {
  act(() => setLanguage('uz'));
  fakeApi({
    'GET /api/admin/catalog/lookups': { body: catalogLookups },
    'GET /api/admin/products/9': { body: { product: adminProduct() } },
    'GET /api/admin/variants/41/stock-movements': { body: { data: [movement(3, 'correction', 0, 7), movement(2, 'damaged', -3, 7), movement(1, 'received', 5, 10)], meta: { page: 1, per_page: 20, total: 3, last_page: 1 } } },
  });
  renderAdmin('/products/9', staffMember('manager'));
  fireEvent.click(await screen.findByTestId('history-toggle'));
  const rows = await within(await screen.findByTestId('movement-history')).findAllByTestId('movement');
  const changes = rows.map((r) => r.querySelectorAll('td.num')[0]?.textContent);
  expect(changes).toEqual(['0', '−3', '+5']);
});

describe('writing off damaged units', () => {
  async function openDialog(routes: Parameters<typeof fakeApi>[0] = {}) {
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: catalogLookups },
      'GET /api/admin/products/9': { body: { product: adminProduct() } },
      ...routes,
    });
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.click(await screen.findByRole('button', { name: 'Change stock of KT-1 at Bozor Chilanzar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change stock' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'damaged' } });
    return { api, dialog, quantity: within(dialog).getByTestId('movement-quantity') };
  }

  test('more than the store holds is refused on the quantity field, and nothing is sent', async () => {
    const { api, dialog, quantity } = await openDialog();
    fireEvent.change(quantity, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(quantity)).toBe('The store holds only 5: no more can be written off');
    expect(api.to('POST /api/admin/variants/41/stock-movements')).toHaveLength(0);
    // all five may go
    fireEvent.change(quantity, { target: { value: '5' } });
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).not.toBe('true'));
  });

  test('the API’s refusal (units taken meanwhile) stands on the quantity field', async () => {
    const { api, dialog, quantity } = await openDialog({
      'POST /api/admin/variants/41/stock-movements': { status: 409, body: { error: { code: 'STOCK_INSUFFICIENT', message: 'The store does not have that many: 2 left.', available: 2 } } },
    });
    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(quantity)).toBe('The store does not have that many: 2 left.');
    expect(api.to('POST /api/admin/variants/41/stock-movements')).toHaveLength(1);
    expect(dialog.querySelector('.adm-error')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
  });
});

describe('the low stock hint', () => {
  const rows = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1 } } };

  test('a store’s account, which cannot open products, is told to ask a manager', async () => {
    act(() => setLanguage('ru'));
    fakeApi({ 'GET /api/admin/stock/low': rows });
    renderAdmin('/stock/low', staffMember('store'));
    const hint = await screen.findByTestId('low-stock-hint');
    expect(hint.textContent).toBe('Варианты, у которых остаток в магазине ниже порога, сначала самые малые. Остаток меняет менеджер или владелец: сообщите им, что пришло или чего не хватает.');
    expect(hint.textContent).not.toContain('странице товара');
  });

  test('an operator (who reads products but changes no stock) is told the same; a manager to open the product', async () => {
    fakeApi({ 'GET /api/admin/stock/low': rows, 'GET /api/admin/stores': { body: { data: [] } } });
    const { unmount } = renderAdmin('/stock/low', staffMember('operator'));
    expect((await screen.findByTestId('low-stock-hint')).textContent).toContain('A manager or the owner changes the stock');
    unmount();
    renderAdmin('/stock/low', staffMember('manager'));
    expect((await screen.findByTestId('low-stock-hint')).textContent).toBe('Variants whose stock in a store is under their threshold, fewest first. Open the product to change its stock.');
  });
});

describe('a delivery whose save had no clear answer is not counted twice', () => {
  const route = 'POST /api/admin/variants/41/stock-movements';
  /** The product with `chilonzor` units at Bozor Chilanzar (store 1; 1 at the other store). */
  const productWith = (chilonzor: number) => adminProduct({ variants: [adminVariant(41, 'KT-1', [chilonzor, 1])] });
  const saved = (chilonzor: number) => ({ status: 201, body: { movement: movement(9, 'received', 10, chilonzor), variant: adminVariant(41, 'KT-1', [chilonzor, 1]) } });

  async function receive(routes: Parameters<typeof fakeApi>[0]) {
    const api = fakeApi({ 'GET /api/admin/catalog/lookups': { body: catalogLookups }, ...routes });
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.click(await screen.findByRole('button', { name: 'Change stock of KT-1 at Bozor Chilanzar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change stock' });
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('received');
    fireEvent.change(within(dialog).getByTestId('movement-quantity'), { target: { value: '10' } });
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    return { api, dialog, save, preview: () => within(dialog).getByTestId('movement-preview').textContent };
  }

  /** After fakeApi: the API writes the movement, then the answer is lost on its way (a cut connection). */
  function loseTheAnswers() {
    const answer = globalThis.fetch;
    let losing = true;
    globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) =>
      answer(input, init).then((res) => {
        if (losing && init.method === 'POST') throw new TypeError('Failed to fetch');
        return res;
      })) as typeof fetch;
    return () => {
      losing = false;
    };
  }

  test('a received movement is sent with the count the form showed', async () => {
    const { api, dialog, save } = await receive({ 'GET /api/admin/products/9': { body: { product: productWith(15) } }, [route]: saved(25) });
    expect(within(dialog).getByTestId('movement-preview').textContent).toBe('Now 15 → after 25');
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to(route).map((c) => c.body)).toEqual([{ store_id: 1, reason: 'received', quantity: 10, expected_quantity: 15 }]);
  });

  test('a count moved meanwhile (409): the fresh count, our words on what may have happened, the focus on them', async () => {
    let stock = 15;
    const { api, dialog, save, preview } = await receive({
      'GET /api/admin/products/9': () => ({ body: { product: productWith(stock) } }),
      [route]: { status: 409, body: { error: { code: 'STOCK_CHANGED', message: 'The stock changed since you saw it (now 25). Check it and enter it again.', available: 25 } } },
    });
    stock = 25;
    save();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The stock changed since you saw it: your earlier save may have gone through, or an order took units. “Now” shows the current count: check it before saving again.');
    await waitFor(() => expect(preview()).toBe('Now 25 → after 35'));
    expect(screen.getByTestId('stock-KT-1-1').textContent).toContain('25');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(api.to(route)[0]!.body).toMatchObject({ reason: 'received', expected_quantity: 15 });
    // the words follow a language switch
    act(() => setLanguage('ru'));
    // (the page loads its lookups and the product again in Russian)
    await waitFor(() => expect(api.to('GET /api/admin/catalog/lookups')).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByTestId('movement-preview').textContent).toBe('Сейчас 25 → после 35'));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Остаток изменился с тех пор, как вы его видели: возможно, прошлое сохранение всё же прошло или заказ забрал товар. В строке «Сейчас» — текущий остаток: проверьте его, прежде чем сохранять снова.',
    );
  });

  test('no answer: the outcome is said to be unknown; Save again reads the count first and sends nothing when it moved', async () => {
    let stock = 15;
    const { api, dialog, save, preview } = await receive({
      'GET /api/admin/products/9': () => ({ body: { product: productWith(stock) } }),
      // the API writes the delivery; its answer never arrives
      [route]: () => {
        stock = 25;
        return saved(25);
      },
    });
    loseTheAnswers();
    save();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('It is not known whether the change was saved: no clear answer came from the server. Check the stock (reload the page) before saving again.');
    expect(alert.textContent).not.toContain('try again');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // the form is kept as it was
    expect(preview()).toBe('Now 15 → after 25');

    save();
    await waitFor(() => expect(preview()).toBe('Now 25 → after 35'));
    expect(within(dialog).getByRole('alert').textContent).toContain('your earlier save may have gone through');
    expect(api.to(route)).toHaveLength(1);
    expect(screen.getByTestId('stock-KT-1-1').textContent).toContain('25');
  });

  test('a gateway’s 502: unknown too; when the count did not move, Save sends the movement (with that count)', async () => {
    let answer: { status: number; body?: unknown } = { status: 502 };
    const { api, dialog, save } = await receive({ 'GET /api/admin/products/9': { body: { product: productWith(15) } }, [route]: () => answer });
    save();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('It is not known whether the change was saved');
    answer = saved(25);
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // read again before the second send, and both sends carried the count seen
    expect(api.to('GET /api/admin/products/9')).toHaveLength(2);
    expect(api.to(route).map((c) => c.body)).toEqual([
      { store_id: 1, reason: 'received', quantity: 10, expected_quantity: 15 },
      { store_id: 1, reason: 'received', quantity: 10, expected_quantity: 15 },
    ]);
  });
});

test('a dialog closed after a lost answer loads the product again: the table shows the real count', async () => {
  let stock = 15;
  const api = fakeApi({
    'GET /api/admin/catalog/lookups': { body: catalogLookups },
    'GET /api/admin/products/9': () => ({ body: { product: adminProduct({ variants: [adminVariant(41, 'KT-1', [stock, 1])] }) } }),
    'POST /api/admin/variants/41/stock-movements': () => {
      stock = 25;
      return { status: 504 };
    },
  });
  renderAdmin('/products/9', staffMember('manager'));
  fireEvent.click(await screen.findByRole('button', { name: 'Change stock of KT-1 at Bozor Chilanzar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change stock' });
  fireEvent.change(within(dialog).getByTestId('movement-quantity'), { target: { value: '10' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect((await within(dialog).findByRole('alert')).textContent).toContain('It is not known whether the change was saved');
  expect(screen.getByTestId('stock-KT-1-1').textContent).toContain('15');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
  await waitFor(() => expect(screen.getByTestId('stock-KT-1-1').textContent).toContain('25'));
  expect(api.to('GET /api/admin/products/9')).toHaveLength(2);
});
