// The product page as staff use it: bringing an archived product back says what really happens (it comes
// back hidden) and leads to the visibility field; removing a variant that has stock asks first, and one that
// orders under way hold cannot be removed and says why. Saving is product-edit-save.test.tsx.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { lookups, product, toasts, variant } from './product-edit-fixtures';

beforeEach(resetApp);

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
