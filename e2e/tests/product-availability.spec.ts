// The product page's "Delivery and pickup" and "Notify me when in stock" (issue 12), as a shopper meets
// them: every pickup store with the chosen variant's stock there ("In stock: 7", "10+", "few left", "not in
// this store") and when it can be picked up, the courier estimate and express in the page's language, on a
// desktop and on a 360 px phone; a sold-out product offers an SMS when it is back — a guest signs in through
// the shell's dialog and the alert is made at once, it survives a reload, and when the stock comes back (the
// order that took it is cancelled with `pnpm order:status`) the shopper gets one SMS in Russian with the
// product's link; and the notify button is reached and pressed with the keyboard alone.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, collectErrors, expect, openPage, test, waitingPage } from '../support/test';
import { apiSignIn, findProduct, fromClientAddress, type ProductDetail } from '../support/api';
import { ROOT } from '../support/processes';
import { baseURL } from '../support/shop';
import { SignInDialog, defaultDataDir, freshPhone, outboxTexts } from '../pages/SignInDialog';

const run = promisify(execFile);

// its own client address: this spec signs two shoppers in
test.use(fromClientAddress(18));

/** The narrowest phone the shop is made for. */
const PHONE_360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' as const };

const T = {
  uz: { title: 'Yetkazib berish va olib ketish', courier: 'Kuryer orqali, Toshkent shahri:', tomorrow: 'ertaga', out: 'Bu doʻkonda yoʻq', in: 'Mavjud:', few: 'Oz qoldi:', pickup: /^(Bugun|Ertaga) olib ketish mumkin$/ },
  ru: { title: 'Доставка и самовывоз', courier: 'Курьером, г. Ташкент:', tomorrow: 'завтра', out: 'Нет в этом магазине', in: 'В наличии:', few: 'Осталось мало:', pickup: /^Можно забрать (сегодня|завтра)$/ },
  en: { title: 'Delivery and pickup', courier: 'Courier, Tashkent city:', tomorrow: 'tomorrow', out: 'Not in this store', in: 'In stock:', few: 'Few left:', pickup: /^Pick up (today|tomorrow)$/ },
} as const;

interface StoreStock {
  store_id: number;
  level: 'in' | 'few' | 'out';
  quantity: number;
  more: boolean;
  pickup: string | null;
}
interface Availability {
  today: string;
  stores: { id: number; slug: string; name: string }[];
  variants: { id: number; in_stock: boolean; stores: StoreStock[] }[];
  express: { available: boolean; note: string };
}

async function availabilityOf(request: APIRequestContext, slug: string, lang: string): Promise<Availability> {
  const res = await request.get(`${baseURL()}/api/products/${slug}/availability`, { headers: { 'X-Lang': lang } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Availability }).data;
}

/** The SMS texts the shop sent to `digits9` (its 9 digits after 998) that name a product page. */
function productTexts(digits9: string): string[] {
  return outboxTexts()
    .filter((m) => m.phone.replace(/\D/g, '').endsWith(digits9) && m.message.includes('/products/'))
    .map((m) => m.message);
}

/** Each store entry of the page says what the API says of it, in the page's language. */
async function expectStores(page: Page, lang: keyof typeof T, stock: StoreStock[], stores: Availability['stores']) {
  const entries = page.getByTestId('availability-store');
  await expect(entries).toHaveCount(stores.length);
  for (const [i, store] of stores.entries()) {
    const s = stock.find((x) => x.store_id === store.id)!;
    const entry = entries.nth(i);
    await expect(entry).toHaveAttribute('data-level', s.level);
    await expect(entry).toContainText(store.name);
    const count = s.more ? `${s.quantity}+` : String(s.quantity);
    const text = entry.getByTestId('availability-store-stock');
    if (s.level === 'out') await expect(text).toHaveText(T[lang].out);
    else await expect(text).toContainText(`${s.level === 'few' ? T[lang].few : T[lang].in} ${count}`);
    if (s.pickup) await expect(entry.getByTestId('availability-store-pickup')).toHaveText(T[lang].pickup);
    else await expect(entry.getByTestId('availability-store-pickup')).toHaveCount(0);
  }
}

