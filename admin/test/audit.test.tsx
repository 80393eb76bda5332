// The audit log as an owner reads it: field names and values in words (statuses, stores, prices), a
// product's name per language and its variants per SKU, what a stock move was about, whom "sessions
// ended" was about, and the objects as links to their pages.
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import type { AuditEntry } from '../src/api/types';
import { catalogLookups } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

const NBSP = '\u00a0';
const owner = staffMember('owner', { id: 1, name: 'Aziza Owner' });
const operator = staffMember('operator', { id: 3, name: 'Jasur Operator' });

let nextId = 100;
function entry(patch: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'entity' | 'entity_id'>): AuditEntry {
  return { id: nextId++, at: '2026-11-23T08:30:00Z', staff: { id: 1, name: 'Aziza Owner', phone: '+998901112233' }, actor: { kind: 'staff', staff_id: 1 }, entity_name: null, before: null, after: null, ...patch };
}

/** The audit page with these entries, the staff list and the catalogue's lookups (store names). */
async function openLog(entries: AuditEntry[]) {
  fakeApi({
    'GET /api/admin/audit': { body: { data: entries, meta: { page: 1, per_page: 50, total: entries.length, last_page: 1 } } },
    'GET /api/admin/staff': { body: { data: [owner, operator] } },
    'GET /api/admin/catalog/lookups': { body: catalogLookups },
  });
  renderAdmin('/audit', owner);
  return screen.findByTestId('audit-table');
}

/** Opens the details of the only row and reads them: "Field: before → after", the hidden "Before:"/"After:" left out. */
async function details(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const diff = await screen.findByTestId('audit-diff');
  const dl = diff.querySelector('dl');
  const cells = dl ? [...dl.children] : [];
  const text = (el: Element) => [...el.childNodes].filter((n) => !(n instanceof HTMLElement && n.classList.contains('adm-visually-hidden'))).map((n) => n.textContent).join('');
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += 3) lines.push(`${cells[i]!.textContent}: ${text(cells[i + 1]!)} → ${text(cells[i + 2]!)}`);
  return { lines, context: screen.queryByTestId('audit-context')?.textContent ?? null, cells };
}

it('an order status change reads in Russian words, and the order is a link to its page', async () => {
  act(() => setLanguage('ru'));
  await openLog([
    entry({
      action: 'order.status',
      entity: 'order',
      entity_id: 'BZ-100042',
      before: { status: 'assembling', payment_status: 'paid' },
      after: { status: 'ready_for_pickup', payment_status: 'refund_pending', note: 'Клиент попросил' },
    }),
  ]);
  expect(screen.getByRole('link', { name: 'Заказ BZ-100042' }).getAttribute('href')).toBe('/orders/BZ-100042');
  const { lines, cells } = await details('Показать изменения');
  expect(lines).toEqual(['Статус: Собирается → Готов к выдаче', 'Статус оплаты: Оплачен → Идёт возврат', 'Примечание: — → Клиент попросил']);
  // a screen reader still hears which value was before and which after
  expect(cells[1]!.textContent).toBe('До: Собирается');
  expect(cells[2]!.textContent).toBe('После: Готов к выдаче');
});

it('a stock move says which SKU in which store, its reason in words', async () => {
  await openLog([
    entry({
      action: 'stock.move',
      entity: 'variant',
      entity_id: '851',
      before: { sku: 'KT-1', store_id: 1, quantity: 5 },
      after: { sku: 'KT-1', store_id: 1, quantity: 1205, reason: 'received' },
    }),
  ]);
  expect(screen.getByRole('link', { name: 'Variant 851 · KT-1' }).getAttribute('href')).toBe('/products?q=KT-1');
  const { lines, context } = await details('Show changes');
  expect(context).toBe('KT-1 · Bozor Chilanzar');
  expect(lines).toEqual(['Quantity in stock: 5 → 1,205', 'Reason: — → Received']);
});

it('a staff change in Russian: role, store by its name, yes/no', async () => {
  act(() => setLanguage('ru'));
  await openLog([entry({ action: 'staff.update', entity: 'staff', entity_id: '3', before: { name: 'Jasur Operator', role: 'operator', store_id: null, active: true }, after: { name: 'Jasur Operator', role: 'store', store_id: 2, active: false } })]);
  expect(screen.getByRole('link', { name: 'Jasur Operator' }).getAttribute('href')).toBe('/staff');
  const { lines, context } = await details('Показать изменения');
  expect(context).toBe('Jasur Operator');
  expect(lines).toEqual(['Роль: Оператор → Магазин', 'Магазин: — → Bozor Yunusabad', 'Активен: Да → Нет']);
});

