// The cart remote in the composed shop, in all three languages: a guest adds two products with Buy,
// the cart survives a reload, quantities change, lines go, and the empty state shows; a signed-in
// shopper's cart follows the account from another device.
import { collectErrors, expect, test, waitingPage } from '../support/test';
import { baseURL } from '../support/shop';
import { CartPage } from '../pages/CartPage';
import { CatalogPage } from '../pages/CatalogPage';
import { freshPhone } from '../pages/SignInDialog';
import { apiSignIn, findProduct, fromClientAddress } from '../support/api';

const EMPTY = { uz: 'Savatingiz boʻsh', ru: 'Ваша корзина пуста', en: 'Your cart is empty' };
const MORE = { uz: 'Koʻproq', ru: 'Больше', en: 'More' };

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`guest cart in ${lang}: Buy two products, reload, change quantity, remove, empty`, async ({ page, request }) => {
    const [a, b] = await CatalogPage.inStockSlugs(request, 4);
    const catalog = new CatalogPage(page);
    const cart = new CartPage(page);
    for (const slug of [a, b]) {
      await catalog.open(`/${lang}/products/${slug}`);
      await catalog.buy().click();
      await expect(page.getByTestId('toast').last()).toBeVisible();
    }
    await expect(cart.badgeCount()).toHaveText('2');

    await cart.open(lang);
    await page.reload();
    await expect(cart.lines()).toHaveCount(2);
    await expect(cart.quantities()).toHaveText(['1', '1']);

    await cart.lines().first().getByRole('button', { name: MORE[lang], exact: true }).click();
    await expect(cart.quantities().first()).toHaveText('2');
    await expect(cart.badgeCount()).toHaveText('3');
    expect((await cart.stored())[0]?.quantity).toBe(2);

    await cart.removeButtons().first().click();
    await expect(cart.lines()).toHaveCount(1);
    await cart.removeButtons().first().click();
    await expect(cart.empty()).toHaveText(EMPTY[lang]);
    await expect(cart.badgeCount()).toHaveText('0');
    await page.reload();
    await expect(cart.empty()).toHaveText(EMPTY[lang]);
  });
}

test('opening the cart checks it against stock and says what changed', async ({ page, request }) => {
  const cart = new CartPage(page);
  await cart.open('en');
  // a line asking for far more than the stock, at a stale price
  const res = await request.post(`${process.env.E2E_BASE_URL}/backend/api/ext/v1/resources/products`, { data: { in_stock: true, per_page: 1 } });
  const product = ((await res.json()) as { data: { id: number; name: string; total_quanity: number }[] }).data[0]!;
  await page.evaluate((p) => localStorage.setItem('cart', JSON.stringify([{ product_id: p.id, name: p.name, quantity: p.total_quanity + 50, price: 1, slug: 'x' }])), product);
  await page.reload();
  // lowered to the variant's stock, or to the per-order limit (ORDER_LINE_MAX_QTY) when there is more than that
  await expect(page.getByTestId('cart-changes')).toContainText(/not that many in stock|at most \d+ per order/);
  await expect(page.getByTestId('cart-changes')).toContainText('price');
  // capped at the stock of the variant the server picked (at most the product's total)
  const capped = Number(await cart.quantities().first().textContent());
  expect(capped).toBeGreaterThan(0);
  expect(capped).toBeLessThanOrEqual(product.total_quanity);
  await expect(cart.lines().first().getByRole('button', { name: 'More', exact: true })).toBeDisabled();
  await expect(page.getByTestId('delivery-text')).toBeVisible();
});

const CHECKOUT_TITLE = { uz: 'Buyurtmani rasmiylashtirish', ru: 'Оформление заказа', en: 'Checkout' };

// ru on a 390 px touch phone (the server cannot know the screen: a part that rendered differently there
// would be a hydration mismatch), uz and en on a desktop
const CART_SCREENS = {
  uz: { viewport: { width: 1366, height: 900 } },
  ru: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  en: { viewport: { width: 1366, height: 900 } },
};