test('desktop (en) and a 360 px phone (ru, uz): every store with the variant’s stock and pickup day, the courier and express', async ({ browser, request }) => {
  // a product in stock in more than one store
  const product = await findProduct(request, (s) => s.total_quanity >= 5, (p) => p.variants.length === 1 && p.variants[0]!.total_quanity >= 5);
  const en = await availabilityOf(request, product.slug, 'en');
  expect(en.variants[0]!.in_stock).toBe(true);
  // never a large exact number
  expect(en.variants[0]!.stores.every((s) => s.quantity <= 10)).toBe(true);

  const desktop = await openPage(browser, DESKTOP, `/en/products/${product.slug}`);
  const section = desktop.page.getByTestId('product-availability');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(T.en.title);
  await expect(desktop.page.getByTestId('availability-courier')).toContainText(`${T.en.courier} ${T.en.tomorrow}`);
  await expect(desktop.page.getByTestId('availability-courier-fee')).toContainText(/free from 1,000,000\sUZS|Free delivery/);
  if (en.express.available) await expect(desktop.page.getByTestId('availability-express')).toHaveText(en.express.note);
  await expectStores(desktop.page, 'en', en.variants[0]!.stores, en.stores);
  // the link to the stores' page is reached with the keyboard
  const all = section.getByRole('link', { name: 'All our stores on the map' });
  for (let i = 0; i < 80 && !(await all.evaluate((el) => el === document.activeElement)); i++) await desktop.page.keyboard.press('Tab');
  await expect(all).toBeFocused();
  expect(desktop.errors).toEqual([]);
  await desktop.context.close();

  for (const lang of ['ru', 'uz'] as const) {
    const answer = await availabilityOf(request, product.slug, lang);
    const phone = await openPage(browser, PHONE_360, `/${lang}/products/${product.slug}`);
    await expect(phone.page.getByTestId('product-availability').getByRole('heading', { level: 2 })).toHaveText(T[lang].title);
    await expect(phone.page.getByTestId('availability-courier')).toContainText(`${T[lang].courier} ${T[lang].tomorrow}`);
    await expectStores(phone.page, lang, answer.variants[0]!.stores, answer.stores);
    await phone.page.getByTestId('availability-store').last().scrollIntoViewIfNeeded();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  }
});

