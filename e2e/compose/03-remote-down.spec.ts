// Story 3 of the compose test: a remote's container is stopped. Every other page of the shop still works,
// the stopped remote's place shows its translated error block, and the shop is whole again once the
// container is started (the block's "Try again", or the next page load).
import { expect, test } from '../support/test';
import { base, compose } from './compose';

test('the cart remote down: home and the catalogue still work, the cart shows its block, and it comes back', async ({ page }) => {
  compose('stop', 'mf-cart');
  try {
    for (const path of ['/uz', '/ru/catalog']) {
      const res = await page.goto(`${base()}${path}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    }
    await page.goto(`${base()}/uz/cart`);
    await expect(page.getByTestId('remote-error-cart').first()).toBeVisible();
  } finally {
    compose('start', 'mf-cart');
  }
  await expect.poll(async () => (await fetch(`${base()}/remotes/cart/0.1.0/mf-manifest.json`)).status, { timeout: 60_000 }).toBe(200);
  await page.reload();
  await expect(page.getByTestId('cart-page')).toBeVisible();
  await expect(page.getByTestId('remote-error-cart')).toHaveCount(0);
});
