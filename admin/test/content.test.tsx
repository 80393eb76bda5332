// Content and settings screens: the rich-text editor keeps to the tags the API's sanitiser allows, a
// 422 is shown next to the field it names, the delivery form sends whole soʻm, and only owner and
// manager reach these screens.
import { parseAmount } from '../src/components/content/DeliveryForms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { generateHTML, generateJSON } from '@tiptap/core';
import { EDITOR_EXTENSIONS, isAllowedHref } from '../src/components/content/RichTextEditor';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

/** The tags the API keeps (api/src/modules/content/article-html.ts ARTICLE_TAGS). */
const ARTICLE_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br', 'blockquote'];

const delivery = {
  delivery: {
    delivery_sum: 25000,
    free_delivery_threshold: 1000000,
    express_note: { uz: 'Tez', ru: 'Быстро', en: 'Fast' },
    pickup_note: { uz: 'Olib keting', ru: 'Самовывоз', en: 'Pickup' },
    regions: [
      { slug: 'tashkent', name: { uz: 'Toshkent', ru: 'Ташкент', en: 'Tashkent' }, cities: [], base_fee: 25000, base_weight_g: 3000, per_kg_fee: 3000, days: '1–2', express_available: true, active: true, sort: 0 },
    ],
  },
};

beforeEach(() => resetApp());

test('whatever is pasted into the editor, its HTML holds only the tags and links the API keeps', () => {
  const pasted =
    '<h1>Title</h1><p style="color:red" class="x">Plain <b>bold</b> <i>italic</i> <u>under</u> <s>struck</s> <code>code</code> <span>span</span> ' +
    '<a href="https://bozor.uz" target="_blank" rel="noopener" class="c">ok</a> <a href="javascript:alert(1)">bad</a> <a href="/uz/catalog">path</a></p>' +
    '<img src="x" onerror="alert(1)"><table><tr><td>cell</td></tr></table><pre>pre</pre><hr><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><h3>h3</h3><h4>h4</h4>';
  const html = generateHTML(generateJSON(pasted, EDITOR_EXTENSIONS), EDITOR_EXTENSIONS);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const tags = new Set([...doc.body.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()));
  expect([...tags].filter((t) => !ARTICLE_TAGS.includes(t))).toEqual([]);
  for (const el of doc.body.querySelectorAll('*')) {
    const attrs = [...el.attributes].map((a) => a.name);
    expect(attrs.filter((a) => !(el.tagName === 'A' && a === 'href'))).toEqual([]);
  }
  expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://bozor.uz', '/uz/catalog']);
  expect(doc.querySelector('strong')?.textContent).toBe('bold');
  expect(doc.querySelector('em')?.textContent).toBe('italic');
  // headings the shop has no style for become text: h1 and h4 turn into paragraphs, h3 stays
  expect(html).toContain('<p>Title</p>');
  expect(html).toContain('<h3>h3</h3>');
});

test('links: https, mailto, tel and the shop’s own paths; nothing else', () => {
  for (const ok of ['https://bozor.uz/uz', 'mailto:info@bozor.uz', 'tel:+998712000000', '/uz/catalog?brands=bosch']) expect(isAllowedHref(ok)).toBe(true);
  for (const bad of ['javascript:alert(1)', 'http://bozor.uz', '//evil.example', 'data:text/html,x', 'catalog']) expect(isAllowedHref(bad)).toBe(false);
});