test('phone, ru: a sold-out product — sign in from "notify me", the state survives a reload, one SMS when the stock is back', async ({ browser, request }) => {
  test.setTimeout(150_000);
  // a one-variant product with one or two pieces left, which another shopper then takes
  const product: ProductDetail = await findProduct(request, (s) => s.total_quanity >= 1 && s.total_quanity <= 2, (p) => p.variants.length === 1);
  const variant = product.variants[0]!;
  const buyer = await apiSignIn(request, freshPhone());
  const placed = await request.post(`${baseURL()}/api/orders/`, {
    headers: { Authorization: `Bearer ${buyer}`, 'Idempotency-Key': `e2e-alerts-${Date.now()}` },
    data: {
      items: [{ product_id: product.id, variant_id: variant.id, quantity: variant.total_quanity }],
      delivery: { type: 'pickup', store_id: 1 },
      receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' },
      payment: { method: 'cash' },
    },
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { order: { number: string } }).order.number;
  let cancelled = false;
  const cancel = async () => {
    if (cancelled) return;
    cancelled = true;
    const moved = await run('pnpm', ['-s', 'order:status', order, 'cancelled'], { cwd: ROOT, env: { ...process.env, DATA_DIR: defaultDataDir() } });
    expect(moved.stdout).toContain(`${order}: cancelled`);
  };

  try {
    const context = await browser.newContext({ ...PHONE_360, ...fromClientAddress(18) });
    const page = waitingPage(await context.newPage());
    const errors = collectErrors(page);
    await page.goto(`${baseURL()}/ru/products/${product.slug}`);
    await expect(page.getByTestId('stock-status')).toHaveText('Нет в наличии');
    await expect(page.getByTestId('buy')).toBeDisabled();
    await expect(page.getByTestId('availability-none')).toHaveText('Этого варианта сейчас нет ни в одном нашем магазине.');
    await expect(page.getByTestId('availability-courier')).toHaveCount(0);

    // a guest: the sign-in dialog, then the alert is made as soon as they are in
    const notify = page.getByTestId('notify-me');
    await expect(notify).toHaveText('Сообщить о поступлении');
    await notify.tap();
    const shopper = await new SignInDialog(page).signIn(freshPhone());
    const status = page.getByTestId('notify-status');
    await expect(status).toHaveText(`Пришлём SMS на +998 ${shopper.slice(0, 2)} ${shopper.slice(2, 5)} ${shopper.slice(5, 7)} ${shopper.slice(7)}, когда товар появится.`);
    await expect(page.getByTestId('notify-cancel')).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // after a reload the page still knows
    await page.reload();
    await expect(page.getByTestId('notify')).toHaveAttribute('data-state', 'subscribed');
    await expect(page.getByTestId('notify-cancel')).toHaveText('Не сообщать');
    expect(productTexts(shopper)).toEqual([]);

    // the order that took the stock is cancelled: the sweep (every 30 s) texts the shopper once
    await cancel();
    await expect.poll(() => productTexts(shopper), { timeout: 75_000, intervals: [1000] }).toHaveLength(1);
    const [text] = productTexts(shopper);
    expect(text).toMatch(/^Bozor: «.+» снова в наличии! /);
    expect(text).toContain(`/ru/products/${product.slug}`);

    // back in stock: Buy again, and nothing to wait for
    await page.reload();
    await expect(page.getByTestId('buy')).toBeEnabled();
    await expect(page.getByTestId('notify')).toHaveCount(0);
    await expect(page.getByTestId('availability-store').first()).toBeVisible();
    expect(productTexts(shopper)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    // the stock goes back even if a step above failed
    await cancel();
  }
});

test('desktop, keyboard only: a sold-out colour offers "Notify me when in stock", and Enter asks a guest to sign in', async ({ browser, request }) => {
  const R = `${baseURL()}/backend/api/ext/v1/resources`;
  const list = (await (await request.post(`${R}/products`, { data: { in_stock: true, per_page: 100 } })).json()) as { data: { slug: string; variants_count: number }[] };
  let found: { slug: string; colour: string } | undefined;
  for (const card of list.data.filter((p) => p.variants_count > 1)) {
    const { product } = (await (await request.get(`${R}/product/${card.slug}`)).json()) as {
      product: { slug: string; variants: { total_quanity: number; options: { code: string; value: string }[] }[] };
    };
    const soldOut = product.variants.find((v) => v.total_quanity === 0 && v.options.length === 1 && v.options[0]!.code === 'color');
    if (soldOut) {
      found = { slug: product.slug, colour: soldOut.options[0]!.value };
      break;
    }
  }
  if (!found) throw new Error('the demo shop has no product with a sold-out colour');

  const { context, page, errors } = await openPage(browser, DESKTOP, `/en/products/${found.slug}`);
  const chip = page.getByTestId(`variant-color-${found.colour}`);
  for (let i = 0; i < 60 && !(await chip.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(chip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('availability-none')).toHaveText('This option is not in any of our stores now.');

  const notify = page.getByTestId('notify-me');
  for (let i = 0; i < 10 && !(await notify.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(notify).toBeFocused();
  await expect(notify).toHaveAccessibleDescription('Sign in and we will send one SMS when it is back.');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('signin-phone')).toBeVisible();
  // Escape: no sign-in, no alert, the focus back on the button
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(notify).toBeFocused();
  await expect(page.getByTestId('notify-status')).toHaveText('');
  expect(errors).toEqual([]);
  await context.close();
});
