// The browser tests' `test`: Playwright's, except that `goto` and `reload` on every page of the test's
// context also wait until the shop is ready (<html data-ready="1">: the shell has rendered or hydrated
// and every remote slot's module is mounted). A server-rendered page is on screen before its scripts
// run (they start after its load event), and a click before hydration would do nothing.
// `waitUntil: 'commit'` skips the wait, for tests that look at a page while it is still loading.
import { test as base, type Browser, type Page } from '@playwright/test';
import { baseURL } from './shop';

export { expect } from '@playwright/test';

/** Waits until the page is ready; at once for a document that is not the shop (no #root). */
export async function waitForReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready === '1');
}

const wrapped = new WeakSet<Page>();

export function waitingPage(page: Page): Page {
  if (wrapped.has(page)) return page;
  wrapped.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (options?.waitUntil !== 'commit') await waitForReady(page);
    return res;
  };
  page.reload = async (options) => {
    const res = await reload(options);
    if (options?.waitUntil !== 'commit') await waitForReady(page);
    return res;
  };
  return page;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    context.on('page', waitingPage);
    for (const page of context.pages()) waitingPage(page);
    await use(context);
  },
});

/** A touch phone and a desktop, for contexts a test opens itself (the service worker blocked, as in the config). */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' as const };
export const DESKTOP = { viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' as const };

/** Collects the page's console errors and uncaught exceptions (a hydration mismatch among them). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Opens the shop's `path` in a new context of this screen, collecting its errors; the caller closes the context. */
export async function openPage(browser: Browser, options: typeof PHONE | typeof DESKTOP, path: string) {
  const context = await browser.newContext(options);
  const page = waitingPage(await context.newPage());
  const errors = collectErrors(page);
  await page.goto(baseURL() + path);
  return { context, page, errors };
}

