// The product page as a shopper sees it on a 390 px phone (touch) and a 1366 px desktop, in uz, ru
// and en (issue 12): the gallery follows the chosen colour and a colour's picture chooses it; a
// sold-out colour is marked but can be chosen, and then cannot be bought; the picture opens full
// screen and moves with a swipe or the arrow keys; a sticky buy bar appears on a phone once Buy has
// scrolled away, never hides the end of the page, and is reached with the keyboard.
import { DESKTOP, PHONE, expect, openPage, test } from '../support/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { baseURL } from '../support/shop';

const LANGS = ['uz', 'ru', 'en'] as const;
type Lang = (typeof LANGS)[number];
const TEXT: Record<Lang, { soldOut: string; out: string; zoom: string; close: string; next: string }> = {
  uz: { soldOut: '(tugagan)', out: 'Tugagan', zoom: 'Rasmni kattalashtirish', close: 'Yopish', next: 'Keyingi rasm' },
  ru: { soldOut: '(нет в наличии)', out: 'Нет в наличии', zoom: 'Увеличить фото', close: 'Закрыть', next: 'Следующее фото' },
  en: { soldOut: '(sold out)', out: 'Out of stock', zoom: 'Enlarge the picture', close: 'Close', next: 'Next picture' },
};

interface Variant {
  id: number;
  sku: string;
  price: number;
  total_quanity: number;
  options: { code: string; value: string }[];
}
interface Product {
  slug: string;
  images: { url: string }[];
  variants: Variant[];
}

const colourOf = (v: Variant) => v.options.find((o) => o.code === 'color')?.value ?? '';

/** A product whose colours each have a picture, with one colour sold out and one in stock. */
async function productWithSoldOutColour(request: APIRequestContext): Promise<{ product: Product; soldOut: Variant; inStock: Variant }> {
  const R = `${baseURL()}/backend/api/ext/v1/resources`;
  const list = (await (await request.post(`${R}/products`, { data: { in_stock: true, per_page: 100 } })).json()) as { data: { slug: string; variants_count: number }[] };
  for (const card of list.data.filter((p) => p.variants_count > 1)) {
    const { product } = (await (await request.get(`${R}/product/${card.slug}`)).json()) as { product: Product };
    const soldOut = product.variants.find((v) => v.total_quanity === 0 && v.options.length === 1);
    const inStock = product.variants.find((v) => v.total_quanity >= 3 && v.options.length === 1);
    const pictured = product.variants.every((v) => product.images.some((i) => i.url.endsWith(`-${colourOf(v)}.webp`)));
    if (soldOut && inStock && pictured && colourOf(soldOut) && colourOf(inStock)) return { product, soldOut, inStock };
  }
  throw new Error('the demo shop has no product with a sold-out colour');
}

const open = openPage;

