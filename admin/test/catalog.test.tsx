// The catalogue screens: the products list asks the API for what the address says and shows what is
// missing; an operator reads but cannot change anything; the product form checks before sending and
// puts the API's refusal next to the field it names; the CSV import shows its dry run before applying.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, fakeApi, renderAdmin, resetApp, staffMember } from './support';
import type { AdminProduct, ImportReport, ProductRow } from '../src/api/catalog';
import { adminProduct, catalogLookups } from './fixtures';

beforeEach(resetApp);

const lookups = catalogLookups;

function row(id: number, patch: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    slug: `kettle-${id}`,
    name: `Kettle ${id}`,
    missing_langs: [],
    image_url: '/media/catalog/kettle.webp',
    category: { id: 4, name: 'Kettles' },
    brand: { id: 5, name: 'Polaris' },
    visibility: 'shown',
    archived: false,
    price_individual: 350000,
    price_legal: 330000,
    variants_count: 1,
    skus: [`KT-${id}`],
    total_quantity: 12,
    stock_state: 'in_stock',
    updated_at: '2026-11-23T08:00:00Z',
    ...patch,
  };
}

const product = (patch: Partial<AdminProduct> = {}) => adminProduct({ images: [{ key: 'p/9/a.webp', url: '/media/p/9/a.webp' }], ...patch });

const page = (rows: ProductRow[], meta = {}) => ({ body: { data: rows, meta: { page: 1, per_page: 20, total: rows.length, last_page: 1, ...meta } } });

describe('products list', () => {
  it('asks for exactly what the address says and shows pictures, SKUs, stock and missing languages', async () => {
    const api = fakeApi({
      'GET /api/admin/products': page([row(1, { missing_langs: ['ru', 'en'], stock_state: 'low', total_quantity: 2 }), row(2, { variants_count: 7, skus: ['A', 'B', 'C', 'D', 'E'] })]),
      'GET /api/admin/catalog/lookups': { body: lookups },
    });
    renderAdmin('/products?q=choynak&category_id=4&stock=low&missing_lang=any&page=1', staffMember('manager'));
    await screen.findByTestId('products-table');
    const q = api.to('GET /api/admin/products')[0]!.query;
    expect(Object.fromEntries(q)).toEqual({ q: 'choynak', category_id: '4', stock: 'low', missing_lang: 'any', page: '1', per_page: '20' });
    const rows = within(screen.getByTestId('products-table')).getAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).queryByText('Missing in Русский')).not.toBeNull();
    expect(within(rows[0]!).queryByText('Missing in English')).not.toBeNull();
    expect(within(rows[0]!).queryByText('Low')).not.toBeNull();
    expect(rows[1]!.textContent).toContain('A, B, C, D, E +2 more');
    expect(rows[1]!.querySelector('img')?.getAttribute('src')).toBe('/media/catalog/kettle.webp?w=160');
    await waitFor(() => expect((screen.getByTestId('filter-category') as HTMLSelectElement).value).toBe('4'));
    // a manager may add and import
    expect(screen.queryByTestId('product-new')).not.toBeNull();
    fireEvent.change(screen.getByTestId('filter-visibility'), { target: { value: 'hidden' } });
    expect(currentLocation()).toBe('/products?q=choynak&category_id=4&stock=low&missing_lang=any&visibility=hidden');
  });

  it('an operator sees the list without "Add product" and a product without any way to change it', async () => {
    const api = fakeApi({
      'GET /api/admin/products': page([row(9)]),
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: product() } },
    });
    renderAdmin('/products', staffMember('operator'));
    await screen.findByTestId('products-table');
    expect(screen.queryByTestId('product-new')).toBeNull();
    expect(screen.queryByText('Import / export', { selector: 'a.bz-btn' })).toBeNull();
    fireEvent.click(screen.getByTestId('product-link'));
    await screen.findByTestId('product-form');
    expect(screen.queryByText('You can look at the catalogue; only a manager or the owner can change it.')).not.toBeNull();
    expect(screen.queryByTestId('product-save')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change stock/ })).toBeNull();
    expect(screen.queryByTestId('picture-input')).toBeNull();
    expect(screen.queryByTestId('add-variant')).toBeNull();
    expect(screen.queryByTestId('product-archive')).toBeNull();
    expect((screen.getByTestId('name-uz') as HTMLInputElement).readOnly).toBe(true);
    // the stock is there to read
    expect(screen.getByTestId('stock-KT-1-2').textContent).toContain('Low');
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // and "new product" by its address is not for them
    act(() => undefined);
  });
});

