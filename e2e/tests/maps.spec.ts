// Yandex Maps, offline: a second gateway (the same builds and API) is started with a test
// YANDEX_MAPS_API_KEY, and page.route() answers https://api-maps.yandex.ru/** with a tiny fake ymaps.
// The markets page puts a placemark per store; the checkout map sets the delivery pin by a click and a
// drag. Without a key, or when the script cannot load, the pages work as before.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { CheckoutPage, seedGuestCart } from '../pages/CheckoutPage';
import { FAKE_CLICK, FAKE_YMAPS_SCRIPT } from '../support/fake-ymaps';
import { ROOT, freePort, startShellServer, stop, waitForHttp } from '../support/processes';
import { baseURL } from '../support/shop';

const KEY = 'e2e-test-key';
let gateway: ChildProcess | null = null;
let withKey = '';

test.beforeAll(async () => {
  const port = await freePort();
  gateway = startShellServer({
    PORT: String(port),
    API_URL: process.env.E2E_API_URL as string,
    PROXY_API: '1',
    REMOTES_FILE: process.env.E2E_REMOTES_FILE as string,
    REMOTE_DIRS: ['catalog', 'cart', 'checkout', 'account'].map((n) => `${n}=${path.join(ROOT, `mf-${n}/dist`)}`).join(','),
    YANDEX_MAPS_API_KEY: KEY,
  });
  withKey = `http://127.0.0.1:${port}`;
  await waitForHttp(`${withKey}/remotes.json`);
});
test.afterAll(() => stop(gateway));

/** Answers the Yandex Maps script with the fake, and records the script URLs asked for. */
async function fakeYandex(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://api-maps.yandex.ru/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_YMAPS_SCRIPT });
  });
  return asked;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

test('markets: a placemark per store on the map, with the key and lang=ru_RU, within the CSP', async ({ page, request }) => {
  const errors = consoleErrors(page);
  const asked = await fakeYandex(page);
  const stores = ((await (await request.get(`${withKey}/api/store/stores`, { headers: { 'X-LANG': 'ru' } })).json()) as { data: { name: string; location?: { lat: number; lng: number } }[] }).data;
  const res = await page.goto(`${withKey}/ru/markets`);
  expect(res?.headers()['content-security-policy']).toContain('https://api-maps.yandex.ru');
  const map = page.getByRole('region', { name: 'Карта наших магазинов' });
  await expect(map).toHaveAttribute('data-map-status', 'ready');
  const placed = stores.filter((s) => s.location);
  await expect(map.getByTestId('fake-placemark')).toHaveText(placed.map((s) => s.name));
  expect(await map.getByTestId('fake-placemark').evaluateAll((els) => els.map((e) => e.getAttribute('data-coords')))).toEqual(placed.map((s) => `${s.location!.lat},${s.location!.lng}`));
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain(`apikey=${KEY}`);
  expect(asked[0]).toContain('lang=ru_RU');
  // the list and its map links stay
  await expect(page.getByTestId('market')).toHaveCount(stores.length);
  expect(errors).toEqual([]);
});

test('markets without a key: no script asked for, no map, the list with links; offline with a key: a note and the list', async ({ page }) => {
  const asked = await fakeYandex(page);
  await page.goto(`${baseURL()}/en/markets`);
  await expect(page.getByTestId('market').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show on the map' }).first()).toHaveAttribute('href', /yandex\.uz\/maps/);
  await expect(page.getByTestId('markets-map')).toHaveCount(0);
  expect(asked).toEqual([]);

  await page.unroute('https://api-maps.yandex.ru/**');
  await page.route('https://api-maps.yandex.ru/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`${withKey}/en/markets`);
  await expect(page.getByTestId('markets-map-failed')).toHaveText('The map could not be loaded. Each store below has a link to its location.');
  await expect(page.getByTestId('market').first()).toBeVisible();
});

test('checkout: a click on the map pins the delivery point, the pin drags, and the pin survives a reload', async ({ page }) => {
  await fakeYandex(page);
  await seedGuestCart(page, 'en', withKey);
  await page.goto(`${withKey}/en/checkout`);
  const checkout = new CheckoutPage(page);
  await checkout.signIn();
  await checkout.courier('tashkent');
  const map = page.getByRole('region', { name: 'Delivery point on the map: click the map or drag the pin' });
  await expect(map).toHaveAttribute('data-map-status', 'ready');
  await map.getByTestId('fake-ymap-surface').click();
  await expect(page.getByTestId('location-value')).toHaveText(`Location pinned: ${FAKE_CLICK[0]}, ${FAKE_CLICK[1]}`);
  await expect(map.getByTestId('fake-placemark')).toHaveAttribute('data-coords', FAKE_CLICK.join(','));
  await page.evaluate(() => (window as unknown as { __fakeYmapsDrag: (lat: number, lng: number) => void }).__fakeYmapsDrag(41.2995, 69.2401));
  await expect(page.getByTestId('location-value')).toHaveText('Location pinned: 41.2995, 69.2401');
  await page.reload();
  await expect(page.getByTestId('location-value')).toHaveText('Location pinned: 41.2995, 69.2401');
  await expect(page.getByRole('region', { name: /Delivery point on the map/ }).getByTestId('fake-placemark')).toHaveAttribute('data-coords', '41.2995,69.2401');
  // the pin can go, and the checkout goes on without it
  await page.getByRole('button', { name: 'Remove the pin' }).click();
  await expect(page.getByRole('region', { name: /Delivery point on the map/ }).getByTestId('fake-placemark')).toHaveCount(0);
  await checkout.receiver('Aziz', 'Rahimov');
  await checkout.toPayment();
});
