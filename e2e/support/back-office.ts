// What the back-office specs (back-office, back-office-catalog) share, each on a shop of its own
// (support/extra-shop.ts): staff added with `pnpm staff:add` against that running shop, as
// docs/back-office.md says; back-office and shop pages each in a browser context of their own, closed
// together after the file's last test; a 360 px phone; a picture to upload; a price's digits; a product's
// option and variants typed in; the shop's search asked.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { DESKTOP, collectErrors, waitingPage } from './test';
import { typeInto } from './keyboard';
import type { ExtraShop } from './extra-shop';
import { ROOT } from './processes';
import { AdminPage } from '../pages/AdminPage';

const run = promisify(execFile);

/** A 360 px touch phone (the narrowest the shop is made for). */
export const PHONE_360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' as const };

/** A valid 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** `pnpm staff:add +998<digits9> <role> <name>` on the server of this shop (its DATA_DIR); what it printed. */
export function staffAdd(shop: ExtraShop, digits9: string, role: 'owner' | 'manager' | 'operator', name: string): Promise<{ stdout: string; stderr: string }> {
  return run('pnpm', ['-s', 'staff:add', `+998${digits9}`, role, name], { cwd: ROOT, env: { ...process.env, DATA_DIR: shop.dataDir } });
}

/**
 * The browser contexts a spec opens on its shop (`shop()`: the one its beforeAll started), each page in a
 * context of its own; closeContexts() closes them all, in the spec's afterAll.
 */
export function backOfficeContexts(shop: () => ExtraShop) {
  const opened: BrowserContext[] = [];
  return {
    /** A back-office page in a context of its own (the back office has no data-ready: plain pages). */
    async adminPage(browser: Browser, options: typeof DESKTOP | typeof PHONE_360 = DESKTOP) {
      const context = await browser.newContext(options);
      opened.push(context);
      const page = await context.newPage();
      const errors = collectErrors(page);
      return { admin: new AdminPage(page, shop().baseURL, shop().dataDir), page, errors };
    },
    /** A shop page (waits for data-ready like every spec's) in a context of its own. */
    async shopPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
      const context = await browser.newContext(DESKTOP);
      opened.push(context);
      const page = waitingPage(await context.newPage());
      return { page, errors: collectErrors(page) };
    },
    async closeContexts() {
      for (const context of opened) await context.close().catch(() => undefined);
    },
  };
}

/** The digits of a price as the page writes it ("399 000 сум" → 399000). */
export const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** Types the names of the product's option `n` (1, 2, …) in the back office's languages, as its fields are labelled. */
export async function typeOption(page: Page, n: number, names: { UZ: string; RU: string; EN: string }): Promise<void> {
  for (const [lang, name] of Object.entries(names)) await typeInto(page.getByLabel(`Option ${n} name (${lang})`), name);
}

/**
 * Types a variant's row of the product editor, key by key: its SKU, its value of each option (by the
 * field's label, e.g. "Rang (UZ)", in the order given), its price for individuals and for legal entities.
 */
export async function typeVariant(variant: Locator, sku: string, values: Record<string, string>, price: string, legalPrice: string): Promise<void> {
  await typeInto(variant.getByTestId('variant-sku'), sku);
  for (const [label, value] of Object.entries(values)) await typeInto(variant.getByLabel(label), value);
  await typeInto(variant.getByTestId('variant-price'), price);
  await typeInto(variant.getByTestId('variant-price-legal'), legalPrice);
}

/** Whether the shop's product search, asked for `query` in `lang`, answers with product `id` among its results. */
export async function searchFinds(request: APIRequestContext, baseURL: string, query: string, lang: string, id: number): Promise<boolean> {
  const res = await request.get(`${baseURL}/backend/api/ext/v1/resources/products/search?q=${encodeURIComponent(query)}`, { headers: { 'X-LANG': lang } });
  const body = (await res.json()) as { data: { id: number }[] };
  return body.data.some((p) => p.id === id);
}