/** A finger moving `dx` px across the element (touch events, which Chromium turns into pointer events). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  // a finger's pace: moves all at once would be a fling, and Chrome takes the next tap as stopping it
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 6, y }] });
    await page.waitForTimeout(30);
  }
  // the finger rests before it lifts, so the swipe ends without a fling (a tap during one only stops it)
  await page.waitForTimeout(120);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const mainPicture = (page: Page) => page.getByTestId('gallery-main-image');

for (const lang of LANGS) {
  test(`phone, ${lang}: the gallery follows the colour; a sold-out colour is marked, chosen, and not bought`, async ({ browser, request }) => {
    const { product, soldOut, inStock } = await productWithSoldOutColour(request);
    const { context, page, errors } = await open(browser, PHONE, `/${lang}/products/${product.slug}`);
    const chip = page.getByTestId(`variant-color-${colourOf(soldOut)}`);
    await expect(chip).toContainText(TEXT[lang].soldOut);
    await expect(chip).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByTestId(`variant-color-${colourOf(inStock)}`)).not.toContainText(TEXT[lang].soldOut);

    await chip.tap();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(mainPicture(page)).toHaveAttribute('src', new RegExp(`-${colourOf(soldOut)}\\.webp`));
    await expect(page.getByTestId('product-sku')).toContainText(soldOut.sku);
    await expect(page.getByTestId('stock-status')).toHaveText(TEXT[lang].out);
    await expect(page.getByTestId('buy')).toBeDisabled();
    await expect(page.getByTestId('buy-one-click')).toBeDisabled();
    // the choice is in the address: a reload shows the same colour
    await expect(page).toHaveURL(new RegExp(`\\?variant=${soldOut.id}$`));
    await page.reload();
    await expect(page.getByTestId('product-sku')).toContainText(soldOut.sku);
    await expect(page.getByTestId(`variant-color-${colourOf(soldOut)}`)).toHaveAttribute('aria-pressed', 'true');

    // the in-stock colour's thumbnail chooses that colour again
    const index = product.images.findIndex((i) => i.url.endsWith(`-${colourOf(inStock)}.webp`));
    await page.locator('.bzc-thumb').nth(index).tap();
    await expect(page.getByTestId('product-sku')).toContainText(inStock.sku);
    await expect(mainPicture(page)).toHaveAttribute('src', new RegExp(`-${colourOf(inStock)}\\.webp`));
    await expect(page.getByTestId('buy')).toBeEnabled();
    await page.getByTestId('buy').tap();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { attributes?: { variant_id?: number } }[]);
    expect(stored.map((l) => l.attributes?.variant_id)).toEqual([inStock.id]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('phone: a swipe moves the picture; a tap opens it full screen at full size, where a swipe moves it too', async ({ browser, request }) => {
  const { product } = await productWithSoldOutColour(request);
  const { context, page, errors } = await open(browser, PHONE, `/ru/products/${product.slug}`);
  const first = await mainPicture(page).getAttribute('src');
  await swipe(page, mainPicture(page), -160);
  await expect(mainPicture(page)).not.toHaveAttribute('src', first ?? '');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const second = await mainPicture(page).getAttribute('src');

  await mainPicture(page).tap();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  const big = viewer.getByTestId('gallery-viewer-image');
  // the original file, not a resized copy
  await expect(big).toHaveAttribute('src', (second ?? '').replace(/\?w=\d+$/, ''));
  // it loads (the original is not preloaded: a slow machine shows the viewer before the file is in)
  await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await swipe(page, big, -160);
  await expect(big).not.toHaveAttribute('src', (second ?? '').replace(/\?w=\d+$/, ''));
  await viewer.getByRole('button', { name: TEXT.ru.close }).tap();
  await expect(viewer).toHaveCount(0);
  // the page's gallery went along with the viewer
  await expect(mainPicture(page)).not.toHaveAttribute('src', second ?? '');
  expect(errors).toEqual([]);
  await context.close();
});

test('desktop, keyboard only: the viewer opens with Enter, moves with the arrows, keeps Tab inside, closes with Escape', async ({ browser, request }) => {
  const { product } = await productWithSoldOutColour(request);
  const { context, page, errors } = await open(browser, DESKTOP, `/en/products/${product.slug}`);
  const zoom = page.getByRole('button', { name: TEXT.en.zoom });
  // Tab from the top of the page to the picture
  for (let i = 0; i < 60 && !(await zoom.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(zoom).toBeFocused();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeFocused();
  const big = viewer.getByTestId('gallery-viewer-image');
  const before = await big.getAttribute('src');
  await page.keyboard.press('ArrowRight');
  await expect(big).not.toHaveAttribute('src', before ?? '');
  await page.keyboard.press('ArrowLeft');
  await expect(big).toHaveAttribute('src', before ?? '');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await viewer.getByRole('button', { name: TEXT.en.next }).focus();
  await page.keyboard.press('Enter');
  await expect(big).not.toHaveAttribute('src', before ?? '');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(zoom).toBeFocused();
  // the sticky bar is a phone's: never on a desktop, even scrolled down
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByTestId('sticky-buy-bar')).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

for (const lang of LANGS) {
  test(`phone, ${lang}: the sticky buy bar appears once Buy has scrolled away, hides nothing, and works from the keyboard`, async ({ browser, request }) => {
    const { product, inStock } = await productWithSoldOutColour(request);
    const { context, page, errors } = await open(browser, PHONE, `/${lang}/products/${product.slug}`);
    const bar = page.getByTestId('sticky-buy-bar');
    // not on the first screen, nor while Buy is on screen
    await expect(bar).toBeHidden();
    await page.getByTestId('buy').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('buy')).toBeInViewport();
    await expect(bar).toBeHidden();
    await page.getByTestId(`variant-color-${colourOf(inStock)}`).tap();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeVisible();
    await expect(bar.locator('[data-price]')).toHaveAttribute('data-price', String(inStock.price));
    // at the very end of the page the footer ends above the bar, not under it
    const barTop = (await bar.boundingBox())?.y ?? 0;
    const footerBottom = await page.getByTestId('site-footer').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual(barTop + 1);

    // keyboard: Shift+Tab back from the end of the page reaches the bar's Buy, Enter buys
    await page.getByTestId('site-footer').locator('a').last().focus();
    const buy = bar.getByRole('button');
    for (let i = 0; i < 40 && !(await buy.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
    await expect(buy).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    // "Added to the cart" shows above the bar, not over its price and Buy
    const toast = page.locator('.bz-toasts > *').first();
    await expect(toast).toBeVisible();
    const toastBottom = await toast.evaluate((el) => el.getBoundingClientRect().bottom);
    expect(toastBottom).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);

    // back at the top the bar goes away
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
    expect(errors).toEqual([]);
    await context.close();
  });
}
