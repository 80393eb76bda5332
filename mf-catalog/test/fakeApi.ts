// A fake catalogue behind the real API client: the pages are tested through the same client and
// headers the shell gives them, with answers shaped like the API's.
import { $auth, $language, createApiClient, setApi, type Lang } from '@bozor/shared';
import { fakeBrandList, fakeList, fakeSearch, type FakeProduct } from './fakeCatalogue';

export const card = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  slug: `kettle-${id}`,
  name: `Kettle ${id}`,
  img_url: `/media/p/${id}.webp`,
  price: 100000 * id,
  old_price: null,
  discount_percent: 0,
  currency: 'UZS',
  total_quanity: 10,
  in_stock: true,
  brand: { slug: 'tefal', name: 'Tefal' },
  category: { slug: 'kettles', name: 'Kettles' },
  variants_count: 1,
  selected_variant: { id: id * 10 + 1, sku: `K${id}-WHITE`, options: [{ code: 'color', name: 'Colour', value: 'white', label: 'white' }] },
  ...over,
});

export const product = {
  ...card(1),
  selected_variant_id: 11,
  description: 'Boils water fast.',
  images: [{ url: '/media/p/1-white.webp' }, { url: '/media/p/1-black.webp' }],
  attributes: [{ code: 'power', name: 'Power', value: '2200 W' }],
  variants: [
    { id: 11, sku: 'K1-WHITE', options: [{ code: 'color', name: 'Colour', value: 'white', label: 'white' }], price: 100000, old_price: null, total_quanity: 3, in_stock: true },
    { id: 12, sku: 'K1-BLACK', options: [{ code: 'color', name: 'Colour', value: 'black', label: 'black' }], price: 120000, old_price: 150000, total_quanity: 0, in_stock: false },
  ],
  breadcrumbs: [{ slug: 'kettles', name: 'Kettles' }],
  mxit: '085', mxit_unit: '1', weight: 1000,
};

/** GET /api/products/kettle-1/availability: the white kettle in two of three stores, the black one sold out. */
export const availability = {
  today: '2026-11-22',
  stores: [
    { id: 1, slug: 'chilonzor', name: 'Bozor Chilanzar', address: '42 Bunyodkor Avenue', landmark: 'Landmark: Novza metro station', phone: '+998712001122', hours: 'Daily 9:00–21:00', location: { lat: 41.29, lng: 69.22 } },
    { id: 2, slug: 'yunusobod', name: 'Bozor Yunusabad', address: '107B Amir Temur Avenue', landmark: null, phone: '+998712001133', hours: 'Daily 9:00–22:00', location: { lat: 41.34, lng: 69.29 } },
    { id: 3, slug: 'sergeli', name: 'Bozor Sergeli', address: '8 Yangi Sergeli Street', landmark: null, phone: '+998712001144', hours: 'Mon–Sat 9:00–20:00', location: { lat: 41.23, lng: 69.22 } },
  ],
  variants: [
    {
      id: 11,
      in_stock: true,
      stores: [
        { store_id: 1, level: 'in', quantity: 10, more: true, pickup: '2026-11-22' },
        { store_id: 2, level: 'few', quantity: 2, more: false, pickup: '2026-11-23' },
        { store_id: 3, level: 'out', quantity: 0, more: false, pickup: null },
      ],
      courier: { fee: 25000, from: '2026-11-23', to: '2026-11-24' },
    },
    {
      id: 12,
      in_stock: false,
      stores: [1, 2, 3].map((id) => ({ store_id: id, level: 'out', quantity: 0, more: false, pickup: null })),
      courier: null,
    },
  ],
  courier: { region: { slug: 'tashkent', name: 'Tashkent city' }, days: '1–2', free_from: 1000000 },
  express: { available: true, note: 'Express delivery within Tashkent only, in 2–3 hours.' },
  pickup: { same_day_before: '16:00', note: 'We text you when the order is ready.' },
};

export const facets = { brands: [{ slug: 'tefal', name: 'Tefal', count: 2 }], price: { min: 100000, max: 200000 }, options: [], categories: [{ slug: 'kettles', name: 'Kettles', parent: null, count: 2 }] };

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** The fake's stock alerts (variant ids of the signed-in shopper), and whether its availability call fails. */
export const fakeState = { alerts: new Set<number>(), availabilityFails: false };

