// Prefetch of the product page's answer: on hover/focus of a card (at once) and when a card becomes
// visible (once per slug, when the browser is idle, and only on a fast connection without Save-Data).
// The answer is kept for a short while and handed to the product page, which then needs no request.
// On a first load the shell server may have inlined the answer in the HTML (<script id="bozor-data">).
import { $accountType, $language, getApi } from '@bozor/shared';
import { pageData, resetPageDataForTests } from '@bozor/shared/page-data';
import type { BlogArticle, BlogSummary, Brand, InfoPage, Market } from '@bozor/shared/api/content';
import type { ProductsBody } from './filter';
import type { CategoriesAnswer, HomeAnswer, ProductAnswer, ProductsAnswer } from './types';

/** How long a prefetched answer may be used instead of a fresh request. */
export const PREFETCH_TTL_MS = 60_000;

const answers = new Map<string, { at: number; answer: Promise<ProductAnswer> }>();
const keyOf = (slug: string) => `${slug}|${$language.get()}|${$accountType.get()}`;

/** Starts loading a product's answer unless a fresh one is already loading or loaded. */
export function prefetchProduct(slug: string): void {
  const key = keyOf(slug);
  const hit = answers.get(key);
  if (hit && Date.now() - hit.at < PREFETCH_TTL_MS) return;
  const answer = getApi().getProduct(slug);
  answers.set(key, { at: Date.now(), answer });
  answer.catch(() => answers.delete(key));
}

/** On the server: the answers of the request being rendered (set by src/ssr.tsx around one render). */
let serverData: Record<string, unknown> | null = null;

/** Server rendering only: the answers the page is rendered from (null when the render is over). */
export function setServerData(data: Record<string, unknown> | null): void {
  serverData = data;
}

/**
 * The answers the shell server put in the page (<script id="bozor-data">, read in its first minute:
 * `@bozor/shared/page-data`), or on the server the ones being rendered.
 */
function inlineAnswers(): Record<string, unknown> {
  return serverData ?? pageData();
}

/** An answer given with the page, still unused (reading does not use it up). */
function peekInline(key: string): unknown {
  return inlineAnswers()[key];
}

/** Marks an inlined answer as used: the next page for the same key asks the API. */
function spendInline(key: string): void {
  if (!serverData) delete inlineAnswers()[key];
}

function takeInlineRaw(key: string): unknown {
  const value = peekInline(key);
  spendInline(key);
  return value;
}

/** An answer given with the page, for a page's first render (the server's, then the hydrating one). */
export interface Seed<T> {
  value: T;
  /** Called once the page has shown it (after the first commit in the browser). */
  markUsed(): void;
}

function seed<T>(key: string, valid: (value: unknown) => value is T): Seed<T> | undefined {
  const value = peekInline(key);
  return valid(value) ? { value, markUsed: () => spendInline(key) } : undefined;
}

/** Inline-data keys: the same on the server (which fills them) and in the browser (which reads them). */
export const inlineKeys = {
  home: (lang: string, account: string) => `home|${lang}|${account}`,
  product: (slug: string, lang: string, account: string) => `product:${slug}|${lang}|${account}`,
  products: (body: ProductsBody, lang: string, account: string) => `products:${JSON.stringify(body)}|${lang}|${account}`,
  brands: (lang: string) => `brands|${lang}`,
  blogs: (lang: string) => `blogs|${lang}`,
  blog: (slug: string, lang: string) => `blog:${slug}|${lang}`,
  page: (slug: string, lang: string) => `page:${slug}|${lang}`,
  markets: (lang: string) => `markets|${lang}`,
  categories: (lang: string) => `categories|${lang}`,
};

/**
 * The seeds' checks. An inlined answer is the API's, passed through the server's page: each check asks for what
 * its page reads unguarded, and the answer is then taken as the contract types it.
 */
const isHomeAnswer = (value: unknown): value is HomeAnswer =>
  !!value && typeof value === 'object' && 'data' in value && !!(value as { data?: unknown }).data && typeof (value as { data?: unknown }).data === 'object';

/** A products page answer with what the catalogue page reads unguarded (data, meta, facets). */
function isProductsAnswer(value: unknown): value is ProductsAnswer {
  const v = value as { data?: unknown; meta?: { total?: unknown }; facets?: unknown } | null | undefined;
  return !!v && Array.isArray(v.data) && typeof v.meta?.total === 'number' && !!v.facets && typeof v.facets === 'object';
}

/** The product page's answer when it came with the page. */
export function productSeed(slug: string): Seed<ProductAnswer> | undefined {
  return seed(inlineKeys.product(slug, $language.get(), $accountType.get()), isProductAnswer);
}

/**
 * The fields the product page cannot do without (what productResponseSchema requires, checked by the
 * client on answers it fetches). Written out here: the schemas would bring zod into the product page's
 * first render, which this inlined answer exists to speed up.
 */
function isProductAnswer(value: unknown): value is ProductAnswer {
  const product = (value as { product?: unknown } | null | undefined)?.product as Record<string, unknown> | null | undefined;
  return (
    !!product &&
    typeof product === 'object' &&
    typeof product.name === 'string' &&
    typeof product.slug === 'string' &&
    typeof product.price === 'number' &&
    Number.isFinite(product.price)
  );
}

/** The home answer when it came with the page. */
export function homeSeed(): Seed<HomeAnswer> | undefined {
  return seed(inlineKeys.home($language.get(), $accountType.get()), isHomeAnswer);
}

