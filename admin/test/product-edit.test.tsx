// The product page as staff use it: bringing an archived product back says what really happens (it comes
// back hidden) and leads to the visibility field; removing a variant that has stock asks first, and one that
// orders under way hold cannot be removed and says why; the focus stays where staff work after a save; codes
// and prices are taken as typed, not cut or refused for spaces.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { currentLocation, fakeApi, holdRequests, likeABrowserEvent, renderAdmin, resetApp, staffMember } from './support';
import { adminProduct, adminVariant, catalogLookups } from './fixtures';

beforeEach(resetApp);

const lookups = catalogLookups;
const variant = adminVariant;
const product = adminProduct;

/** The toasts' texts, without their close button. */
const toasts = () => screen.queryAllByTestId('toast').map((t) => (t.textContent ?? '').replace(/\s*×$/, ''));

describe('bringing an archived product back', () => {
  it('says it comes back hidden, and hands staff the visibility field to show it', async () => {
    const archived = product({ archived: true, visibility: 'hidden' });
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: archived } },
      'PATCH /api/admin/products/9': { body: { product: { ...archived, archived: false, visibility: 'hidden' } } },
    });
    renderAdmin('/products/9', staffMember('manager'));
    const restore = await screen.findByTestId('product-archive');
    restore.focus();
    fireEvent.click(restore);
    const dialog = await screen.findByRole('dialog', { name: 'Bring this product back from the archive?' });
    expect(dialog.textContent).toContain('It comes back hidden from the shop');
    expect(dialog.textContent).not.toContain('current visibility');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bring back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('PATCH /api/admin/products/9')[0]!.body).toEqual({ archived: false });
    expect(toasts()).toContain('Restored, hidden from the shop. To show it, choose its visibility and save.');
    expect(toasts().join(' ')).not.toContain('back in the shop');
    const visibility = screen.getByTestId('product-visibility') as HTMLSelectElement;
    expect(visibility.value).toBe('hidden');
    await waitFor(() => expect(document.activeElement).toBe(visibility));
  });

  it('archived then brought back in one visit: the visibility field says hidden, as the API does', async () => {
    const shown = product();
    let current = shown;
    fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: shown } },
      'PATCH /api/admin/products/9': (call) => {
        current = (call.body as { archived: boolean }).archived ? { ...current, archived: true, visibility: 'hidden' } : { ...current, archived: false, visibility: 'hidden' };
        return { body: { product: current } };
      },
    });
    renderAdmin('/products/9', staffMember('manager'));
    fireEvent.click(await screen.findByTestId('product-archive'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByTestId('product-archive').textContent).toBe('Bring back'));
    fireEvent.click(screen.getByTestId('product-archive'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bring back' }));
    await waitFor(() => expect(screen.getByTestId('product-archive').textContent).toBe('Archive'));
    expect((screen.getByTestId('product-visibility') as HTMLSelectElement).value).toBe('hidden');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});

describe('removing a variant', () => {
  const twoVariants = () => product({ variants: [variant(41, 'KT-1', [5, 1]), variant(42, 'KT-2', [0, 0]), variant(43, 'KT-3', [0, 2])] });

  it('with stock asks first, saying how many units go; “Back” keeps it, confirming drops it from the save', async () => {
    const api = fakeApi({
      'GET /api/admin/catalog/lookups': { body: lookups },
      'GET /api/admin/products/9': { body: { product: twoVariants() } },
      'PATCH /api/admin/products/9': (call) => ({ body: { product: { ...twoVariants(), variants: twoVariants().variants.filter((v) => (call.body as { variants: { id?: number }[] }).variants.some((s) => s.id === v.id)) } } }),
    });
    renderAdmin('/products/9', staffMember('manager'));
    await screen.findByTestId('product-form');
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove variant 1 (KT-1)?' });
    expect(within(dialog).getByTestId('remove-variant-stock').textContent).toBe(
      'It has 6 units in stock (Bozor Chilanzar: 5, Bozor Yunusabad: 1). When you save the product, the variant and this stock are gone for good; past orders keep their own copy.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByTestId('variant')).toHaveLength(3);

    const remove = screen.getByRole('button', { name: 'Remove variant 1' });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove variant 1' }));
    await waitFor(() => expect(screen.getAllByTestId('variant')).toHaveLength(2));
    expect((screen.getAllByTestId('variant-sku')[0] as HTMLInputElement).value).toBe('KT-2');
    // confirming removes it from the form only: nothing is sent before Save
    expect(api.to('PATCH /api/admin/products/9')).toHaveLength(0);
    // the focus goes to the Remove now in its place, not to the top of the page
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('remove-variant')[0]));
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(api.to('PATCH /api/admin/products/9')).toHaveLength(1));
    expect((api.to('PATCH /api/admin/products/9')[0]!.body as { variants: { id?: number }[] }).variants.map((v) => v.id)).toEqual([42, 43]);
  });

  it('without stock goes at once, and the focus moves on to the next Remove', async () => {
    fakeApi({ 'GET /api/admin/catalog/lookups': { body: lookups }, 'GET /api/admin/products/9': { body: { product: twoVariants() } } });
    renderAdmin('/products/9', staffMember('manager'));
    await screen.findByTestId('product-form');
    const remove = screen.getByRole('button', { name: 'Remove variant 2' });
    remove.focus();
    fireEvent.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('variant')).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove variant 2' })));
    expect((screen.getAllByTestId('variant-sku')[1] as HTMLInputElement).value).toBe('KT-3');
    expect(toasts()).toContain('Variant 2 removed; it goes when you save');
  });
});