it("a product's change shows the changed Russian name and one variant's price, not the whole name and variants", async () => {
  act(() => setLanguage('ru'));
  const variant = (id: number, sku: string, price: number, old: number | null) => ({
    id,
    sku,
    options: ['color=white'],
    price_individual: price,
    price_legal: 330000,
    old_price_individual: old,
    old_price_legal: null,
    low_stock_threshold: null,
  });
  await openLog([
    entry({
      action: 'product.update',
      entity: 'product',
      entity_id: '12',
      before: { name: { uz: 'Choynak', ru: 'Чайник', en: 'Kettle' }, variants: [variant(851, 'KT-1', 350000, null), variant(852, 'KT-2', 360000, null)], visibility: 'shown' },
      after: { name: { uz: 'Choynak', ru: 'Чайник Polaris', en: 'Kettle' }, variants: [variant(851, 'KT-1', 320000, 350000), variant(852, 'KT-2', 360000, null)], visibility: 'wholesale' },
    }),
  ]);
  expect(screen.getByRole('link', { name: 'Товар 12 · Чайник Polaris' }).getAttribute('href')).toBe('/products/12');
  const { lines } = await details('Показать изменения');
  expect(lines).toEqual([
    'Название (ru): Чайник → Чайник Polaris',
    `KT-1 · Цена для физлиц: 350${NBSP}000${NBSP}сум → 320${NBSP}000${NBSP}сум`,
    `KT-1 · Старая цена для физлиц: — → 350${NBSP}000${NBSP}сум`,
    'Видимость: Виден → Только оптом',
  ]);
});

it("a product's entry that holds only what changed is named by the product's name now, in the reader's language", async () => {
  act(() => setLanguage('uz'));
  await openLog([
    entry({
      action: 'product.update',
      entity: 'product',
      entity_id: '14',
      entity_name: { uz: 'Dazmol Bosch Sensixx', ru: 'Утюг Bosch Sensixx', en: 'Bosch Sensixx iron' },
      before: { weight_grams: 1500 },
      after: { weight_grams: 1800 },
    }),
  ]);
  expect(screen.getByRole('link', { name: /Dazmol Bosch Sensixx/ }).getAttribute('href')).toBe('/products/14');
});

it('added and removed variants are said as such', async () => {
  await openLog([
    entry({
      action: 'product.update',
      entity: 'product',
      entity_id: '12',
      before: { variants: [{ id: 851, sku: 'KT-1', price_individual: 350000 }, { id: 852, sku: 'KT-2', price_individual: 360000 }] },
      after: { variants: [{ id: 851, sku: 'KT-1', price_individual: 350000 }, { id: 853, sku: 'KT-3', price_individual: 370000 }] },
    }),
  ]);
  const { lines } = await details('Show changes');
  expect(lines).toEqual(['Variants · KT-3: — → Added', 'KT-3 · SKU: — → KT-3', 'KT-3 · Price, individuals: — → 370,000\u00a0UZS', 'Variants · KT-2: — → Removed']);
});

it('variants put in another order, and nothing else, are said to be reordered', async () => {
  const kt = (id: number, sku: string) => ({ id, sku, price_individual: 350000 });
  await openLog([
    entry({
      action: 'product.update',
      entity: 'product',
      entity_id: '12',
      before: { variants: [kt(851, 'KT-1'), kt(852, 'KT-2'), kt(853, 'KT-3')] },
      after: { variants: [kt(853, 'KT-3'), kt(851, 'KT-1'), kt(852, 'KT-2')] },
    }),
  ]);
  const { lines } = await details('Show changes');
  expect(lines).toEqual(['Variants · order: KT-1, KT-2, KT-3 → KT-3, KT-1, KT-2']);
});

it("a CSV import's counts read with their names", async () => {
  await openLog([
    entry({
      action: 'catalog.import',
      entity: 'catalog',
      entity_id: 'csv',
      after: { file_name: 'prices.csv', rows: 1200, changed_rows: 40, unchanged_rows: 1160, bad_rows: 0, changes: 52, price_rows: 30, visibility_products: 2, stock_moves: 12 },
    }),
  ]);
  const { lines } = await details('Show changes');
  expect(lines).toEqual([
    'File: — → prices.csv',
    'Rows in the file: — → 1,200',
    'Rows changed: — → 40',
    'Rows unchanged: — → 1,160',
    'Rows with errors: — → 0',
    'Values changed: — → 52',
    'Variants with new prices: — → 30',
    'Products with new visibility: — → 2',
    'Stock counts changed: — → 12',
  ]);
});

