// Stock as staff meet it: a recount that changed nothing reads "0" in the history (not "−0"); writing off
// more than the store holds is stopped at the quantity field before sending, and the API's refusal, when
// it comes, stands on that field too; the low stock hint tells each role what it can do.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import type { StockMovement } from '../src/api/catalog';
import { adminProduct, catalogLookups } from './fixtures';
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