/**
 * Installs the fake; `calls` records every request. `catalogue`: the lists, search and facets are
 * answered from these products as the API would (fakeCatalogue.ts); without it, fixed answers.
 * `product`: the product page's product, when not the kettle above.
 */
export function installFakeApi(overrides: { products?: unknown[]; search?: unknown[]; catalogue?: FakeProduct[]; product?: Record<string, unknown> } = {}) {
  const calls: Call[] = [];
  fakeState.alerts.clear();
  fakeState.availabilityFails = false;
  // jsdom has no Response: the client only reads ok, status, statusText and text().
  const json = (data: unknown, status = 200) => ({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(data)) });
  const fetch = (async (input: string, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method: init?.method ?? 'GET', url, body, headers: init?.headers as Record<string, string> });
    const lang = ((init?.headers as Record<string, string> | undefined)?.['X-LANG'] ?? 'uz') as Lang;
    const { catalogue } = overrides;
    if (url.includes('/resources/brands')) return json(fakeBrandList(catalogue ?? []));
    if (catalogue && url.includes('/resources/products/search')) {
      const query = new URL(url, 'http://x').searchParams;
      return json(fakeSearch(catalogue, query.get('q') ?? '', Number(query.get('limit') ?? 12), lang));
    }
    if (catalogue && url.includes('/resources/products') && init?.method === 'POST') {
      const [status, answer] = fakeList(catalogue, (body ?? {}) as Parameters<typeof fakeList>[1], lang);
      return json(answer, status);
    }
    if (url.includes('/availability')) return fakeState.availabilityFails ? json({ error: { code: 'INTERNAL', message: 'down' } }, 500) : json({ data: availability });
    if (url.includes('/api/profile/stock-alerts') || url.includes('/api/auth/user')) {
      const signedIn = !!(init?.headers as Record<string, string> | undefined)?.Authorization;
      if (!signedIn) return json({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } }, 401);
      if (url.includes('/api/auth/user')) return json({ user: { id: 7, phone: '+998901234567', name: null, user_type: 'individual' } });
      const method = init?.method ?? 'GET';
      const variant = method === 'DELETE' ? Number(new URL(url, 'http://x').searchParams.get('variant_id')) : (body as { variant_id?: number } | undefined)?.variant_id;
      const alert = (id: number) => ({ variant_id: id, product_id: 1, product_slug: 'kettle-1', created_at: '2026-11-22T09:00:00.000Z' });
      if (method === 'POST' && variant) fakeState.alerts.add(variant);
      if (method === 'POST') return json({ data: alert(variant ?? 0) });
      if (method === 'DELETE' && variant) fakeState.alerts.delete(variant);
      if (method === 'DELETE') return json({ deleted: true });
      return json({ data: [...fakeState.alerts].map(alert) });
    }
    // product cards by id: ids above 90 are products the shop no longer shows (left out)
    if (url.includes('/api/products/cards')) {
      const ids = (new URL(url, 'http://x').searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ data: ids.filter((id) => id <= 90).map((id) => card(id)) });
    }
    if (url.includes('/resources/product/missing')) return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    if (url.includes('/resources/product/')) return json({ product: overrides.product ?? product, relateds: [card(2)] });
    if (url.includes('/resources/products/search')) return json({ data: overrides.search ?? [card(3)] });
    if (url.includes('/resources/products')) {
      const data = overrides.products ?? [card(1), card(2)];
      return json({ data, meta: { total: data.length, page: 1, per_page: 24, last_page: 1, sort: 'popular' }, facets });
    }
    const content = fakeContent(url);
    if (content !== undefined) return json(content);
    if (url.includes('/resources/home'))
      return json({ data: { slides: [], categories: [{ id: 1, slug: 'kettles', name: 'Kettles' }], sections: [{ key: 'new', products: [card(5)] }], brands: [], blogs: [] } });
    return json({ error: { code: 'ROUTE_NOT_FOUND', message: url } }, 404);
  }) as unknown as typeof globalThis.fetch; // a partial Response: see json() above
  globalThis.fetch = fetch;
  setApi(createApiClient({ getLang: () => $language.get(), getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch }));
  return calls;
}

