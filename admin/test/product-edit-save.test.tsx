// Saving the product page: the focus stays where staff work after a save and goes to the first wrong field of
// a refused check; codes and prices are taken as typed, not cut or refused for spaces; an attribute named twice
// is flagged before saving.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, fakeApi, holdRequests, likeABrowserEvent, renderAdmin, resetApp, staffMember } from './support';
import { lookups, product, toasts } from './product-edit-fixtures';

beforeEach(resetApp);

describe('the focus after a save', () => {
  async function fillNew() {
    await screen.findByTestId('product-form');
    fireEvent.change(screen.getByTestId('name-uz'), { target: { value: 'Choynak' } });
    fireEvent.change(screen.getByTestId('product-category'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('product-brand'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('product-mxik'), { target: { value: '08516010001000000' } });
    fireEvent.change(screen.getByTestId('product-package'), { target: { value: '1501471' } });
    fireEvent.change(screen.getByTestId('product-weight'), { target: { value: '1200' } });
    fireEvent.change(screen.getByTestId('variant-sku'), { target: { value: 'KT-1' } });
    fireEvent.change(screen.getByTestId('variant-price'), { target: { value: '350000' } });
    fireEvent.change(screen.getByTestId('variant-price-legal'), { target: { value: '330000' } });
  }

  it('creating a product: the page moves to its address and its title (the name) takes the focus', async () => {
    fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'POST /api/admin/products': { status: 201, body: { product: product() } },
      'GET /api/admin/products/9': { body: { product: product() } },
    });
    renderAdmin('/products/new', staffMember('manager'));
    await fillNew();
    const create = screen.getByTestId('product-save');
    create.focus();
    fireEvent.click(create);
    await waitFor(() => expect(currentLocation()).toBe('/products/9'));
    await screen.findByTestId('stock-panel');
    const title = screen.getByTestId('product-title');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.textContent).toBe('Kettle');
    expect(toasts()).toContain('The product is created');
  });

  it('Save on a product keeps the focus on Save while sending and after, and says it is saved', async () => {
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: product() } },
      'PATCH /api/admin/products/9': { body: { product: product({ name: { uz: 'Choynak', ru: 'Чайник', en: 'Electric kettle' } }) } },
    });
    const release = holdRequests('PATCH');
    renderAdmin('/products/9', staffMember('manager'));
    await screen.findByTestId('product-form');
    fireEvent.click(screen.getByTestId('lang-tab-en'));
    fireEvent.change(screen.getByTestId('name-en'), { target: { value: 'Electric kettle' } });
    const save = screen.getByTestId('product-save');
    save.focus();
    fireEvent.click(save);
    // while sending it is aria-disabled (a disabled button loses the focus) and a second press sends nothing
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(save).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(save);
    fireEvent.click(save);
    fireEvent.submit(screen.getByTestId('product-form'));
    release();
    await waitFor(() => expect(toasts()).toContain('Saved'));
    expect(document.activeElement).toBe(save);
    expect(save.getAttribute('aria-disabled')).toBeNull();
    expect(api.to('PATCH /api/admin/products/9')).toHaveLength(1);
  });
});

describe('a refused check', () => {
  it('only the Uzbek name filled, Enter: the focus goes to the first wrong field, Category', async () => {
    const api = fakeApi({ 'GET /api/admin/catalog/lookups': { body: lookups } });
    renderAdmin('/products/new', staffMember('manager'));
    await screen.findByTestId('product-form');
    const name = screen.getByTestId('name-uz');
    name.focus();
    fireEvent.change(name, { target: { value: 'Choynak' } });
    const done = likeABrowserEvent('submit');
    try {
      fireEvent.submit(screen.getByTestId('product-form'));
      const category = screen.getByTestId('product-category');
      await waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByTestId('product-brand').getAttribute('aria-invalid')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(category));
    } finally {
      done();
    }
    expect(api.to('POST /api/admin/products')).toHaveLength(0);
  });
});

