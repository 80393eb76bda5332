// The catalogue remote in the composed shop: every browsing route in uz/ru/en, search across scripts,
// filters in the URL with the back button, sort by price, Buy in 1 click.
import { collectErrors, expect, test, waitingPage } from '../support/test';
import { CatalogPage } from '../pages/CatalogPage';
import { baseURL } from '../support/shop';
import { typeInto } from '../support/keyboard';

const LANGS = ['uz', 'ru', 'en'] as const;
const NOTHING_FOUND = { uz: 'Hech narsa topilmadi', ru: 'Ничего не найдено', en: 'Nothing found' };

for (const lang of LANGS) {
  test(`every catalogue route renders in ${lang} with lang, title, a heading and no console error`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    const [slug] = await CatalogPage.inStockSlugs(request, 1);
    const routes = ['', '/catalog', '/categories', '/products', `/products/${slug}`, '/brands', '/blogs', '/blogs/how-to-descale-a-kettle', '/markets', '/search?q=kettle', '/about', '/contacts', '/delivery', '/how-to-buy', '/return', '/public-offer', '/pages'];
    const catalog = new CatalogPage(page);
    for (const route of routes) {
      const res = await catalog.open(`/${lang}${route}`);
      expect(res?.status(), route).toBe(200);
      await expect(page.locator('html'), route).toHaveAttribute('lang', lang);
      await expect(catalog.heading(), route).toBeVisible();
      await expect(page.locator('[aria-busy="true"]'), route).toHaveCount(0);
      await expect(page.getByTestId('catalog-error'), route).toHaveCount(0);
      expect(await page.title(), route).toMatch(/Bozor/);
      // no horizontal scroll at 360 px is checked in the phone test below; here the page must not break
    }
    expect(errors).toEqual([]);
  });
}

test('search in Uzbek Cyrillic finds a product named in Latin; nonsense shows "Nothing found"', async ({ page }) => {
  const catalog = new CatalogPage(page);
  await catalog.open('/uz/search?q=' + encodeURIComponent('чойнак'));
  await expect(catalog.cards().first()).toBeVisible();
  await expect(catalog.cardNames().first()).toContainText(/choynak/i);
  for (const lang of LANGS) {
    await catalog.open(`/${lang}/search?q=zqxjvw`);
    await expect(page.getByTestId('nothing-found')).toHaveText(NOTHING_FOUND[lang]);
  }
});

test('the header search box suggests as the shopper types and is driven by the keyboard', async ({ page }) => {
  const catalog = new CatalogPage(page);
  await catalog.open('/uz');
  await typeInto(catalog.searchInput(), 'чойнак');
  const options = page.getByTestId('search-suggestions').getByRole('option');
  await expect(options.first()).toContainText(/choynak/i);
  await catalog.searchInput().press('ArrowDown');
  await catalog.searchInput().press('Enter');
  await expect(page).toHaveURL(/\/uz\/products\//);
  await expect(page.getByTestId('product-name')).toContainText(/choynak/i);
});

test('filters change the URL and the back button restores them; sort by price is sorted', async ({ page }) => {
  const catalog = new CatalogPage(page);
  await catalog.open('/en/catalog?category=kettles');
  await expect(catalog.cards().first()).toBeVisible();
  const brand = catalog.page.locator('[data-testid^="filter-brand-"]').first();
  const brandSlug = ((await brand.getAttribute('data-testid')) ?? '').replace('filter-brand-', '');
  // click, not check(): the router renders the new URL in a transition, so the box ticks a moment later
  await brand.click();
  await expect(page).toHaveURL(new RegExp(`brands=${brandSlug}`));
  await catalog.inStockFilter().click();
  await expect(page).toHaveURL(/in_stock=true/);
  await expect(catalog.inStockFilter()).toBeChecked();
  await page.goBack();
  await expect(page).not.toHaveURL(/in_stock=true/);
  await expect(page).toHaveURL(new RegExp(`brands=${brandSlug}`));
  await expect(catalog.inStockFilter()).not.toBeChecked();
  await expect(catalog.brandFilter(brandSlug)).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/catalog\?category=kettles$/);

  // the URL changes before the sorted list arrives, so the cards are read until they are sorted (or time out)
  const sortedBy = (order: 1 | -1) => async () => {
    const prices = await catalog.cardPrices();
    return prices.length > 1 && prices.every((p, i) => i === 0 || order * (p - prices[i - 1]!) >= 0);
  };
  await catalog.sort().selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(sortedBy(1)).toBe(true);
  await catalog.sort().selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect.poll(sortedBy(-1)).toBe(true);
});

test('"No products found" when the filter matches nothing', async ({ page }) => {
  const catalog = new CatalogPage(page);
  await catalog.open('/en/catalog?category=kettles&price_min=999999999');
  await expect(page.getByTestId('no-products')).toHaveText('No products found');
});

test('Buy in 1 click’s "choose delivery and payment yourself" goes to checkout with that item and leaves the cart untouched', async ({ page, request }) => {
  const [first, second] = await CatalogPage.inStockSlugs(request, 4);
  const catalog = new CatalogPage(page);
  await catalog.open(`/en/products/${first}`);
  await catalog.buy().click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const before = await page.evaluate(() => localStorage.getItem('cart'));
  await catalog.open(`/en/products/${second}`);
  await catalog.buyOneClick().click();
  // the phone-only form (one-click.spec.ts) offers the full checkout too
  await page.getByTestId('one-click-checkout').click();
  await expect(page).toHaveURL(/\/en\/checkout$/);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(before);
  // the checkout layout has no cart badge; back in the shop the cart still holds one piece
  await catalog.open('/en');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(before);
});

test('a phone (360 px) has no horizontal scroll on home, catalog, product and cart', async ({ browser, request }) => {
  const [slug] = await CatalogPage.inStockSlugs(request, 1);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  const page = waitingPage(await context.newPage());
  const catalog = new CatalogPage(page);
  for (const path of ['/uz', '/ru/catalog', `/en/products/${slug}`, '/uz/cart', '/ru/markets']) {
    await catalog.open(path);
    await expect(catalog.heading()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  await context.close();
});

for (const lang of LANGS) {
  test(`the product page arrives rendered in ${lang}: picture, name and price without JavaScript; hydrated, Buy works`, async ({ browser, request }) => {
    const [slug] = await CatalogPage.inStockSlugs(request, 1);
    const api = await request.get(`${baseURL()}/backend/api/ext/v1/resources/product/${slug}`, { headers: { 'X-LANG': lang } });
    const { product } = (await api.json()) as { product: { name: string; price: number } };

    // no script at all: the server's HTML alone shows the product
    const bare = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    const still = await bare.newPage();
    await still.goto(`${baseURL()}/${lang}/products/${slug}`);
    await expect(still.getByTestId('product-name')).toHaveText(product.name);
    await expect(still.getByTestId('product-price')).toHaveAttribute('data-price', String(product.price));
    await expect(still.locator('.bzc-gallery__main img')).toBeVisible();
    expect(await still.locator('.bzc-gallery__main img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(still.getByTestId('site-header')).toBeVisible();
    await bare.close();

    // with scripts: the same page is taken over without a mismatch, and answers clicks
    const live = await browser.newContext({ serviceWorkers: 'block' });
    const page = waitingPage(await live.newPage());
    const errors = collectErrors(page);
    await page.goto(`${baseURL()}/${lang}/products/${slug}`);
    await page.getByTestId('buy').click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(errors).toEqual([]);
    await live.close();
  });
}
