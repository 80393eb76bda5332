// A server-rendered page is on screen seconds before a phone has run its scripts. A tap on Buy in that
// time is kept and given again once the button works (shell/public/start-after-load.js), exactly once;
// a tap after that is React's own. The shell's scripts are held back here until the test lets them go.
import type { APIRequestContext } from '@playwright/test';
import { DESKTOP, PHONE, collectErrors, expect, test, waitForReady } from '../support/test';
import { baseURL } from '../support/shop';

const TOAST = { uz: 'Savatga qoʻshildi', en: 'Added to the cart' };

/** A product with one variant, in stock: Buy adds it without a choice. */
async function simpleProduct(request: APIRequestContext): Promise<string> {
  const R = `${baseURL()}/backend/api/ext/v1/resources`;
  const list = (await (await request.post(`${R}/products`, { data: { in_stock: true, per_page: 100 } })).json()) as { data: { slug: string; variants_count: number }[] };
  const one = list.data.filter((p) => p.variants_count === 1);
  // not the first few: other tests buy those
  const slug = one[Math.min(5, one.length - 1)]?.slug;
  if (!slug) throw new Error('the demo shop has no single-variant product in stock');
  return slug;
}

for (const [lang, screen, name] of [
  ['uz', PHONE, 'phone'],
  ['en', DESKTOP, 'desktop'],
] as const) {
  test(`${lang}, ${name}: Buy tapped before the page is interactive adds the product once, when it is`, async ({ browser, request }) => {
    const slug = await simpleProduct(request);
    const context = await browser.newContext(screen);
    const page = await context.newPage();
    const errors = collectErrors(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto(`${baseURL()}/${lang}/products/${slug}`, { waitUntil: 'load' });
    const buy = page.getByTestId('buy');
    await expect(buy).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-ready', '1');
    if (screen === PHONE) await buy.tap();
    else await buy.click();
    // nothing can happen yet: the button's handler has not arrived
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

    release();
    await waitForReady(page);
    await expect(page.getByTestId('toast').getByText(TOAST[lang])).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const quantities = () => page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]).map((l) => l.quantity));
    expect(await quantities()).toEqual([1]);

    // a tap now is React's alone: one more, not two
    if (screen === PHONE) await buy.tap();
    else await buy.click();
    await expect.poll(quantities).toEqual([2]);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    expect(errors).toEqual([]);
    await context.close();
  });
}
