// The catalogue screens: the products list asks the API for what the address says and shows what is
// missing; an operator reads but cannot change anything; the product form checks before sending and
// puts the API's refusal next to the field it names. Pictures, stock and low stock are catalog-stock.test.tsx,
// the CSV import catalog-import.test.tsx.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { lookups, page, product, row } from './catalog-fixtures';

beforeEach(resetApp);

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
