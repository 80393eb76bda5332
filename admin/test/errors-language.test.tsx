// After switching the back office's language, the messages the forms show are in the new language too: the
// form's own checks (the product form's, a post's slug, a delivery amount) and its "check the marked fields";
// a refusal of the API stays as the API said it.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { catalogLookups } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => resetApp());

/** Presses uz / ru / en in the language switch, as staff do. */
const switchTo = (label: 'UZ' | 'RU' | 'EN') => fireEvent.click(within(screen.getAllByRole('group', { name: /./ }).find((g) => g.classList.contains('adm-lang'))!).getByRole('button', { name: label }));
const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

test('the product form’s messages follow the language switch, uz → ru', async () => {
  act(() => setLanguage('uz'));
  const api = fakeApi({ 'GET /api/admin/catalog/lookups': { body: catalogLookups } });
  renderAdmin('/products/new', staffMember('manager'));
  fireEvent.change(await screen.findByTestId('name-uz'), { target: { value: 'Choynak' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mahsulot yaratish' }));
  const category = screen.getByTestId('product-category');
  await waitFor(() => expect(messageOf(category)).toBe('Tanlang'));
  expect(messageOf(screen.getByTestId('product-mxik'))).toBe('MXIK 17 ta raqamdan iborat');
  expect(screen.getByTestId('product-error').textContent).toBe('Belgilangan maydonlarni tekshiring.');

  switchTo('RU');
  expect(await screen.findByRole('button', { name: 'Создать товар' })).toBeTruthy();
  await waitFor(() => expect(messageOf(category)).toBe('Выберите'));
  expect(messageOf(screen.getByTestId('product-mxik'))).toBe('ИКПУ (MXIK) — 17 цифр');
  expect(screen.getByTestId('product-error').textContent).toBe('Проверьте отмеченные поля.');
  // a field that was fine stays without a message; nothing was sent
  expect(screen.getByTestId('name-uz').getAttribute('aria-invalid')).not.toBe('true');
  expect(api.to('POST /api/admin/products')).toHaveLength(0);
});

test('a refusal of the API keeps the API’s words after the switch', async () => {
  const api = fakeApi({
    'GET /api/admin/catalog/lookups': { body: catalogLookups },
    'POST /api/admin/products': { status: 409, body: { error: { code: 'SKU_TAKEN', message: 'This SKU is taken.', fields: { 'variants.0.sku': 'The SKU “TEF-1” is already used.' } } } },
  });
  renderAdmin('/products/new', staffMember('manager'));
  fireEvent.change(await screen.findByTestId('name-uz'), { target: { value: 'Choynak' } });
  fireEvent.change(screen.getByTestId('product-category'), { target: { value: String(catalogLookups.categories[0]!.id) } });
  fireEvent.change(screen.getByTestId('product-brand'), { target: { value: String(catalogLookups.brands[0]!.id) } });
  fireEvent.change(screen.getByTestId('product-mxik'), { target: { value: '08516010001000000' } });
  fireEvent.change(screen.getByTestId('product-package'), { target: { value: '1500001' } });
  fireEvent.change(screen.getByTestId('product-weight'), { target: { value: '1200' } });
  fireEvent.change(screen.getByTestId('variant-sku'), { target: { value: 'TEF-1' } });
  fireEvent.change(screen.getByTestId('variant-price'), { target: { value: '455000' } });
  fireEvent.change(screen.getByTestId('variant-price-legal'), { target: { value: '455000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
  await waitFor(() => expect(api.to('POST /api/admin/products')).toHaveLength(1));
  const sku = screen.getByTestId('variant-sku');
  await waitFor(() => expect(messageOf(sku)).toBe('The SKU “TEF-1” is already used.'));

  switchTo('RU');
  await screen.findByRole('button', { name: 'Создать товар' });
  expect(messageOf(sku)).toBe('The SKU “TEF-1” is already used.');
  expect(screen.getByTestId('product-error').textContent).toBe('This SKU is taken.');
});

test('a post’s slug message follows the language switch, en → ru', async () => {
  fakeApi({});
  renderAdmin('/posts/new', staffMember('manager'));
  const slug = await screen.findByTestId('post-slug');
  fireEvent.change(slug, { target: { value: 'Qishki chegirma' } });
  fireEvent.click(within(screen.getByTestId('post-form')).getByRole('button', { name: 'Save as draft' }));
  await waitFor(() => expect(messageOf(slug)).toBe('Latin lower-case letters, digits and hyphens, e.g. winter-sale.'));
  switchTo('RU');
  await waitFor(() => expect(messageOf(slug)).toBe('Латинские строчные буквы, цифры и дефис, например winter-sale.'));
});

test('a delivery amount’s message follows the language switch, en → uz', async () => {
  const delivery = { delivery_sum: 25000, free_delivery_threshold: 1000000, express_note: { uz: 'Tez', ru: 'Быстро', en: 'Fast' }, pickup_note: { uz: 'Olib', ru: 'Самовывоз', en: 'Pickup' }, regions: [] };
  fakeApi({ 'GET /api/admin/delivery': { body: { delivery } } });
  renderAdmin('/delivery', staffMember('owner'));
  const sum = await screen.findByTestId('delivery-sum');
  fireEvent.change(sum, { target: { value: 'many' } });
  fireEvent.click(screen.getByTestId('delivery-save'));
  await waitFor(() => expect(messageOf(sum)).toBe('Enter a whole amount in UZS'));
  switchTo('UZ');
  await waitFor(() => expect(messageOf(sum)).toBe('Butun son kiriting (soʻm)'));
  expect(screen.getByTestId('delivery-sum')).toBe(sum);
});
