// A product's pictures and stock in the back office: a file that is not a picture is refused with what a
// picture must be, a stock change sends the count staff saw (a count that moved meanwhile keeps the dialog),
// and low stock lists the variants under their threshold for a store.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { lookups, product } from './catalog-fixtures';

beforeEach(resetApp);

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
