// The server's reads of the API for <head> and the sitemap. Every read has a short timeout and
// answers "unknown" rather than failing the page: a slow or missing API gives generic titles.
import type { ShellServerConfig } from './config.js';

export type Lang = 'uz' | 'ru' | 'en';

export interface ProductHead {
  name: string;
  description: string;
  slug: string;
  /** The SKU of the variant the page opens on (the API's choice: the cheapest in stock), null when it has none. */
  sku: string | null;
  price: number;
  /** That variant's picture (the card's), which the gallery shows first. */
  image: string | null;
  inStock: boolean;
  category: { name: string; slug: string } | null;
  /** The API's whole answer (with relateds), for the page to use without asking again. */
  answer?: unknown;
}

export interface Named {
  name: string;
  slug: string;
}

/** found: the API has it; missing: the API says it does not exist (→ 404); unknown: no answer. */
export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'missing' } | { kind: 'unknown' };

const CATALOG = '/backend/api/ext/v1';
const CART_CHECK = '/api/cart/check';
/** The stores (the markets page): public, the same for every shopper. */
const STORES = '/api/store/stores';

/** A store as the head's JSON-LD names it. */
export interface StoreHead {
  name: string;
  address: string;
  phone?: string;
}

export function createCatalogueReader(config: Pick<ShellServerConfig, 'apiUrl' | 'catalogApiKey'>, doFetch: typeof fetch = fetch) {
  async function get(path: string, lang: Lang, init: RequestInit = {}): Promise<{ status: number; body: unknown } | null> {
    if (!config.apiUrl) return null;
    const headers: Record<string, string> = { Accept: 'application/json', 'X-LANG': lang, 'X-ACCOUNT-TYPE': 'individual' };
    if (config.catalogApiKey) headers['X-API-KEY'] = config.catalogApiKey;
    if (init.body) headers['Content-Type'] = 'application/json';
    try {
      const res = await doFetch(config.apiUrl + path, { ...init, headers, signal: AbortSignal.timeout(2000) });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: res.status, body };
    } catch {
      return null;
    }
  }

  /**
   * A 404 counts as "missing" only when it is the catalogue's own answer ({error:{code}}); a 404 of an
   * API that has no such route yet (Fastify's route-not-found) is "unknown" and gives a generic head.
   */
  function lookup<T>(res: { status: number; body: unknown } | null, pick: (body: unknown) => T | null): Lookup<T> {
    if (!res) return { kind: 'unknown' };
    // 422: the API says no such slug can exist (e.g. a control character in it).
    if (res.status === 404 || res.status === 422) {
      const err = (res.body as { error?: unknown } | null)?.error;
      return err && typeof err === 'object' && 'code' in err ? { kind: 'missing' } : { kind: 'unknown' };
    }
    if (res.status !== 200) return { kind: 'unknown' };
    const value = pick(res.body);
    return value === null ? { kind: 'unknown' } : { kind: 'found', value };
  }

  return {
    /**
     * One answer a server-rendered page needs (a remote's list): a catalogue read, the stores, or the
     * guest cart check (nothing stored, individual prices); undefined if none.
     */
    async answer(request: { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown> }, lang: Lang): Promise<unknown> {
      const cartCheck = request.method === 'POST' && request.path === CART_CHECK;
      const stores = request.method === 'GET' && request.path === STORES;
      if (!request.path.startsWith(`${CATALOG}/`) && !cartCheck && !stores) return undefined;
      const res = await get(request.path, lang, request.body ? { method: request.method, body: JSON.stringify(request.body) } : { method: request.method });
      return res?.status === 200 ? (res.body ?? undefined) : undefined;
    },
    async product(slug: string, lang: Lang): Promise<Lookup<ProductHead>> {
      // the same request as the product page's own (with relateds), so its answer can be inlined
      const res = await get(`${CATALOG}/resources/product/${encodeURIComponent(slug)}?resources[]=relateds`, lang);
      return lookup(res, (body) => {
        const p = (body as { product?: Record<string, unknown> } | null)?.product;
        if (!p || typeof p.name !== 'string') return null;
        const images = Array.isArray(p.images) ? (p.images as { url?: string }[]) : [];
        const crumbs = Array.isArray(p.breadcrumbs) ? (p.breadcrumbs as Named[]) : [];
        const category = (p.category as Named | undefined) ?? crumbs[crumbs.length - 1] ?? null;
        const variants = Array.isArray(p.variants) ? (p.variants as { id?: unknown; sku?: unknown }[]) : [];
        const selected = variants.find((v) => v.id === p.selected_variant_id) ?? variants[0];
        return {
          name: p.name,
          description: typeof p.description === 'string' ? p.description : '',
          slug: typeof p.slug === 'string' ? p.slug : slug,
          sku: selected && typeof selected.sku === 'string' ? selected.sku : null,
          price: typeof p.price === 'number' ? p.price : 0,
          // a product whose first colour is sold out opens on another: its picture, not the first one
          image: typeof p.img_url === 'string' ? p.img_url : (images[0]?.url ?? null),
          inStock: typeof p.total_quanity === 'number' ? p.total_quanity > 0 : true,
          category: category && typeof category.name === 'string' ? { name: category.name, slug: category.slug } : null,
          answer: body,
        };
      });
    },
    /** A post's title and excerpt, for its <head>, with the API's whole answer (the page's own request). */
    async blog(slug: string, lang: Lang): Promise<Lookup<{ title: string; description: string; answer?: unknown }>> {
      const res = await get(`${CATALOG}/resources/blogs/${encodeURIComponent(slug)}`, lang);
      return lookup(res, (body) => {
        const b = ((body as { data?: unknown; blog?: unknown } | null)?.data ?? (body as { blog?: unknown } | null)?.blog) as Record<string, unknown> | undefined;
        if (!b || typeof b.title !== 'string') return null;
        return { title: b.title, description: typeof b.excerpt === 'string' ? b.excerpt : '', answer: body };
      });
    },
    /** An information page's heading (about, contacts, …), for its <title>, with the API's whole answer. */
    async infoPage(slug: string, lang: Lang): Promise<Lookup<{ title: string; answer?: unknown }>> {
      const res = await get(`${CATALOG}/resources/pages/${encodeURIComponent(slug)}`, lang);
      return lookup(res, (body) => {
        const title = ((body as { data?: { title?: unknown } } | null)?.data ?? null)?.title;
        return typeof title === 'string' && title.trim() ? { title: title.trim(), answer: body } : null;
      });
    },
    /** The home page's one `home` answer (null when unknown) and its first slide's picture (the largest element). */
    async home(lang: Lang): Promise<{ answer: unknown; firstSlide: string | null } | null> {
      const res = await get(`${CATALOG}/resources/home`, lang);
      if (res?.status !== 200 || !res.body || typeof res.body !== 'object') return null;
      const slides = (res.body as { data?: { slides?: { image_url?: unknown }[] } }).data?.slides;
      const url = Array.isArray(slides) ? slides[0]?.image_url : null;
      return { answer: res.body, firstSlide: typeof url === 'string' ? url : null };
    },
    /** The stores for the markets page's JSON-LD, with the API's whole answer (the page's own request; none without an answer). */
    async stores(lang: Lang): Promise<{ list: StoreHead[]; answer?: unknown }> {
      const res = await get(STORES, lang);
      if (res?.status !== 200) return { list: [] };
      const body = res.body as unknown;
      const list = Array.isArray(body) ? body : ((body as { data?: unknown; stores?: unknown })?.data ?? (body as { stores?: unknown })?.stores);
      return { list: Array.isArray(list) ? (list as StoreHead[]).filter((s) => typeof s?.name === 'string') : [], answer: body ?? undefined };
    },
    /**
     * The name of a category (at any depth of the tree) or a brand, for a catalogue page listing it
     * (`?category=…`, `?brands=…`); null when the API does not know the slug or did not answer.
     */
    async listName(kind: 'categories' | 'brands', slug: string, lang: Lang): Promise<string | null> {
      const res = await get(`${CATALOG}/resources/${kind}`, lang);
      if (res?.status !== 200) return null;
      const find = (items: unknown): string | null => {
        if (!Array.isArray(items)) return null;
        for (const it of items as { slug?: unknown; name?: unknown; children?: unknown }[]) {
          if (it?.slug === slug && typeof it.name === 'string' && it.name.trim()) return it.name.trim();
          const below = find(it?.children);
          if (below) return below;
        }
        return null;
      };
      return find((res.body as { data?: unknown } | null)?.data ?? res.body);
    },
    /** Slugs of one catalogue list (categories, brands, blogs), flattening a category tree. */
    async slugs(kind: 'categories' | 'brands' | 'blogs'): Promise<string[]> {
      const res = await get(`${CATALOG}/resources/${kind}`, 'uz');
      if (res?.status !== 200) return [];
      const out: string[] = [];
      const walk = (items: unknown) => {
        if (!Array.isArray(items)) return;
        for (const it of items as { slug?: unknown; children?: unknown }[]) {
          if (typeof it?.slug === 'string') out.push(it.slug);
          walk(it?.children);
        }
      };
      walk((res.body as { data?: unknown } | null)?.data ?? res.body);
      return out;
    },
    /** Every product slug, page by page (per_page 100), capped so a huge catalogue cannot stall us. */
    async productSlugs(maxPages = 500): Promise<string[]> {
      const out: string[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const res = await get(`${CATALOG}/resources/products`, 'uz', { method: 'POST', body: JSON.stringify({ page, per_page: 100 }) });
        if (res?.status !== 200) break;
        const body = res.body as { data?: { slug?: string }[]; meta?: { last_page?: number } } | null;
        for (const p of body?.data ?? []) if (typeof p.slug === 'string') out.push(p.slug);
        if (!body?.meta?.last_page || page >= body.meta.last_page) break;
      }
      return out;
    },
  };
}

export type CatalogueReader = ReturnType<typeof createCatalogueReader>;