test('a banner the API refuses shows the reason next to the field it names', async () => {
  const api = fakeApi({
    'POST /api/admin/slides': { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { link: 'A path of the shop: starts with /, without the language.', 'title.ru': 'This field is required.' } } } },
  });
  renderAdmin('/slides/new', staffMember('manager'));
  await screen.findByRole('heading', { name: 'Add banner' });
  const form = screen.getByTestId('slide-form');
  fireEvent.change(screen.getByTestId('slide-title-uz'), { target: { value: 'Yangi' } });
  fireEvent.change(screen.getByTestId('slide-title-en'), { target: { value: 'New' } });
  fireEvent.change(screen.getByTestId('slide-link'), { target: { value: '/uz/catalog' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create banner' }));
  await waitFor(() => expect(screen.getByTestId('slide-link').getAttribute('aria-invalid')).toBe('true'));
  const link = screen.getByTestId('slide-link');
  expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe('A path of the shop: starts with /, without the language.');
  const ru = screen.getByTestId('slide-title-ru');
  expect(document.getElementById(ru.getAttribute('aria-describedby')!)?.textContent).toBe('This field is required.');
  expect(api.to('POST /api/admin/slides')[0]!.body).toMatchObject({ title: { uz: 'Yangi', ru: '', en: 'New' }, subtitle: null, link: '/uz/catalog', active: true, starts_at: null, ends_at: null });
});

test('the delivery form sends whole soʻm and refuses what is not a number before sending', async () => {
  const api = fakeApi({
    'GET /api/admin/delivery': { body: delivery },
    'PATCH /api/admin/delivery': (call) => ({ body: { delivery: { ...delivery.delivery, ...(call.body as object) } } }),
  });
  renderAdmin('/delivery', staffMember('owner'));
  const threshold = (await screen.findByTestId('delivery-threshold')) as HTMLInputElement;
  expect(threshold.value).toBe('1000000');
  fireEvent.change(threshold, { target: { value: 'many' } });
  fireEvent.click(screen.getByTestId('delivery-save'));
  expect(await screen.findByText('Enter a whole amount in UZS')).toBeTruthy();
  expect(api.to('PATCH /api/admin/delivery')).toHaveLength(0);
  fireEvent.change(threshold, { target: { value: '750 000' } });
  fireEvent.click(screen.getByTestId('delivery-save'));
  await waitFor(() => expect(api.to('PATCH /api/admin/delivery')).toHaveLength(1));
  expect(api.to('PATCH /api/admin/delivery')[0]!.body).toMatchObject({ delivery_sum: 25000, free_delivery_threshold: 750000 });
});

test('an operator cannot open the content screens', async () => {
  fakeApi({ 'GET /api/admin/dashboard': { body: { today: { orders: 0, revenue: 0 }, week: { orders: 0, revenue: 0 }, waiting: { new: 0, confirmed: 0, assembling: 0, shipping: 0, ready_for_pickup: 0 } } } });
  renderAdmin('/delivery', staffMember('operator'));
  expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeTruthy();
  expect(screen.queryByTestId('delivery-form')).toBeNull();
});

test('deleting a category with products shows the API’s reason, and the tree stays', async () => {
  const kettles = { id: 2, slug: 'kettles', parent_id: null, sort: 1, name: { uz: 'Choynaklar', ru: 'Чайники', en: 'Kettles' }, description: { uz: '', ru: '', en: '' }, image_url: null, products_count: 12, products_in_tree: 12 };
  const api = fakeApi({
    'GET /api/admin/categories': { body: { data: [kettles] } },
    'DELETE /api/admin/categories/2': { status: 409, body: { error: { code: 'CATEGORY_HAS_PRODUCTS', message: 'The category “Kettles” has 12 products. Move them to another category first.' } } },
  });
  renderAdmin('/categories', staffMember('manager'));
  const row = await screen.findByTestId('category-kettles');
  fireEvent.click(within(row).getByRole('button', { name: 'Delete “Kettles”' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  expect((await screen.findByTestId('categories-error')).textContent).toBe('The category “Kettles” has 12 products. Move them to another category first.');
  expect(api.to('DELETE /api/admin/categories/2')).toHaveLength(1);
  expect(screen.queryByTestId('category-kettles')).not.toBeNull();
});

test('a top category with its products in subcategories says how many it holds with them', async () => {
  const category = (id: number, slug: string, parent: number | null, direct: number, tree: number) => ({
    id,
    slug,
    parent_id: parent,
    sort: 1,
    name: { uz: slug, ru: slug, en: slug },
    description: { uz: '', ru: '', en: '' },
    image_url: null,
    products_count: direct,
    products_in_tree: tree,
  });
  fakeApi({ 'GET /api/admin/categories': { body: { data: [category(1, 'kitchen', null, 0, 38), category(2, 'kettles', 1, 22, 22)] } } });
  renderAdmin('/categories', staffMember('manager'));
  expect((await screen.findByTestId('category-kitchen')).textContent).toContain('kitchen · Products: 0 · with subcategories: 38');
  expect(screen.getByTestId('category-kettles').textContent).not.toContain('with subcategories');
});

test('a delivery region added by mistake is deleted after a confirmation; one that orders went to stays, with the reason read out', async () => {
  const oops = { slug: 'oops', name: { uz: 'Xato', ru: 'Ошибка', en: 'Oops' }, cities: [], base_fee: 1000, base_weight_g: 1000, per_kg_fee: 0, days: '1', express_available: false, active: true, sort: 1 };
  const samarkand = { ...oops, slug: 'samarkand', name: { uz: 'Samarqand', ru: 'Самарканд', en: 'Samarkand' }, sort: 2 };
  const api = fakeApi({
    'GET /api/admin/delivery': { body: { delivery: { ...delivery.delivery, regions: [...delivery.delivery.regions, oops, samarkand] } } },
    'DELETE /api/admin/delivery/regions/oops': { body: { delivery: { ...delivery.delivery, regions: [...delivery.delivery.regions, samarkand] } } },
    'DELETE /api/admin/delivery/regions/samarkand': {
      status: 409,
      body: { error: { code: 'REGION_HAS_ORDERS', message: 'The region “Samarkand” has 4 orders, which must keep showing its name, so it cannot be deleted.' } },
    },
  });
  renderAdmin('/delivery', staffMember('manager'));
  fireEvent.click(within(await screen.findByTestId('region-oops')).getByRole('button', { name: 'Delete Oops' }));
  expect(await screen.findByText('Delete the region “Oops”?')).not.toBeNull();
  expect(api.to('DELETE /api/admin/delivery/regions/oops')).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByTestId('region-oops')).toBeNull());
  expect(document.activeElement?.textContent).toBe('Add region');

  fireEvent.click(within(screen.getByTestId('region-samarkand')).getByRole('button', { name: 'Delete Samarkand' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const refusal = await screen.findByTestId('regions-error');
  expect(refusal.textContent).toBe('The region “Samarkand” has 4 orders, which must keep showing its name, so it cannot be deleted.');
  await waitFor(() => expect(document.activeElement).toBe(refusal));
  expect(screen.queryByTestId('region-samarkand')).not.toBeNull();
});

test('an empty new region is refused by the form at once: every field the API requires is flagged, and the focus is on the first, the slug', async () => {
  const api = fakeApi({
    'GET /api/admin/delivery': { body: delivery },
    'POST /api/admin/delivery/regions': (call) => ({ body: { delivery: { ...delivery.delivery, regions: [...delivery.delivery.regions, { ...(call.body as object), sort: 1 }] } } }),
  });
  renderAdmin('/delivery', staffMember('manager'));
  fireEvent.click(await screen.findByRole('button', { name: 'Add region' }));
  const form = await screen.findByTestId('region-form');
  const [slug, citySlug] = within(form).getAllByLabelText('Address (slug)') as HTMLInputElement[];
  const regionNames = within(within(form).getByRole('group', { name: 'Region' })).getAllByRole('textbox');
  const cityNames = within(within(form).getByRole('group', { name: 'City 1' })).getAllByRole('textbox');
  const days = within(form).getByLabelText('Days');
  const baseFee = within(form).getByTestId('region-base-fee');
  const baseWeight = within(form).getByLabelText('Base weight, g');
  const perKg = within(form).getByLabelText('Each further kg, UZS');
  fireEvent.change(perKg, { target: { value: 'lots' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(document.activeElement).toBe(slug));
  const flagged = (el: HTMLElement) => el.getAttribute('aria-invalid') === 'true';
  const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
  for (const el of [slug!, ...regionNames, days, baseFee, citySlug!, ...cityNames]) {
    expect(flagged(el)).toBe(true);
    expect(messageOf(el)).toBe('Fill this in');
  }
  // what is not a number still says so; the base weight (5000 g to start with) is fine
  expect(messageOf(perKg)).toBe('Enter a whole amount in UZS');
  expect(flagged(baseWeight)).toBe(false);
  expect(within(form).getAllByText('Fill this in')).toHaveLength(10);
  expect(api.to('POST /api/admin/delivery/regions')).toHaveLength(0);

  fireEvent.change(slug!, { target: { value: 'samarkand' } });
  regionNames.forEach((el, i) => fireEvent.change(el, { target: { value: ['Samarqand', 'Самарканд', 'Samarkand'][i] } }));
  fireEvent.change(citySlug!, { target: { value: 'urgut' } });
  cityNames.forEach((el, i) => fireEvent.change(el, { target: { value: ['Urgut', 'Ургут', 'Urgut'][i] } }));
  fireEvent.change(baseFee, { target: { value: '40 000' } });
  fireEvent.change(perKg, { target: { value: '4000' } });
  fireEvent.change(days, { target: { value: '2–3' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('POST /api/admin/delivery/regions')).toHaveLength(1));
  expect(api.to('POST /api/admin/delivery/regions')[0]!.body).toMatchObject({
    slug: 'samarkand',
    name: { uz: 'Samarqand', ru: 'Самарканд', en: 'Samarkand' },
    cities: [{ slug: 'urgut', name: { uz: 'Urgut', ru: 'Ургут', en: 'Urgut' } }],
    base_fee: 40000,
    base_weight_g: 5000,
    per_kg_fee: 4000,
    days: '2–3',
  });
  expect(await screen.findByTestId('region-samarkand')).toBeTruthy();
});

test('a region orders went to is switched off in its form: the list says "not delivering"', async () => {
  const samarkand = { slug: 'samarkand', name: { uz: 'Samarqand', ru: 'Самарканд', en: 'Samarkand' }, cities: [{ slug: 'samarkand', name: { uz: 'Samarqand', ru: 'Самарканд', en: 'Samarkand' } }], base_fee: 40000, base_weight_g: 5000, per_kg_fee: 4000, days: '2–3', express_available: false, active: true, sort: 1 };
  const withSamarkand = (active: boolean) => ({ delivery: { ...delivery.delivery, regions: [...delivery.delivery.regions, { ...samarkand, active }] } });
  const api = fakeApi({
    'GET /api/admin/delivery': { body: withSamarkand(true) },
    'PATCH /api/admin/delivery/regions/samarkand': { body: withSamarkand(false) },
  });
  renderAdmin('/delivery', staffMember('manager'));
  const row = await screen.findByTestId('region-samarkand');
  expect(within(row).queryByTestId('region-off')).toBeNull();
  fireEvent.click(within(row).getByRole('button', { name: 'Edit “Samarkand”' }));
  const active = (await screen.findByRole('checkbox', { name: 'We deliver here' })) as HTMLInputElement;
  expect(active.checked).toBe(true);
  expect(active.getAttribute('aria-describedby')).toBe('region-active-hint');
  fireEvent.click(active);
  fireEvent.click(within(screen.getByTestId('region-form')).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(screen.getByTestId('region-samarkand')).getByTestId('region-off').textContent).toBe('not delivering'));
  expect(api.to('PATCH /api/admin/delivery/regions/samarkand')[0]?.body).toMatchObject({ active: false, days: '2–3', express_available: false });
});

describe("the delivery page's amounts", () => {
  it('read thousands apart by a space, a comma or an apostrophe, and nothing else', () => {
    expect(['30 000', '1,250,000', "1'000", '30000', ' 5 000 '].map(parseAmount)).toEqual([30000, 1250000, 1000, 30000, 5000]);
    expect(['39 2000', '3 0 000', '30,00', '1 000.5', ''].map(parseAmount)).toEqual([NaN, NaN, NaN, NaN, NaN]);
  });
});