describe('product form', () => {
  const routes = (post: (body: unknown) => { status?: number; body: unknown }) => ({
    'GET /api/admin/catalog/lookups': { body: lookups },
    'POST /api/admin/products': (call: { body: unknown }) => post(call.body),
    'GET /api/admin/products/9': { body: { product: product() } },
  });

  async function fillValid() {
    fireEvent.change(screen.getByTestId('name-uz'), { target: { value: 'Elektr choynak' } });
    fireEvent.change(screen.getByTestId('product-category'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('product-brand'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('product-mxik'), { target: { value: '08516010001000000' } });
    fireEvent.change(screen.getByTestId('product-package'), { target: { value: '1501471' } });
    fireEvent.change(screen.getByTestId('product-weight'), { target: { value: '1200' } });
    fireEvent.change(screen.getByTestId('variant-sku'), { target: { value: 'KT-100' } });
    fireEvent.change(screen.getByTestId('variant-price'), { target: { value: '350000' } });
    fireEvent.change(screen.getByTestId('variant-price-legal'), { target: { value: '330000' } });
  }

  it('flags the missing languages, checks before sending, and sends nothing while a field is wrong', async () => {
    const api = fakeApi(routes(() => ({ status: 201, body: { product: product() } })));
    renderAdmin('/products/new', staffMember('manager'));
    await screen.findByTestId('product-form');
    expect(screen.queryByTestId('lang-missing-ru')).not.toBeNull();
    await fillValid();
    fireEvent.change(screen.getByTestId('product-mxik'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('MXIK is 17 digits')).toBeTruthy();
    expect(api.to('POST /api/admin/products')).toHaveLength(0);
    // the typed values are all still there
    expect((screen.getByTestId('name-uz') as HTMLInputElement).value).toBe('Elektr choynak');
    expect((screen.getByTestId('variant-price') as HTMLInputElement).value).toBe('350000');
  });

  it('an empty form sent puts the focus on its first wrong field, the Uzbek name', async () => {
    const api = fakeApi(routes(() => ({ status: 201, body: { product: product() } })));
    renderAdmin('/products/new', staffMember('manager'));
    await screen.findByTestId('product-form');
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(screen.getByTestId('name-uz').getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('name-uz')));
    expect(api.to('POST /api/admin/products')).toHaveLength(0);
  });

  it("puts the API's refusal next to the field it names and keeps everything typed", async () => {
    const api = fakeApi(
      routes(() => ({ status: 409, body: { error: { code: 'SKU_TAKEN', message: 'This SKU is taken', fields: { 'variants.0.sku': 'Another product has SKU KT-100' } } } })),
    );
    renderAdmin('/products/new', staffMember('owner'));
    await screen.findByTestId('product-form');
    await fillValid();
    fireEvent.change(screen.getByTestId('variant-stock-2'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Another product has SKU KT-100')).toBeTruthy();
    const sku = screen.getByTestId('variant-sku');
    expect(sku.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(sku.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Another product has SKU KT-100');
    expect(screen.getByTestId('product-error').textContent).toBe('This SKU is taken');
    expect((sku as HTMLInputElement).value).toBe('KT-100');
    const sent = api.to('POST /api/admin/products')[0]!.body as { variants: { stock?: unknown }[]; name: unknown };
    expect(sent.name).toEqual({ uz: 'Elektr choynak' });
    expect(sent.variants[0]!.stock).toEqual([{ store_id: 2, quantity: 4 }]);
    expect(currentLocation()).toBe('/products/new');
  });

  it('opens the language tab whose field the API refused', async () => {
    fakeApi(routes(() => ({ status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Check the fields', fields: { 'name.ru': 'Слишком длинно' } } } })));
    renderAdmin('/products/new', staffMember('manager'));
    await screen.findByTestId('product-form');
    await fillValid();
    expect(screen.getByTestId('lang-tab-uz').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(screen.getByTestId('lang-tab-ru').getAttribute('aria-selected')).toBe('true'));
    expect(screen.queryByTestId('lang-invalid-ru')).not.toBeNull();
    expect(screen.queryByText('Слишком длинно')).not.toBeNull();
  });

  it('asks before leaving with unsaved changes, and keeps the page when the answer is no', async () => {
    fakeApi({ ...routes(() => ({ status: 201, body: { product: product() } })), 'GET /api/admin/products': page([]) });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin('/products/new', staffMember('manager'));
    await screen.findByTestId('product-form');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    fireEvent.change(screen.getByTestId('name-uz'), { target: { value: 'Choynak' } });
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByTestId('nav-products'), { button: 0 });
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving?');
    expect(currentLocation()).toBe('/products/new');
    expect((screen.getByTestId('name-uz') as HTMLInputElement).value).toBe('Choynak');
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByTestId('nav-products'), { button: 0 });
    expect(currentLocation()).toBe('/products');
    confirm.mockRestore();
  });

  it('creates and goes to the product; a second variant can be added and removed', async () => {
    const api = fakeApi(routes(() => ({ status: 201, body: { product: product() } })));
    renderAdmin('/products/new', staffMember('manager'));
    await screen.findByTestId('product-form');
    await fillValid();
    fireEvent.click(screen.getByTestId('add-variant'));
    expect(screen.getAllByTestId('variant')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('remove-variant')[1]!);
    expect(screen.getAllByTestId('variant')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(currentLocation()).toBe('/products/9'));
    expect(api.to('POST /api/admin/products')).toHaveLength(1);
    expect(await screen.findByTestId('stock-panel')).toBeTruthy();
  });
});

describe('pictures', () => {
  it('a file that is not a picture is refused with what a picture must be', async () => {
    fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: product() } },
      'POST /api/admin/products/9/images': { status: 422, body: { error: { code: 'IMAGE_INVALID', message: 'A picture must be JPEG, PNG or WebP (up to 10 MB).', fields: { image: 'Invalid value.' } } } },
    });
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.change(await screen.findByTestId('picture-input'), { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'A picture must be JPEG, PNG or WebP (up to 10 MB).');
  });
});

describe('stock', () => {
  it('a correction sends the count seen, and the new stock replaces the old', async () => {
    const moved = { ...product().variants[0]!, stock: [{ store: lookups.stores[0]!, quantity: 5, low: false }, { store: lookups.stores[1]!, quantity: 9, low: false }], total_quantity: 14 };
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: product() } },
      'POST /api/admin/variants/41/stock-movements': { status: 201, body: { movement: {}, variant: moved } },
    });
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.click(await screen.findByRole('button', { name: 'Change stock of KT-1 at Bozor Yunusabad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change stock' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'correction' } });
    fireEvent.change(within(dialog).getByTestId('movement-quantity'), { target: { value: '9' } });
    expect(within(dialog).getByTestId('movement-preview').textContent).toBe('Now 1 → after 9');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'recount' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /api/admin/variants/41/stock-movements')[0]!.body).toEqual({ store_id: 2, reason: 'correction', quantity: 9, expected_quantity: 1, note: 'recount' });
    expect(screen.getByTestId('stock-KT-1-2').textContent).toContain('9');
    expect(screen.queryByText('14 units in all')).not.toBeNull();
  });

  it('a count that moved meanwhile (409) keeps the dialog with the reason and loads the product again; a field refusal (422) stands on its field', async () => {
    let answer: { status: number; body: unknown } = { status: 409, body: { error: { code: 'STOCK_CHANGED', message: 'The stock changed meanwhile: now 4.', available: 4 } } };
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: product() } },
      'POST /api/admin/variants/41/stock-movements': () => answer,
    });
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.click(await screen.findByRole('button', { name: 'Change stock of KT-1 at Bozor Yunusabad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change stock' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'correction' } });
    fireEvent.change(within(dialog).getByTestId('movement-quantity'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/^The stock changed since you saw it: your earlier save may have gone through/)).toBeTruthy();
    await waitFor(() => expect(api.to('GET /api/admin/products/9')).toHaveLength(2));

    answer = { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Check the fields', fields: { expected_quantity: 'Too large' } } } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByTestId('movement-quantity').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).queryByText('Too large')).not.toBeNull();
    expect(within(dialog).queryByText('Check the fields')).toBeNull();
  });
});