/**
 * The fake's content answers by URL (or a page's server-side request path): the blog list, an article,
 * an information page, the stores and the category tree; undefined for anything else.
 */
export function fakeContent(url: string): unknown {
  if (/\/resources\/blogs(\?|$)/.test(url))
    return {
      data: [
        { id: 2, slug: 'kettles', title: 'Choosing a kettle', excerpt: 'Steel or glass', cover_url: '/media/blog/kettles.webp', published_at: '' },
        { id: 1, slug: 'tea', title: 'About tea', excerpt: 'Brew well', cover_url: null, published_at: '' },
      ],
    };
  if (url.includes('/resources/blogs/kettles'))
    return { data: { id: 2, slug: 'kettles', title: 'Choosing a kettle', excerpt: '', cover_url: null, published_at: '', body: '<p>Steel or glass.</p>' } };
  if (url.includes('/resources/blogs/'))
    return { data: { id: 1, slug: 'tea', title: 'About tea', excerpt: '', cover_url: null, published_at: '', body: '<p onclick="x()">Brew <b>well</b></p><script>alert(1)</script><a href="javascript:x()">bad</a>' } };
  const page = /\/resources\/pages\/([^/?]+)/.exec(url)?.[1];
  if (page === 'delivery') return { data: { slug: page, title: 'Delivery', body: '<p>We deliver across <strong>Uzbekistan</strong> in 1–3 days.</p>' } };
  if (page) return { data: { slug: page, title: `The ${page} page`, body: `<p>What the ${page} page says.</p>` } };
  if (url.includes('/api/store/stores'))
    return { data: [{ id: 1, slug: 'chilonzor', name: 'Bozor Chilonzor', address: '42 Bunyodkor Avenue, Tashkent', phone: '+998712001122', hours: '09–21', location: { lat: 41.29, lng: 69.22 } }] };
  if (url.includes('/resources/categories'))
    return { data: [{ id: 1, slug: 'kitchen', name: 'Kitchen appliances', children: [{ id: 2, slug: 'kettles', name: 'Kettles' }, { id: 3, slug: 'microwaves', name: 'Microwave ovens' }] }] };
  return undefined;
}

const L = (uz: string, ru: string, en: string) => ({ uz, ru, en });
const colours = {
  white: L('oq', 'белый', 'white'),
  black: L('qora', 'чёрный', 'black'),
  yellow: L('sariq', 'жёлтый', 'yellow'),
  pink: L('pushti', 'розовый', 'pink'),
};

/** A product of the fake shop in one colour (the option's name and label in three languages). */
function shopProduct(id: number, name: string, brand: { slug: string; name: string }, category: { slug: string; name: string }, colour: keyof typeof colours): FakeProduct {
  const option = { code: 'color', name: L('Rangi', 'Цвет', 'Colour'), value: colour, label: colours[colour] };
  return card(id, { name, brand, category, selected_variant: { id: id * 10 + 1, sku: `P${id}`, options: [option] } }) as FakeProduct;
}

/**
 * A small shop for `installFakeApi({ catalogue })`: 30 Tefal kettles ("choynak", white or black),
 * 3 Kärcher vacuum cleaners ("changyutgich", black or yellow) and 2 pink Philips ones.
 */
export function fakeShop(): FakeProduct[] {
  const kettles = { slug: 'kettles', name: 'Kettles' };
  const vacuums = { slug: 'vacuum-cleaners', name: 'Vacuum cleaners' };
  const tefal = { slug: 'tefal', name: 'Tefal' };
  const karcher = { slug: 'karcher', name: 'Kärcher' };
  const philips = { slug: 'philips', name: 'Philips' };
  return [
    ...Array.from({ length: 30 }, (_, i) => shopProduct(i + 1, `Elektr choynak Tefal K${i + 1}`, tefal, kettles, i % 2 ? 'black' : 'white')),
    ...[41, 42, 43].map((id) => shopProduct(id, `Changyutgich Kärcher VC ${id}`, karcher, vacuums, id % 2 ? 'yellow' : 'black')),
    ...[51, 52].map((id) => shopProduct(id, `Changyutgich Philips XB ${id}`, philips, vacuums, 'pink')),
  ];
}
