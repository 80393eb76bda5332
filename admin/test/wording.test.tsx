// Words around figures as each language says them: the page counter ("2/2-sahifa · jami 67 ta"), a price
// "from" (a suffix in Uzbek: "455 000 soʻmdan"), and the English delivery screen's labels in UZS, as its amounts.
import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import type { ProductRow } from '../src/api/catalog';
import { catalogLookups } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

/** The text as read: no-break and narrow spaces (between thousands) read as spaces. */
const read = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

function row(id: number, patch: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    slug: `kettle-${id}`,
    name: `Kettle ${id}`,
    missing_langs: [],
    image_url: null,
    category: { id: 4, name: 'Kettles' },
    brand: { id: 5, name: 'Polaris' },
    visibility: 'shown',
    archived: false,
    price_individual: 455000,
    price_legal: 455000,
    variants_count: 1,
    skus: [`KT-${id}`],
    total_quantity: 12,
    stock_state: 'in_stock',
    updated_at: '2026-11-23T08:00:00Z',
    ...patch,
  };
}

async function productsIn(lang: 'uz' | 'ru' | 'en') {
  act(() => setLanguage(lang));
  fakeApi({
    'GET /api/admin/products': { body: { data: [row(1, { variants_count: 2, skus: ['QA-KETTLE-A-RED', 'QA-KETTLE-A-BLUE'] }), row(2)], meta: { page: 2, per_page: 20, total: 67, last_page: 4 } } },
    'GET /api/admin/catalog/lookups': { body: catalogLookups },
  });
  renderAdmin('/products?page=2', staffMember('manager'));
  const rows = within(await screen.findByTestId('products-table')).getAllByTestId('product-row');
  const price = (r: HTMLElement) => read(r.querySelectorAll('td.num')[0] ?? null);
  return { several: price(rows[0]!), one: price(rows[1]!), pager: read(screen.getByTestId('pager-info')) };
}

test('Uzbek: the page counter reads "2/4-sahifa · jami 67 ta", and a price of several variants "455 000 soʻmdan"', async () => {
  const { several, one, pager } = await productsIn('uz');
  expect(pager).toBe('2/4-sahifa · jami 67 ta');
  expect(several).toBe('455 000 soʻmdan');
  expect(one).toBe('455 000 soʻm');
});

test.each([
  ['ru', 'Страница 2 из 4 · всего 67', /^от 455 000 сум$/],
  ['en', 'Page 2 of 4 · 67 in all', /^from 455,000 UZS$/],
] as const)('%s keeps "from" before the amount', async (lang, pager, several) => {
  const shown = await productsIn(lang);
  expect(shown.pager).toBe(pager);
  expect(shown.several).toMatch(several);
});

test('the English delivery screen’s labels name the currency as its amounts do: UZS, not soʻm', async () => {
  const region = { slug: 'tashkent', name: { uz: 'Toshkent', ru: 'Ташкент', en: 'Tashkent' }, cities: [], base_fee: 25000, base_weight_g: 5000, per_kg_fee: 3000, days: '1–2', express_available: true, active: true, sort: 0 };
  const delivery = { delivery_sum: 25000, free_delivery_threshold: 1000000, express_note: { uz: 'Tez', ru: 'Быстро', en: 'Fast' }, pickup_note: { uz: 'Olib', ru: 'Самовывоз', en: 'Pickup' }, regions: [region] };
  fakeApi({ 'GET /api/admin/delivery': { body: { delivery } } });
  renderAdmin('/delivery', staffMember('owner'));
  await screen.findByTestId('delivery-form');
  expect(screen.getByLabelText('Courier fee shown in the cart, UZS')).toBeTruthy();
  expect(screen.getByLabelText('Free delivery from, UZS')).toBeTruthy();
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers).toEqual(expect.arrayContaining(['Base fee, UZS', 'Each further kg, UZS']));
  expect(read(document.body)).toContain('UZS');
  expect(document.body.textContent).not.toContain('soʻm');
});
