// Content and settings in the back office (issue 16), on a shop of its own (they change what every
// shopper sees): a manager changes a home banner's title and picture and ends another banner, writes a
// blog post in the rich-text editor (bold and a link) and publishes it, and — on a 360 px phone — lowers
// the free-delivery threshold; the shopper sees each change (within the 30 s the shop promises).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DESKTOP, collectErrors, expect, test, waitingPage } from '../support/test';
import { type ExtraShop, startExtraShop } from '../support/extra-shop';
import { ROOT } from '../support/processes';
import { findProduct } from '../support/api';
import { typeDateTimeInto, typeInto } from '../support/keyboard';
import { AdminPage } from '../pages/AdminPage';

const run = promisify(execFile);

const MANAGER = { phone: '901130001', name: 'Malika Yusupova' };
const STAMP = Date.now().toString(36);
const SLIDE_TITLE = `Spring sale −40% ${STAMP}`;
const POST_SLUG = `choynak-tanlash-${STAMP}`;

// A valid 1×1 PNG (the API re-encodes it to WebP).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PHONE_360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' as const };

let shop: ExtraShop;
const opened: BrowserContext[] = [];

async function adminPage(browser: Browser, options: typeof DESKTOP | typeof PHONE_360 = DESKTOP) {
  const context = await browser.newContext(options);
  opened.push(context);
  const page = await context.newPage();
  const errors = collectErrors(page);
  return { admin: new AdminPage(page, shop.baseURL, shop.dataDir), page, errors };
}

async function shopPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(DESKTOP);
  opened.push(context);
  return waitingPage(await context.newPage());
}

/** Loads `url` again until `check` passes (the shop promises a change within 30 s). */
async function eventually(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 30_000, intervals: [1000, 2000, 5000] });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startExtraShop({ OTP_RESEND_S: '2' });
  const added = await run('pnpm', ['-s', 'staff:add', `+998${MANAGER.phone}`, 'manager', MANAGER.name], { cwd: ROOT, env: { ...process.env, DATA_DIR: shop.dataDir } });
  expect(added.stdout).toContain(`+998${MANAGER.phone} added as manager.`);
});

test.afterAll(async () => {
  for (const context of opened) await context.close().catch(() => undefined);
  await shop?.close();
});

test('a manager changes a banner’s title and picture and ends another; the shop’s home page follows', async ({ browser }) => {
  test.setTimeout(120_000);
  const { admin, page, errors } = await adminPage(browser);
  await admin.signIn(MANAGER.phone);
  await expect(admin.nav().getByRole('link', { name: 'Banners' })).toBeVisible();
  await admin.nav().getByRole('link', { name: 'Banners' }).click();
  await expect(admin.heading()).toHaveText('Home banners');
  const rows = page.getByTestId('slides-table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  const second = (await rows.nth(1).getByRole('link').textContent())!.trim();

  // the first banner: a new English title and a new picture
  await rows.first().getByRole('link').click();
  await expect(admin.heading()).toHaveText('Edit banner');
  await typeInto(page.getByTestId('slide-title-en'), SLIDE_TITLE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' }).first()).toBeVisible();
  const picture = page.locator('.adm-picture__img');
  const before = await picture.getAttribute('src');
  await page.getByTestId('slide-picture').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: PNG });
  await expect(picture).not.toHaveAttribute('src', before ?? '');
  await expect(picture).toHaveAttribute('src', /^\/media\/slides\/[0-9a-f]+\.webp$/);
  await expect(page.getByTestId('slide-state')).toHaveText('Shown');

  // a link with the language in it is refused by the API, next to the field, in the staff member's language
  await typeInto(page.getByTestId('slide-link'), '/uz/catalog');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('slide-form').getByRole('alert')).toHaveText('A path of the shop: starts with /, without the language (e.g. /catalog?discounted=true).');
  await expect(page.getByTestId('slide-link')).toHaveAttribute('aria-invalid', 'true');
  await typeInto(page.getByTestId('slide-link'), '/catalog?discounted=true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' }).first()).toBeVisible();

  // the second banner ended yesterday
  await page.getByRole('link', { name: /Home banners/ }).first().click();
  await rows.nth(1).getByRole('link').click();
  const yesterday = new Date(Date.now() + 5 * 3600_000 - 86_400_000).toISOString().slice(0, 16);
  await typeDateTimeInto(page.getByTestId('slide-ends'), yesterday);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('slide-state')).toHaveText('Ended');

  const shopper = await shopPage(browser);
  await eventually(shopper, `${shop.baseURL}/en`, async () => {
    const slides = shopper.getByRole('list', { name: /offers/i }).getByRole('listitem');
    await expect(slides.first()).toContainText(SLIDE_TITLE, { timeout: 2000 });
    await expect(slides).toHaveCount(3, { timeout: 2000 });
    await expect(shopper.getByRole('list', { name: /offers/i })).not.toContainText(second, { timeout: 2000 });
  });
  // the refused link above is the one failed request the browser reports
  expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
});