describe('a variant that orders under way hold', () => {
  const held = () => product({ variants: [variant(41, 'KT-1', [5, 1], 2), variant(42, 'KT-2', [0, 0]), variant(43, 'KT-3', [0, 2]), variant(44, 'KT-4', [0, 0], 1)] });
  const reason = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;

  it('cannot be removed: its Remove keeps the focus, says why, and does nothing; the others go as before', async () => {
    const api = fakeApi({ 'GET /api/admin/catalog/lookups': { body: lookups }, 'GET /api/admin/products/9': { body: { product: held() } } });
    renderAdmin('/products/9', staffMember('manager'));
    await screen.findByTestId('product-form');
    const remove = screen.getByRole('button', { name: 'Remove variant 1' }) as HTMLButtonElement;
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(remove.disabled).toBe(false);
    expect(reason(remove)).toBe('In 2 orders under way: it can be removed once they are delivered or cancelled');
    expect(reason(screen.getByRole('button', { name: 'Remove variant 4' }))).toBe('In 1 order under way: it can be removed once it is delivered or cancelled');
    // the reason is on screen next to the button too, not only read out
    expect(screen.getAllByTestId('remove-variant-held')).toHaveLength(2);
    remove.focus();
    fireEvent.click(remove);
    expect(document.activeElement).toBe(remove);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByTestId('variant')).toHaveLength(4);
    expect(toasts()).toEqual([]);

    // a variant free of open orders: with stock it still asks first, without it goes at once
    const withStock = screen.getByRole('button', { name: 'Remove variant 3' });
    expect(withStock.hasAttribute('aria-disabled')).toBe(false);
    expect(withStock.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.click(withStock);
    expect((await screen.findByRole('dialog', { name: 'Remove variant 3 (KT-3)?' })).textContent).toContain('It has 2 units in stock');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    await waitFor(() => expect(screen.getAllByTestId('variant')).toHaveLength(3));
    expect((screen.getAllByTestId('variant-sku') as HTMLInputElement[]).map((e) => e.value)).toEqual(['KT-1', 'KT-3', 'KT-4']);
    // the held variants are still held in their new places
    expect(reason(screen.getByRole('button', { name: 'Remove variant 3' }))).toBe('In 1 order under way: it can be removed once it is delivered or cancelled');
    expect(api.to('PATCH /api/admin/products/9')).toHaveLength(0);
  });

  it('says why in Russian and Uzbek, with the plural forms of each', async () => {
    fakeApi({ 'GET /api/admin/catalog/lookups': { body: lookups }, 'GET /api/admin/products/9': { body: { product: held() } } });
    act(() => setLanguage('ru'));
    renderAdmin('/products/9', staffMember('manager'));
    await screen.findByTestId('product-form');
    const [first, , , fourth] = screen.getAllByTestId('remove-variant');
    expect(reason(first!)).toBe('В 2 незакрытых заказах: удалить можно, когда они будут выполнены или отменены');
    expect(reason(fourth!)).toBe('В 1 незакрытом заказе: удалить можно, когда он будет выполнен или отменён');
    act(() => setLanguage('uz'));
    await waitFor(() => expect(reason(screen.getAllByTestId('remove-variant')[0]!)).toBe('2 ta yopilmagan buyurtmada: ular bajarilgach yoki bekor qilingach oʻchirish mumkin'));
  });

  it('an answer without open_orders (an older API) leaves every Remove working', async () => {
    const older = product({ variants: [variant(41, 'KT-1', [0, 0]), variant(42, 'KT-2', [0, 0])] });
    for (const v of older.variants) delete (v as Partial<typeof v>).open_orders;
    fakeApi({ 'GET /api/admin/catalog/lookups': { body: lookups }, 'GET /api/admin/products/9': { body: { product: older } } });
    renderAdmin('/products/9', staffMember('manager'));
    await screen.findByTestId('product-form');
    expect(screen.getAllByTestId('remove-variant').map((b) => b.getAttribute('aria-disabled'))).toEqual([null, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    await waitFor(() => expect(screen.getAllByTestId('variant')).toHaveLength(1));
  });
});

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