for (const lang of ['uz', 'ru', 'en'] as const) {
  const screen = CART_SCREENS[lang];
  test(`the cart arrives rendered in ${lang} (${screen.viewport.width} px) from its cookie: lines without JavaScript; taken over without a mismatch or a second check`, async ({ browser, request }) => {
    const [slug] = await CatalogPage.inStockSlugs(request, 1);
    const live = await browser.newContext({ ...screen, serviceWorkers: 'block' });
    const page = waitingPage(await live.newPage());
    const errors = collectErrors(page);
    const catalog = new CatalogPage(page);
    const cart = new CartPage(page);
    await catalog.open(`/${lang}/products/${slug}`);
    const name = ((await page.getByTestId('product-name').textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await catalog.buy().click();
    await expect(cart.badgeCount()).toHaveText('1');

    // no script at all: the server renders the cart the shell mirrored into its cookie, and the checkout's frame
    const bare = await browser.newContext({ ...screen, javaScriptEnabled: false, serviceWorkers: 'block' });
    await bare.addCookies((await live.cookies()).filter((c) => c.name === 'bz_cart'));
    const still = await bare.newPage();
    await still.goto(`${baseURL()}/${lang}/cart`);
    await expect(still.getByTestId('cart-line-name')).toHaveText(name);
    await expect(still.getByTestId('cart-line-quantity')).toHaveText('1');
    await expect(still.getByTestId('go-to-checkout')).toBeVisible();
    await still.goto(`${baseURL()}/${lang}/checkout`);
    await expect(still.getByRole('heading', { level: 1 })).toHaveText(CHECKOUT_TITLE[lang]);
    await bare.close();

    // with scripts: the server's check is used (the page asks the API no second time), and the stepper works
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/cart/check')) checks.push(r.url());
    });
    await cart.open(lang);
    await expect(cart.lines()).toHaveCount(1);
    await cart.lines().first().getByRole('button', { name: MORE[lang], exact: true }).click();
    await expect(cart.quantities().first()).toHaveText('2');
    await expect(cart.badgeCount()).toHaveText('2');
    expect(checks).toEqual([]);
    expect(errors).toEqual([]);
    await live.close();
  });
}

test.describe('a signed-in cart on two devices', () => {
  // its own client address: it signs in through the API
  test.use(fromClientAddress(42));

  test('the cart page shows what another device put in the account, asks in the page language, and a change here keeps it', async ({ page, request }) => {
    const [a, b] = await CatalogPage.inStockSlugs(request, 2);
    const token = await apiSignIn(request, freshPhone());
    const auth = { Authorization: `Bearer ${token}` };
    const product = await findProduct(request, (s) => s.slug === a);
    // device 1 put one product in the account's cart
    const put = await request.post(`${baseURL()}/api/profile/cart`, {
      headers: auth,
      data: { cart_data: [{ product_id: product.id, name: product.name, img_url: null, quantity: 1, price: product.price, slug: product.slug }] },
    });
    expect(put.status()).toBe(200);

    // device 2 signed in earlier; its own copy of the cart is empty
    await page.goto(`${baseURL()}/ru`);
    await page.evaluate((t) => {
      localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: t, user: null, userType: 'individual' }));
      localStorage.setItem('cart', '[]');
    }, token);
    const userCheck = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/user');
    const cart = new CartPage(page);
    await cart.open('ru');
    expect((await userCheck).headers()['x-lang']).toBe('ru');
    await expect(cart.lines()).toHaveCount(1);
    const ru = (await (await request.get(`${baseURL()}/backend/api/ext/v1/resources/product/${a}`, { headers: { 'X-LANG': 'ru' } })).json()) as { product: { name: string } };
    await expect(cart.lines().first()).toContainText(ru.product.name);

    const catalog = new CatalogPage(page);
    await catalog.open(`/ru/products/${b}`);
    await catalog.buy().click();
    await expect(cart.badgeCount()).toHaveText('2');
    await expect
      .poll(async () => ((await (await request.get(`${baseURL()}/api/profile/cart`, { headers: auth })).json()) as { slug: string }[]).map((l) => l.slug))
      .toEqual([a, b]);
  });

  test('the checkout opened directly waits for the account’s cart rather than sending the shopper to an empty cart page', async ({ page, request }) => {
    const [a] = await CatalogPage.inStockSlugs(request, 1);
    const token = await apiSignIn(request, freshPhone());
    const product = await findProduct(request, (s) => s.slug === a);
    const put = await request.post(`${baseURL()}/api/profile/cart`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { cart_data: [{ product_id: product.id, name: product.name, img_url: null, quantity: 1, price: product.price, slug: product.slug }] },
    });
    expect(put.status()).toBe(200);
    await page.goto(`${baseURL()}/en`);
    await page.evaluate((t) => {
      localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: t, user: null, userType: 'individual' }));
      localStorage.setItem('cart', '[]');
    }, token);
    await page.goto(`${baseURL()}/en/checkout`);
    await expect(page.getByTestId('checkout-delivery')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/checkout$/);
  });
});
