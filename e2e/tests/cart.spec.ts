// The cart remote in the composed shop, in all three languages: a guest adds two products with Buy,
// the cart survives a reload, quantities change, lines go, and the empty state shows.
import { expect, test } from '../support/test';
import { CartPage } from '../pages/CartPage';
import { CatalogPage } from '../pages/CatalogPage';

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
