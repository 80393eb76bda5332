// Run-time discovery: rolling a remote forward and back by editing remotes.json only; a stopped
// remote and an incompatible remote each show the translated error block while the rest works.
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect, test } from '../support/test';
import { ShopPage } from '../pages/ShopPage';
import { resetRemotes, setRemotes } from '../support/shop';
import { ROOT, freePort, startShellServer, stop, waitForHttp } from '../support/processes';
import { INCOMPATIBLE_CATALOG, NEXT_CATALOG } from '../support/global-setup';

test.afterEach(() => resetRemotes());

test('a remote is rolled forward and back by editing remotes.json only', async ({ page }) => {
  const shop = new ShopPage(page);
  await shop.open('/uz');
  await expect(page.getByTestId('catalog-remote-info')).toHaveAttribute('data-version', '0.1.0');

  setRemotes({ catalog: `/remotes/catalog/${NEXT_CATALOG}/mf-manifest.json` });
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await shop.open('/uz');
  await expect(page.getByTestId('catalog-remote-info')).toHaveAttribute('data-version', NEXT_CATALOG);
  expect(loaded.some((p) => p.startsWith(`/remotes/catalog/${NEXT_CATALOG}/`))).toBe(true);

  resetRemotes();
  await shop.open('/uz');
  await expect(page.getByTestId('catalog-remote-info')).toHaveAttribute('data-version', '0.1.0');
});

test('a remote built for another contract major is refused with a message, not a crash', async ({ page }) => {
  setRemotes({ catalog: `/remotes/catalog/${INCOMPATIBLE_CATALOG}/mf-manifest.json` });
  const shop = new ShopPage(page);
  await shop.open('/en');
  await expect(page.getByRole('main').getByTestId('remote-error-catalog')).toContainText('This part of the page is being updated');
  await expect(shop.cartCount()).toHaveText('0');
});

test.describe('a stopped remote', () => {
  let cartHost: ChildProcess | null = null;
  let cartPort = 0;
  const startCartHost = async () => {
    cartHost = startShellServer({ PORT: String(cartPort), SHELL_DIST: path.join(ROOT, 'shell/dist'), REMOTE_DIRS: `cart=${path.join(ROOT, 'mf-cart/dist')}` });
    await waitForHttp(`http://127.0.0.1:${cartPort}/remotes/cart/0.1.0/mf-manifest.json`);
  };

  test.beforeAll(async () => {
    cartPort = await freePort();
  });
  test.afterAll(async () => stop(cartHost));

  test('shows its error block with retry while the header still works', async ({ page }) => {
    await startCartHost();
    // the cart remote is deployed on its own host, as in docker-compose
    setRemotes({ cart: `http://127.0.0.1:${cartPort}/remotes/cart/0.1.0/mf-manifest.json` });
    const shop = new ShopPage(page);
    await shop.open('/en/cart');
    await expect(shop.heading()).toHaveText('Cart');
    await expect(shop.cartCount()).toHaveText('0');

    await stop(cartHost);
    await shop.open('/en/cart');
    await expect(page.getByRole('main').getByTestId('remote-error-cart')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    await expect(page.getByText('This part of the page could not be loaded.')).toBeVisible();
    // the rest of the page works: header navigation and another remote
    await expect(page.getByTestId('logo')).toBeVisible();
    await page.getByTestId('lang-ru').click();
    await expect(page).toHaveURL(/\/ru\/cart$/);
    await expect(page.getByText('Не удалось загрузить эту часть страницы.')).toBeVisible();
    await page.getByTestId('logo').click();
    await expect(shop.heading()).toHaveText('Товары для каждого дома');

    // the remote comes back: "retry" re-reads remotes.json and loads it, without a page reload
    await shop.open('/ru/cart');
    await expect(page.getByRole('main').getByTestId('remote-error-cart')).toBeVisible();
    await startCartHost();
    await page.getByRole('button', { name: 'Повторить', exact: true }).click();
    await expect(shop.heading()).toHaveText('Корзина');
  });
});