it('"Sessions ended" names the staff member, in Russian too', async () => {
  act(() => setLanguage('ru'));
  await openLog([entry({ action: 'staff.end_sessions', entity: 'session', entity_id: '3', before: { live_sessions: 2 }, after: { live_sessions: 0 } })]);
  expect(within(screen.getByTestId('audit-table')).getByRole('link', { name: 'Jasur Operator' }).getAttribute('href')).toBe('/staff');
  expect(screen.queryByText(/Сеанс 3/)).toBeNull();
  const { lines } = await details('Показать изменения');
  expect(lines).toEqual(['Открытые сеансы: 2 → 0']);
});

it('a staff member the list does not have reads as "Staff member 7"', async () => {
  await openLog([entry({ action: 'staff.end_sessions', entity: 'session', entity_id: '7', before: { live_sessions: 1 }, after: { live_sessions: 0 } })]);
  expect(screen.getByRole('link', { name: 'Staff member 7' }).getAttribute('href')).toBe('/staff');
});

it('a change by a command-line tool says so; pictures read as a count', async () => {
  await openLog([
    entry({ action: 'order.status', entity: 'order', entity_id: 'BZ-100043', staff: null, actor: { kind: 'command', name: 'order:status' }, before: { status: 'new', payment_status: 'pending' }, after: { status: 'confirmed', payment_status: 'pending', _command: 'order:status' } }),
    entry({ action: 'product.images', entity: 'product', entity_id: '12', before: { images: ['products/12/a1.webp', 'products/12/b2.webp'] }, after: { images: ['products/12/b2.webp', 'products/12/a1.webp', 'products/12/c3.webp'] } }),
  ]);
  expect(screen.getByText('Command-line tool')).toBeTruthy();
  const [first, second] = screen.getAllByRole('button', { name: 'Show changes' });
  fireEvent.click(first!);
  expect(screen.getByTestId('audit-context').textContent).toBe('Command-line tool: order:status');
  expect(screen.getByTestId('audit-diff').textContent).not.toContain('_command');
  fireEvent.click(second!);
  expect(screen.getByTestId('audit-diff').querySelector('dl')!.textContent).toBe('PicturesBefore: 2 picturesAfter: 3 pictures (1 added)');
});

it('a provider\'s payment event and a customer\'s own deletion name who made them; the shop\'s jobs read "System"', async () => {
  await openLog([
    entry({ action: 'order.payment', entity: 'order', entity_id: 'BZ-100044', staff: null, actor: { kind: 'provider', name: 'payme' }, before: { payment_status: 'paid' }, after: { payment_status: 'refunded', _provider: 'payme' } }),
    entry({ action: 'customer.delete', entity: 'customer', entity_id: '31', staff: null, actor: { kind: 'customer', customer_id: 31 }, before: null, after: { _customer: 31 } }),
    entry({ action: 'order.status', entity: 'order', entity_id: 'BZ-100045', staff: null, actor: { kind: 'command', name: 'system' }, before: { status: 'new' }, after: { status: 'cancelled', _command: 'system' } }),
  ]);
  const rows = within(screen.getByTestId('audit-table')).getAllByRole('row').slice(1);
  expect(rows[0]!.textContent).toContain('Payment provider: Payme');
  expect(rows[0]!.textContent).toContain('Payment settled by the provider');
  expect(rows[1]!.textContent).toContain('Customer #31');
  expect(rows[1]!.textContent).toContain('Customer deleted their account');
  expect(rows[2]!.textContent).toContain('System');
});

it('in Uzbek too: the field and the statuses in words', async () => {
  act(() => setLanguage('uz'));
  await openLog([entry({ action: 'order.status', entity: 'order', entity_id: 'BZ-100044', before: { status: 'new', payment_status: 'pending' }, after: { status: 'confirmed', payment_status: 'pending' } })]);
  const { lines } = await details('Oʻzgarishlarni koʻrsatish');
  expect(lines).toEqual(['Holat: Yangi → Tasdiqlangan']);
});