/** A products page answer when it came with the page. */
export function productsSeed(body: ProductsBody): Seed<ProductsAnswer> | undefined {
  return seed(inlineKeys.products(body, $language.get(), $accountType.get()), isProductsAnswer);
}

/** The brand list (GET …/resources/brands) when it came with the page. */
export function brandsSeed(): Seed<{ data: Brand[] }> | undefined {
  return seed(inlineKeys.brands($language.get()), (value) => isListAnswer<Brand>(value, ['slug', 'name']));
}

/** True when `item` is an object whose `fields` are all strings. */
function hasStrings(item: unknown, fields: readonly string[]): boolean {
  return !!item && typeof item === 'object' && fields.every((field) => typeof (item as Record<string, unknown>)[field] === 'string');
}

/** A list answer (`data`), each entry with the texts its page reads unguarded. */
function isListAnswer<T>(value: unknown, fields: readonly string[]): value is { data: T[] } {
  const data = (value as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) && data.every((item) => hasStrings(item, fields));
}

/** A one-entry answer (`data`) with the texts its page reads unguarded. */
function isEntryAnswer<T>(value: unknown, fields: readonly string[]): value is { data: T } {
  return hasStrings((value as { data?: unknown } | null | undefined)?.data, fields);
}

// The content pages' answers when they came with the page (each `{ data }`, as the API gives it). Checked
// by hand, as the home answer: the schemas would bring zod into the page's first render.

/** The blog list (GET …/resources/blogs). */
export function blogsSeed(): Seed<{ data: BlogSummary[] }> | undefined {
  return seed(inlineKeys.blogs($language.get()), (value) => isListAnswer<BlogSummary>(value, ['slug', 'title']));
}

/** A blog article (GET …/resources/blogs/{slug}). */
export function blogSeed(slug: string): Seed<{ data: BlogArticle }> | undefined {
  return seed(inlineKeys.blog(slug, $language.get()), (value) => isEntryAnswer<BlogArticle>(value, ['title', 'body']));
}

/** An information page (GET …/resources/pages/{slug}). */
export function infoPageSeed(slug: string): Seed<{ data: InfoPage }> | undefined {
  return seed(inlineKeys.page(slug, $language.get()), (value) => isEntryAnswer<InfoPage>(value, ['title', 'body']));
}

/** The stores (GET /api/store/stores). */
export function marketsSeed(): Seed<{ data: Market[] }> | undefined {
  return seed(inlineKeys.markets($language.get()), (value) => isListAnswer<Market>(value, ['slug', 'name', 'address', 'phone']));
}

/** The category tree (GET …/resources/categories). */
export function categoriesSeed(): Seed<CategoriesAnswer> | undefined {
  return seed(inlineKeys.categories($language.get()), (value) => isListAnswer<CategoriesAnswer['data'][number]>(value, ['slug', 'name']));
}

/** The home answer: inlined by the server on a first load (used once), else a request. */
export function loadHome(): Promise<HomeAnswer> {
  const given = takeInlineRaw(inlineKeys.home($language.get(), $accountType.get()));
  // the client does not check the home answer either; this only makes sure it has the right shape
  if (isHomeAnswer(given)) return Promise.resolve(given);
  return getApi().getHome();
}

/** The product's answer: inlined by the server or prefetched when fresh (each used once), else a new request. */
export function loadProduct(slug: string): Promise<ProductAnswer> {
  const key = keyOf(slug);
  const given = takeInlineRaw(inlineKeys.product(slug, $language.get(), $accountType.get()));
  if (isProductAnswer(given)) return Promise.resolve(given);
  const hit = answers.get(key);
  answers.delete(key);
  if (hit && Date.now() - hit.at < PREFETCH_TTL_MS) return hit.answer;
  return getApi().getProduct(slug);
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetch on visibility only where it costs the shopper nothing they would notice. */
function visiblePrefetchAllowed(): boolean {
  if (typeof IntersectionObserver === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection?.saveData) return false;
  // slow-2g, 2g, 3g: leave the bandwidth to what the shopper asked for
  if (connection?.effectiveType && connection.effectiveType !== '4g') return false;
  return true;
}

/** Slugs already prefetched because they were seen (never twice in one page life). */
const seen = new Set<string>();
const watched = new Map<Element, string>();
let observer: IntersectionObserver | null = null;

function whenIdle(run: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
    else window.setTimeout(run, 200);
  };
  // not while the page itself is still loading
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function onIntersect(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const slug = watched.get(entry.target);
    observer?.unobserve(entry.target);
    watched.delete(entry.target);
    if (!slug || seen.has(slug)) continue;
    seen.add(slug);
    whenIdle(() => prefetchProduct(slug));
  }
}

/** Watches a card; the first time it is visible, its product is prefetched. Returns the clean-up. */
export function prefetchWhenVisible(element: Element, slug: string): () => void {
  if (seen.has(slug) || !visiblePrefetchAllowed()) return () => undefined;
  observer ??= new IntersectionObserver(onIntersect, { rootMargin: '0px', threshold: 0.25 });
  watched.set(element, slug);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    watched.delete(element);
  };
}

/** Tests only: forget every prefetch and the shared observer. */
export function resetPrefetchForTests(): void {
  resetPageDataForTests();
  serverData = null;
  answers.clear();
  seen.clear();
  watched.clear();
  observer?.disconnect();
  observer = null;
}
