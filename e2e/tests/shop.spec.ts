// The composed shop: every remote loads over HTTP at run time, in all three languages; language
// routing; 404; one React and one store across remotes; each remote's i18n follows the shell.
import { expect, test } from '../support/test';
import { ShopPage } from '../pages/ShopPage';
import { baseURL } from '../support/shop';
import { buyFromCard } from '../pages/CatalogPage';

const HOME: Record<string, string> = { uz: 'Har bir uy uchun roʻzgʻor buyumlari', ru: 'Товары для каждого дома', en: 'Household goods for every home' };
const CART: Record<string, string> = { uz: 'Savat', ru: 'Корзина', en: 'Cart' };
const ACCOUNT: Record<string, string> = { uz: 'Mening profilim', ru: 'Мой профиль', en: 'My profile' };
// the confirmation page with no order named in its address says so (it congratulates on nothing)
const CONFIRMED: Record<string, string> = { uz: 'Buyurtma koʻrsatilmagan', ru: 'Заказ не указан', en: 'No order named here' };

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`every remote loads over HTTP from remotes.json in ${lang}`, async ({ page }) => {
    const entries = new Set<string>();
    page.on('response', (res) => {
      const m = /\/remotes\/(\w+)\/[^/]+\/remoteEntry\.js$/.exec(new URL(res.url()).pathname);
      if (m && res.ok()) entries.add(m[1]!);
    });
    const shop = new ShopPage(page);
    await shop.open(`/${lang}`);
    await expect(shop.heading()).toHaveText(HOME[lang]!);
    await shop.open(`/${lang}/cart`);
    await expect(shop.heading()).toHaveText(CART[lang]!);
    await shop.open(`/${lang}/account`);
    await expect(shop.heading()).toHaveText(ACCOUNT[lang]!);
    await shop.open(`/${lang}/checkout/confirmed`);
    await expect(shop.heading()).toHaveText(CONFIRMED[lang]!);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect([...entries].sort()).toEqual(['account', 'cart', 'catalog', 'checkout']);
  });
}

test('"/" goes to uz, or to the language of the cookie', async ({ page, context }) => {
  await page.goto(baseURL() + '/');
  await expect(page).toHaveURL(/\/uz$/);
  // leave the shop first: the open /uz page remembers its own language in the same cookie
  await page.goto('about:blank');
  await context.clearCookies();
  await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL() }]);
  await page.goto(baseURL() + '/');
  await expect(page).toHaveURL(/\/ru$/);
});

test('switching language keeps the path, remembers it, and every remote follows', async ({ page, context }) => {
  const shop = new ShopPage(page);
  await shop.open('/uz/cart');
  await expect(shop.heading()).toHaveText('Savat');
  await expect(page.getByTestId('search-input')).toHaveAttribute('placeholder', 'Qidirish…');
  await shop.switchLanguage('ru');
  await expect(page).toHaveURL(/\/ru\/cart$/);
  // cart remote (page) and catalog remote (search box) each use their own i18next instance
  await expect(shop.heading()).toHaveText('Корзина');
  await expect(page.getByTestId('search-input')).toHaveAttribute('placeholder', 'Поиск…');
  await expect(page.getByTestId('nav-catalog')).toHaveText('Каталог');
  await shop.switchLanguage('en');
  await expect(shop.heading()).toHaveText('Cart');
  // The shell writes the cookie in an effect after the page has re-rendered: wait for it, do not race it.
  const langCookie = async () => (await context.cookies()).find((c) => c.name === 'lang');
  await expect.poll(async () => (await langCookie())?.value).toBe('en');
  const cookie = await langCookie();
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
});

test('unknown paths answer 404 with "Page Not Found"', async ({ page }) => {
  const res = await page.goto(baseURL() + '/en/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Page not found: /en/no-such-page')).toBeVisible();
  const ru = await page.goto(baseURL() + '/ru/products/a/b');
  expect(ru?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  // the header keeps working on a 404 page
  await page.getByTestId('nav-catalog').click();
  await expect(page).toHaveURL(/\/ru\/catalog$/);
});

test('one React and one store: a cart change in the catalog remote shows in the cart remote badge', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const shop = new ShopPage(page);
  await shop.open('/en');
  await expect(shop.cartCount()).toHaveText('0');
  await buyFromCard(page);
  await buyFromCard(page);
  await expect(shop.cartCount()).toHaveText('2');
  await page.getByTestId('cart-badge').click();
  await page.getByTestId('mini-cart-to-cart').click();
  await expect(page.getByTestId('cart-line-quantity')).toHaveText('2');
  await page.getByRole('button', { name: 'More' }).click();
  await expect(shop.cartCount()).toHaveText('3');
  // the store is persisted under 'cart'
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]);
  expect(stored[0]?.quantity).toBe(3);
  // one copy of each singleton, provided by the shell, used by every remote
  // (react-router is tree-shaken: its one copy is the `treeShaking` entry, and the full fallback copy
  // must never be loaded beside it)
  type Share = { from: string; loaded?: boolean; treeShaking?: { loaded?: boolean; useIn?: string[] } };
  const shared = await page.evaluate(() => {
    const fed = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Share>>>> } }).__FEDERATION__;
    const out: Record<string, { versions: number; from: string[]; full?: number; usedBy?: string[] }> = {};
    for (const host of Object.values(fed.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(host.default ?? {})) {
        const loaded = Object.values(versions).filter((v) => v.loaded || v.treeShaking?.loaded);
        out[pkg] = { versions: loaded.length, from: loaded.map((v) => v.from) };
        if (pkg === 'react-router') {
          out[pkg].full = Object.values(versions).filter((v) => v.loaded).length;
          out[pkg].usedBy = Object.values(versions).flatMap((v) => v.treeShaking?.useIn ?? []);
        }
      }
    }
    return out;
  });
  for (const pkg of ['react', 'react-dom', 'nanostores', '@nanostores/react', 'i18next', 'react-i18next', '@bozor/shared']) {
    expect(shared[pkg], pkg).toEqual({ versions: 1, from: ['shell'] });
  }
  expect(shared['react-router']).toMatchObject({ versions: 1, from: ['shell'], full: 0 });
  expect(shared['react-router']?.usedBy).toEqual(expect.arrayContaining(['shell', 'catalog', 'cart']));
  expect(errors.filter((e) => /Invalid hook call|more than one copy of React/i.test(e))).toEqual([]);
});
