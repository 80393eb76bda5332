// The header's mini-cart and variants in the cart key: two variants of one product bought from the
// product page are two lines — in the mini-cart, on the cart page and in storage — on a desktop and on
// a 360 px phone, with the keyboard alone.
import { expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { CartPage } from '../pages/CartPage';
import { CatalogPage } from '../pages/CatalogPage';
import { baseURL } from '../support/shop';

interface Variant {
  id: number;
  sku: string;
  total_quanity: number;
  options: { code: string; value: string }[];
}

/** A product with at least two variants in stock, asked from the catalogue API. */
async function productWithTwoVariants(request: APIRequestContext): Promise<{ slug: string; variants: [Variant, Variant] }> {
  const R = `${baseURL()}/backend/api/ext/v1/resources`;
  const list = (await (await request.post(`${R}/products`, { data: { in_stock: true, per_page: 100 } })).json()) as { data: { slug: string; variants_count: number }[] };
  for (const card of list.data.filter((p) => p.variants_count > 1)) {
    const { product } = (await (await request.get(`${R}/product/${card.slug}`)).json()) as { product: { variants: Variant[] } };
    const inStock = product.variants.filter((v) => v.total_quanity >= 2);
    if (inStock.length >= 2) return { slug: card.slug, variants: [inStock[0]!, inStock[1]!] };
  }
  throw new Error('the demo shop has no product with two variants in stock');
}

async function choose(page: Page, variant: Variant) {
  for (const o of variant.options) await page.getByTestId(`variant-${o.code}-${o.value}`).click();
  await expect(page.getByTestId('product-sku')).toContainText(variant.sku);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px phone', width: 360, height: 740 },
]) {
  test(`two variants of one product are two lines, in the mini-cart and the cart (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { slug, variants } = await productWithTwoVariants(request);
    const catalog = new CatalogPage(page);
    const cart = new CartPage(page);
    await catalog.open(`/en/products/${slug}`);
    for (const v of variants) {
      await choose(page, v);
      await catalog.buy().click();
    }
    await expect(cart.badgeCount()).toHaveText('2');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { attributes?: { variant_id?: number } }[]);
    expect(stored.map((l) => l.attributes?.variant_id)).toEqual(variants.map((v) => v.id));

    // the mini-cart, from the keyboard: the button says whether it is open, Escape gives focus back
    const toggle = page.getByTestId('cart-badge');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('dialog', { name: /Cart/ });
    await expect(panel).toBeFocused();
    await expect(panel.getByTestId('mini-cart-line')).toHaveCount(2);
    const box = await panel.boundingBox();
    if (viewport.width <= 600) {
      // a full-width sheet on a phone, and nothing scrolls sideways
      expect(box?.x).toBe(0);
      expect(box?.width).toBe(viewport.width);
    } else {
      expect(box?.width).toBeLessThan(500);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // the cart page keeps them apart too, after the server's check
    await page.keyboard.press('Enter');
    await page.getByTestId('mini-cart-to-cart').click();
    await expect(page).toHaveURL(/\/en\/cart$/);
    await expect(cart.lines()).toHaveCount(2);
    await cart.lines().nth(1).getByRole('button', { name: 'More', exact: true }).click();
    await expect(cart.quantities()).toHaveText(['1', '2']);

    // removing one variant from the mini-cart leaves the other
    await toggle.click();
    await panel.getByTestId('mini-cart-remove').first().click();
    await expect(panel.getByTestId('mini-cart-line')).toHaveCount(1);
    await expect(cart.lines()).toHaveCount(1);
    await expect(cart.quantities()).toHaveText(['2']);
    await expect(cart.badgeCount()).toHaveText('2');
  });
}

for (const [lang, checkout] of [
  ['uz', 'Rasmiylashtirish'],
  ['ru', 'Оформить заказ'],
  ['en', 'Checkout'],
] as const) {
  test(`the mini-cart in ${lang}: empty state, then a line with Checkout`, async ({ page, request }) => {
    const [slug] = await CatalogPage.inStockSlugs(request, 4);
    const catalog = new CatalogPage(page);
    await catalog.open(`/${lang}/products/${slug}`);
    const toggle = page.getByTestId('cart-badge');
    await toggle.click();
    await expect(page.getByTestId('mini-cart-empty')).toBeVisible();
    await page.getByTestId('mini-cart-close').click();
    await expect(toggle).toBeFocused();
    await catalog.buy().click();
    await toggle.click();
    await expect(page.getByTestId('mini-cart-line')).toHaveCount(1);
    await expect(page.getByTestId('mini-cart-checkout')).toHaveText(checkout);
    await expect(page.getByTestId('mini-cart-checkout')).toHaveAttribute('href', `/${lang}/checkout`);
  });
}