describe('MXIK and package code', () => {
  const routes = () => ({
    'GET /api/admin/catalog/lookups': { body: lookups },
    'GET /api/admin/products/9': { body: { product: product() } },
    'PATCH /api/admin/products/9': { body: { product: product() } },
  });

  it('an 18th digit is kept (the browser cuts nothing) and refused at the field; nothing is sent', async () => {
    const api = fakeApi(routes());
    renderAdmin('/products/9', staffMember('manager'));
    const mxik = (await screen.findByTestId('product-mxik')) as HTMLInputElement;
    const pack = screen.getByTestId('product-package') as HTMLInputElement;
    // no maxLength: a browser would cut the 18th digit, and the shorter code would be saved
    expect(mxik.hasAttribute('maxlength')).toBe(false);
    expect(pack.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(mxik, { target: { value: '085160100010000001' } });
    fireEvent.change(pack, { target: { value: '123456789012345678901' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(mxik.getAttribute('aria-invalid')).toBe('true'));
    expect(mxik.value).toBe('085160100010000001');
    expect(document.getElementById(mxik.getAttribute('aria-describedby')!)?.textContent).toBe('MXIK is 17 digits');
    expect(document.getElementById(pack.getAttribute('aria-describedby')!)?.textContent).toBe('The package code is 1–20 digits');
    await waitFor(() => expect(document.activeElement).toBe(mxik));
    expect(api.to('PATCH /api/admin/products/9')).toHaveLength(0);
  });

  it('a code pasted with spaces is sent as its digits', async () => {
    const api = fakeApi(routes());
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.change(await screen.findByTestId('product-mxik'), { target: { value: ' 08516 010 001\u00a0000000 ' } });
    fireEvent.change(screen.getByTestId('product-package'), { target: { value: '1 501 471' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(api.to('PATCH /api/admin/products/9')).toHaveLength(1));
    const sent = api.to('PATCH /api/admin/products/9')[0]!.body as { mxik: string; package_code: string };
    expect([sent.mxik, sent.package_code]).toEqual(['08516010001000000', '1501471']);
  });
});

describe('prices', () => {
  it('“1 250 000” is taken as 1250000, as the CSV import takes it', async () => {
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: product() } },
      'PATCH /api/admin/products/9': { body: { product: product() } },
    });
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.change(await screen.findByTestId('variant-price'), { target: { value: '1 250 000' } });
    fireEvent.change(screen.getByTestId('variant-price-legal'), { target: { value: '1\u00a0200\u00a0000' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(api.to('PATCH /api/admin/products/9')).toHaveLength(1));
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    const sent = api.to('PATCH /api/admin/products/9')[0]!.body as { variants: { price_individual: number; price_legal: number }[] };
    expect(sent.variants[0]).toMatchObject({ price_individual: 1250000, price_legal: 1200000 });
  });
});

describe('attributes', () => {
  it('two attributes with the same name: the second is flagged before saving, and nothing is sent', async () => {
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: product() } },
      'PATCH /api/admin/products/9': { body: { product: product() } },
    });
    renderAdmin('/products/9', staffMember('manager'));
    const attributes = await screen.findByTestId('attributes');
    fireEvent.click(within(attributes).getByRole('button', { name: 'Add attribute' }));
    fireEvent.click(within(attributes).getByRole('button', { name: 'Add attribute' }));
    const names = within(attributes).getAllByLabelText('Attribute (UZ)');
    const values = within(attributes).getAllByLabelText('Value (UZ)');
    fireEvent.change(names[0]!, { target: { value: 'Quvvat' } });
    fireEvent.change(values[0]!, { target: { value: '2200 Vt' } });
    fireEvent.change(names[1]!, { target: { value: 'Quvvat' } });
    fireEvent.change(values[1]!, { target: { value: '2400 Vt' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(names[1]!.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(names[1]!.getAttribute('aria-describedby')!)?.textContent).toBe('This attribute is already in the list: put both values in one');
    expect(names[0]!.getAttribute('aria-invalid')).not.toBe('true');
    expect(api.to('PATCH /api/admin/products/9')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(names[1]));
  });
});
