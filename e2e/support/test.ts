// The browser tests' `test`: Playwright's, except that `goto` and `reload` on every page of the test's
// context also wait until the shop is ready (<html data-ready="1">: the shell has rendered or hydrated
// and every remote slot's module is mounted). A server-rendered page is on screen before its scripts
// run (they start after its load event), and a click before hydration would do nothing.
// `waitUntil: 'commit'` skips the wait, for tests that look at a page while it is still loading.
import { test as base, type Page } from '@playwright/test';

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