describe('CSV import', () => {
  const report = (patch: Partial<ImportReport> = {}): ImportReport => ({
    file_name: 'prices.csv',
    token: 'tok-1',
    counts: { rows: 3, changed_rows: 1, unchanged_rows: 1, bad_rows: 1, changes: 2 },
    changes: [
      { row: 2, sku: 'KT-1', field: 'price_individual', before: 350000, after: 340000 },
      { row: 2, sku: 'KT-1', field: 'stock:chilonzor', before: 5, after: 8 },
    ],
    errors: [{ row: 4, sku: 'NOPE', column: 'sku', message: 'No variant has this SKU' }],
    ...patch,
  });

  it('shows every change and bad row of the dry run; Apply waits for a file without bad rows, then sends its token', async () => {
    let answer = report();
    const api = fakeApi({
      'POST /api/admin/catalog/import/dry-run': () => ({ body: answer }),
      'GET /api/admin/catalog/lookups': { body: lookups },
      'POST /api/admin/catalog/import/apply': { body: { file_name: 'prices.csv', counts: { rows: 2, changed_rows: 1, unchanged_rows: 1, bad_rows: 0, changes: 2 } } },
    });
    renderAdmin('/catalog/import', staffMember('manager'));
    const file = new File(['sku;price_individual\nKT-1;340000\n'], 'prices.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('import-check'));
    const shown = await screen.findByTestId('import-report');
    expect(within(shown).queryByText('This is a check: nothing has been changed yet.')).not.toBeNull();
    const errors = within(screen.getByTestId('import-errors')).getAllByRole('row');
    expect(errors[1]!.textContent).toContain('4');
    expect(errors[1]!.textContent).toContain('No variant has this SKU');
    const changes = screen.getAllByTestId('import-change');
    expect(changes[0]!.textContent).toMatch(/Price, individuals.*350,000.*340,000/);
    expect(changes[1]!.textContent).toContain('Stock: Bozor Chilanzar');
    expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', true);

    answer = report({ counts: { rows: 2, changed_rows: 1, unchanged_rows: 1, bad_rows: 0, changes: 2 }, errors: [], token: 'tok-2' });
    fireEvent.click(screen.getByTestId('import-check'));
    await waitFor(() => expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', false));
    expect(screen.getByTestId('import-apply').textContent).toBe('Apply 2 changes');
    fireEvent.click(screen.getByTestId('import-apply'));
    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain('prices.csv is applied');
    expect(result.textContent).toContain('Rows changed: 1 · values: 2');
    expect(api.to('POST /api/admin/catalog/import/apply')).toHaveLength(1);
    const sent = (globalThis.fetch as jest.Mock).mock.calls.find(([url]) => String(url).endsWith('/import/apply'))![1] as RequestInit;
    const form = sent.body as FormData;
    expect(form.get('token')).toBe('tok-2');
    expect((form.get('file') as File).name).toBe('prices.csv');
  });

  it('a file it cannot read says why; the bad rows are counted as rows, not as messages', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { error: { code: 'IMPORT_FILE_INVALID', message: 'The file could not be read: unknown column "foo"', fields: { file: 'Invalid value.' } } },
    };
    fakeApi({ 'POST /api/admin/catalog/import/dry-run': () => answer, 'GET /api/admin/catalog/lookups': { body: lookups } });
    renderAdmin('/catalog/import', staffMember('manager'));
    fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [new File(['sku,price,foo\n'], 'bad.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByTestId('import-check'));
    expect(await screen.findByText('The file could not be read: unknown column "foo"')).toBeTruthy();
    expect(screen.queryByText('Invalid value.')).toBeNull();

    const twoOnOneRow = { row: 4, sku: 'NOPE', column: 'price_individual', message: 'Not a price' };
    answer = { status: 200, body: report({ errors: [report().errors[0]!, twoOnOneRow] }) };
    fireEvent.click(screen.getByTestId('import-check'));
    expect(await screen.findByRole('heading', { name: '1 row with errors' })).toBeTruthy();
  });

  it('is not for an operator', async () => {
    fakeApi({ 'GET /api/admin/dashboard': { body: {} } });
    renderAdmin('/catalog/import', staffMember('operator'));
    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeTruthy();
  });
});

describe('low stock', () => {
  const low = {
    data: [{ variant_id: 41, product_id: 9, product_name: 'Kettle', sku: 'KT-1', options: 'White', image_url: null, store: lookups.stores[1]!, quantity: 0, threshold: 3 }],
    meta: { page: 1, per_page: 50, total: 1, last_page: 1 },
  };

  it('lists the variants under their threshold with a store filter, each a link to its product', async () => {
    const api = fakeApi({ 'GET /api/admin/stock/low': { body: low }, 'GET /api/store/stores': { body: { data: [{ id: 2, name: 'Bozor Yunusabad' }] } } });
    renderAdmin('/stock/low?store_id=2', staffMember('operator'));
    const row = await screen.findByTestId('low-stock-row');
    expect(row.textContent).toContain('KT-1');
    expect(row.textContent).toContain('Bozor Yunusabad');
    expect(within(row).getByRole('link', { name: 'Kettle' }).getAttribute('href')).toBe('/products/9');
    expect(api.to('GET /api/admin/stock/low')[0]!.query.get('store_id')).toBe('2');
    await waitFor(() => expect((screen.getByTestId('filter-store') as HTMLSelectElement).value).toBe('2'));
  });

  it("a store account sees its own store's list, without a store filter or product links", async () => {
    fakeApi({ 'GET /api/admin/stock/low': { body: low }, 'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } } });
    renderAdmin('/stock/low', staffMember('store'));
    const row = await screen.findByTestId('low-stock-row');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('filter-store')).toBeNull();
  });
});