test('a manager writes a post with bold text and a link, publishes it, and the shopper reads it', async ({ browser }) => {
  test.setTimeout(120_000);
  const { admin, page, errors } = await adminPage(browser);
  await admin.signIn(MANAGER.phone);
  await admin.open('posts');
  await expect(admin.heading()).toHaveText('Blog');
  await page.getByTestId('post-add').click();
  await expect(admin.heading()).toHaveText('New post');

  await typeInto(page.getByTestId('post-slug'), POST_SLUG);
  for (const [lang, title, excerpt] of [
    ['uz', 'Choynakni qanday tanlash kerak', 'Qisqa maslahatlar'],
    ['ru', 'Как выбрать чайник', 'Короткие советы'],
    ['en', 'How to choose a kettle', 'Short tips'],
  ] as const) {
    await typeInto(page.getByTestId(`article-title-${lang}`), title);
    await typeInto(page.getByTestId(`article-excerpt-${lang}`), excerpt);
  }

  // Uzbek body: a word made bold from the toolbar, another turned into a link to the catalogue
  const uz = page.getByTestId('rte-uz');
  await uz.click();
  await page.keyboard.type('Yaxshi choynak tanlash');
  for (let i = 0; i < 'tanlash'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByTestId('rte-uz-bold').click();
  await expect(page.getByTestId('rte-uz-bold')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  await page.getByTestId('rte-uz-bold').click(); // bold off for what follows
  await page.keyboard.type(' katalog');
  for (let i = 0; i < 'katalog'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByTestId('rte-uz-link').click();
  // an address the shop would drop is refused in the form
  await typeInto(page.getByTestId('rte-uz-link-input'), 'javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rte-uz-link-form').getByRole('alert')).toBeVisible();
  await typeInto(page.getByTestId('rte-uz-link-input'), '/uz/catalog');
  await page.keyboard.press('Enter');
  await expect(uz.locator('strong')).toHaveText('tanlash');
  await expect(uz.locator('a[href="/uz/catalog"]')).toHaveText('katalog');

  // the other languages, through the tabs
  for (const [lang, text] of [
    ['ru', 'Как выбрать хороший чайник'],
    ['en', 'How to choose a good kettle'],
  ] as const) {
    await page.getByTestId(`body-tab-${lang}`).click();
    await page.getByTestId(`rte-${lang}`).click();
    await page.keyboard.type(text);
  }

  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await expect(page.getByTestId('post-state')).toHaveText('Draft');

  // a draft is not in the shop
  const shopper = await shopPage(browser);
  const res = await shopper.goto(`${shop.baseURL}/uz/blogs/${POST_SLUG}`);
  expect(res?.status()).toBe(404);

  await page.getByTestId('post-publish').click();
  await expect(page.getByTestId('post-state')).toContainText('Published');

  await eventually(shopper, `${shop.baseURL}/uz/blogs/${POST_SLUG}`, async () => {
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Choynakni qanday tanlash kerak', { timeout: 2000 });
  });
  const body = shopper.getByTestId('blog-body');
  await expect(body.locator('strong')).toHaveText('tanlash');
  await expect(body.getByRole('link', { name: 'katalog' })).toHaveAttribute('href', '/uz/catalog');
  await shopper.goto(`${shop.baseURL}/uz/blogs`);
  await expect(shopper.getByRole('link', { name: 'Choynakni qanday tanlash kerak' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('on a 360 px phone a manager lowers the free-delivery threshold, and the cart says so', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const cheap = await findProduct(request, (s) => s.total_quanity >= 3, (p) => p.price < 400_000 && p.variants.some((v) => v.total_quanity > 0), shop.baseURL);
  const variant = cheap.variants.find((v) => v.total_quanity > 0)!;
  const shopper = await shopPage(browser);
  await shopper.goto(`${shop.baseURL}/uz`);
  await shopper.evaluate(
    (p) => localStorage.setItem('cart', JSON.stringify([{ product_id: p.id, name: p.name, quantity: 1, price: p.price, slug: p.slug, attributes: { variant_id: p.variant } }])),
    { ...cheap, variant: variant.id },
  );
  await shopper.goto(`${shop.baseURL}/uz/cart`);
  await expect(shopper.getByTestId('delivery-text')).toContainText(/1\s000\s000\ssoʻmdan bepul yetkazib berish/);

  const { admin, page, errors } = await adminPage(browser, PHONE_360);
  await admin.signIn(MANAGER.phone);
  await admin.menuButton().click();
  await admin.nav().getByRole('link', { name: 'Delivery' }).click();
  await expect(admin.heading()).toHaveText('Delivery');
  const threshold = page.getByTestId('delivery-threshold');
  await expect(threshold).toHaveValue('1000000');
  // the form fits the phone: no sideways scrolling
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await typeInto(threshold, 'abc');
  await page.getByTestId('delivery-save').click();
  await expect(page.getByText('Enter a whole amount in UZS')).toBeVisible();
  await typeInto(threshold, '400 000');
  await page.getByTestId('delivery-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' }).first()).toBeVisible();
  await expect(threshold).toHaveValue('400000');

  await eventually(shopper, `${shop.baseURL}/uz/cart`, async () => {
    await expect(shopper.getByTestId('delivery-text')).toContainText(/400\s000\ssoʻmdan bepul yetkazib berish/, { timeout: 3000 });
  });
  expect(errors).toEqual([]);
});
