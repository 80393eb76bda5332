// The catalogue in the back office (issue 16), on a shop of its own: a manager creates a product with two
// variants and a picture and receives stock for it in one store; a shopper finds it by a misspelt Russian
// query (within the 30 s the shop promises for a change to be live) and buys it; the manager imports a
// CSV that changes its price, and the shopper's cart shows the new price. An operator reads the catalogue
// (on a 360 px phone too) but has no way to change it.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { type ExtraShop, startExtraShop } from '../support/extra-shop';
import { typeInto } from '../support/keyboard';
import { PHONE_360, PNG, backOfficeContexts, digits, searchFinds, staffAdd, typeOption, typeVariant } from '../support/back-office';
import { DESCRIPTION, MISSPELT_RU, NAME, NEW_PRICE, PRICE, SKU_BLACK, SKU_WHITE, STAMP } from '../support/samovar';
import { CheckoutPage } from '../pages/CheckoutPage';

const MANAGER = { phone: '901120001', name: 'Malika Yusupova' };
const OPERATOR = { phone: '901120002', name: 'Rustam Aliyev' };
const STORE_ID = 1;

let shop: ExtraShop;
const { adminPage, shopPage, closeContexts } = backOfficeContexts(() => shop);
let productId = 0;
let storeName = '';
// the shopper's page (signed in, the product in the cart) is kept for the price check after the import
let shopperPage: Page | undefined;
let orderNumber = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  shop = await startExtraShop({ OTP_RESEND_S: '2' });
  for (const [who, role] of [
    [MANAGER, 'manager'],
    [OPERATOR, 'operator'],
  ] as const) {
    const added = await staffAdd(shop, who.phone, role, who.name);
    expect(added.stdout).toContain(`+998${who.phone} added as ${role}.`);
  }
  const stores = (await (await request.get(`${shop.baseURL}/api/store/stores`, { headers: { 'X-LANG': 'en' } })).json()) as { data: { id: number; name: string }[] };
  storeName = stores.data.find((s) => s.id === STORE_ID)!.name;
});

test.afterAll(async () => {
  await closeContexts();
  await shop?.close();
});

test('a manager creates a product with two variants and a picture, and receives stock for it in one store', async ({ browser }) => {
  test.setTimeout(120_000);
  const { admin, page, errors } = await adminPage(browser);
  await admin.signIn(MANAGER.phone);
  await expect(admin.nav().getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Customers', 'Products', 'Low stock', 'Import / export', 'Categories', 'Brands', 'Banners', 'Blog', 'Pages', 'Stores', 'Delivery']);
  await admin.goTo('Products');
  await expect(page.getByTestId('products-table')).toBeVisible();
  await page.getByTestId('product-new').click();
  await expect(admin.heading()).toHaveText('New product');

  // the texts: Russian and English are flagged until written; the tabs move with the arrow keys
  await expect(page.getByTestId('lang-missing-ru')).toBeVisible();
  await typeInto(page.getByTestId('name-uz'), NAME.uz);
  await typeInto(page.getByTestId('description-uz'), DESCRIPTION.uz);
  await page.getByTestId('lang-tab-uz').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lang-tab-ru')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('lang-tab-ru')).toBeFocused();
  await typeInto(page.getByTestId('name-ru'), NAME.ru);
  await typeInto(page.getByTestId('description-ru'), DESCRIPTION.ru);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.getByTestId('lang-tab-en').click();
  await typeInto(page.getByTestId('name-en'), NAME.en);
  await typeInto(page.getByTestId('description-en'), DESCRIPTION.en);
  await expect(page.getByTestId('lang-missing-ru')).toHaveCount(0);
  await expect(page.getByTestId('lang-missing-en')).toHaveCount(0);

  await page.getByTestId('product-category').selectOption({ index: 1 });
  await page.getByTestId('product-brand').selectOption({ index: 1 });
  // a wrong MXIK is pointed out before anything is sent
  await typeInto(page.getByTestId('product-mxik'), '0851601');
  await typeInto(page.getByTestId('product-package'), '1501471');
  await typeInto(page.getByTestId('product-weight'), '2500');

  // the option the variants differ by, and the two variants
  await page.getByTestId('add-option').click();
  await typeOption(page, 1, { UZ: 'Rang', RU: 'Цвет', EN: 'Colour' });
  const white = page.getByTestId('variant').nth(0);
  await typeVariant(white, SKU_WHITE, { 'Rang (UZ)': 'Oq', 'Цвет (RU)': 'Белый', 'Colour (EN)': 'White' }, String(PRICE), '430000');
  await page.getByTestId('add-variant').click();
  const black = page.getByTestId('variant').nth(1);
  await typeVariant(black, SKU_BLACK, { 'Rang (UZ)': 'Qora', 'Цвет (RU)': 'Чёрный', 'Colour (EN)': 'Black' }, '470000', '450000');
  await page.getByTestId('picture-input').setInputFiles({ name: 'samovar.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('picture')).toHaveCount(1);

  await page.getByTestId('product-save').click();
  await expect(page.getByTestId('product-mxik')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('MXIK is 17 digits')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  // nothing typed was lost
  await expect(black.getByTestId('variant-sku')).toHaveValue(SKU_BLACK);
  await typeInto(page.getByTestId('product-mxik'), '08516010001000000');
  await page.getByTestId('product-save').click();

  // created: its own page, with the picture (re-encoded by the API) and the stock per variant and store
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  productId = Number(/products\/(\d+)$/.exec(page.url())![1]);
  await expect(admin.heading()).toHaveText(NAME.en);
  await expect(page.getByTestId('picture')).toHaveCount(1);
  await expect(page.getByTestId('picture').locator('img')).toHaveAttribute('src', /^\/media\//);
  await expect(page.getByTestId('stock-variant')).toHaveCount(2);

  // a second picture, moved first with the keyboard alone (↑ then Enter); the order is the API's
  await page.getByTestId('picture-input').setInputFiles({ name: 'samovar-2.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('picture')).toHaveCount(2);
  const pictures = page.getByTestId('picture').locator('img');
  const [first, second] = [await pictures.nth(0).getAttribute('src'), await pictures.nth(1).getAttribute('src')];
  expect(first).not.toBe(second);
  await page.getByRole('button', { name: 'Move picture 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(pictures.nth(0)).toHaveAttribute('src', second!);
  await expect(pictures.nth(1)).toHaveAttribute('src', first!);
  // the focus went with the picture: now first, its "down" button (it cannot go further up)
  await expect(page.getByRole('button', { name: 'Move picture 1 down' })).toBeFocused();
  await page.reload();
  await expect(pictures.nth(0)).toHaveAttribute('src', second!);

  // stock: 5 received in one store, through the keyboard-reachable "Change stock" dialog
  await page.getByRole('button', { name: `Change stock of ${SKU_WHITE} at ${storeName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Change stock' });
  await expect(dialog.getByLabel('Reason')).toHaveValue('received');
  await typeInto(dialog.getByTestId('movement-quantity'), '5');
  await expect(dialog.getByTestId('movement-preview')).toHaveText('Now 0 → after 5');
  await typeInto(dialog.getByLabel('Note (optional)'), 'First delivery');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`stock-${SKU_WHITE}-${STORE_ID}`)).toContainText('5');
  const whiteStock = page.getByTestId('stock-variant').filter({ hasText: SKU_WHITE });
  await expect(whiteStock).toContainText('5 units in all');
  await whiteStock.getByTestId('history-toggle').click();
  const movement = whiteStock.getByTestId('movement').first();
  await expect(movement).toContainText('Received');
  await expect(movement).toContainText('First delivery');
  await expect(movement).toContainText('+5');
  await expect(movement).toContainText(MANAGER.name);

  // the list finds it by the shop's search, with its SKUs and stock
  await admin.goTo('Products');
  await typeInto(page.getByTestId('products-search'), SKU_WHITE);
  await page.keyboard.press('Enter');
  const row = page.getByTestId('product-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(NAME.en);
  await expect(row).toContainText(SKU_WHITE);
  await expect(row).toContainText('Shown');
  expect(errors).toEqual([]);
});

test('a shopper finds it by a misspelt Russian query within 30 s and buys it', async ({ browser, request }) => {
  test.skip(!productId, 'needs the product of the test before');
  test.setTimeout(150_000);
  // live within 30 s: the shop's search (its vocabulary and caches) follows the change by itself
  await expect.poll(() => searchFinds(request, shop.baseURL, MISSPELT_RU, 'ru', productId), { timeout: 30_000, intervals: [1000] }).toBe(true);

  const { page, errors } = await shopPage(browser);
  await page.goto(`${shop.baseURL}/ru/search?q=${encodeURIComponent(MISSPELT_RU)}`);
  const card = page.getByTestId('product-card').filter({ hasText: NAME.ru });
  await expect(card).toBeVisible();
  await card.getByTestId('product-card-name').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME.ru);
  const productUrl = page.url();
  await page.getByTestId('variant-rang-oq').click();
  await expect(page.getByTestId('product-price')).toHaveText(/450/);
  await page.getByTestId('buy').click();

  await page.goto(`${shop.baseURL}/ru/checkout`);
  const checkout = new CheckoutPage(page);
  await checkout.signIn(shop.dataDir);
  await checkout.pickup(STORE_ID);
  await checkout.receiver('Aziz', 'Rahimov');
  await checkout.toPayment();
  await page.getByTestId('pay-cash').check();
  orderNumber = await checkout.placeOrder();
  expect(orderNumber).toMatch(/^BZ-/);

  // the same product in the cart again, for the price check after the import
  await page.goto(productUrl);
  await page.getByTestId('variant-rang-oq').click();
  await page.getByTestId('buy').click();
  await page.goto(`${shop.baseURL}/ru/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line-name')).toHaveText(NAME.ru);
  expect(digits(await page.getByTestId('cart-total').textContent())).toBe(PRICE);
  shopperPage = page;
  expect(errors).toEqual([]);
});

test("the manager imports a CSV that changes its price; the order's stock move is in the history; the shopper's cart shows the new price", async ({ browser }) => {
  test.skip(!shopperPage || !orderNumber, 'needs the shopper of the test before');
  test.setTimeout(120_000);
  const { admin, page, errors } = await adminPage(browser);
  await admin.signIn(MANAGER.phone);

  // the order took its unit: 4 left, and the history says which order
  await admin.open(`products/${productId}`);
  await expect(page.getByTestId(`stock-${SKU_WHITE}-${STORE_ID}`)).toContainText('4');
  const whiteStock = page.getByTestId('stock-variant').filter({ hasText: SKU_WHITE });
  await whiteStock.getByTestId('history-toggle').click();
  await expect(whiteStock.getByTestId('movement').first()).toContainText('Order');
  await expect(whiteStock.getByTestId('movement').first()).toContainText(orderNumber);
  await expect(whiteStock.getByTestId('movement').first()).toContainText('−1');

  await admin.goTo('Import / export');
  // the export: the whole catalogue, one row per SKU, in the format the import takes
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^bozor-catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = fs.readFileSync(await download.path(), 'utf8');
  expect(exported.split('\n')[0]).toMatch(/^\ufeff?sku;/);
  expect(exported).toContain(`${SKU_WHITE};`);
  expect(exported).toContain(`${SKU_BLACK};`);
  // a file of the export's format: a price change for one SKU, a row the shop does not know
  const csv = `sku;price_individual\n${SKU_WHITE};${NEW_PRICE}\nNO-SUCH-SKU-${STAMP};100000\n`;
  await page.getByTestId('import-file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByTestId('import-check').click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('This is a check: nothing has been changed yet.');
  await expect(page.getByTestId('import-errors')).toContainText(`NO-SUCH-SKU-${STAMP}`);
  await expect(page.getByTestId('import-errors').getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');
  await expect(page.getByTestId('import-apply')).toBeDisabled();

  // the bad row fixed: the dry run shows the one change, and Apply writes it
  const fixed = `sku;price_individual\n${SKU_WHITE};${NEW_PRICE}\n`;
  await page.getByTestId('import-file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed, 'utf8') });
  await page.getByTestId('import-check').click();
  const change = page.getByTestId('import-change');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(SKU_WHITE);
  await expect(change).toContainText('Price, individuals');
  expect(digits(await change.locator('del').textContent())).toBe(PRICE);
  expect(digits(await change.locator('ins').textContent())).toBe(NEW_PRICE);
  await page.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-result')).toContainText('prices.csv is applied');
  await expect(page.getByTestId('import-result')).toContainText('Rows changed: 1 · values: 1');
  // the product's own page has the new price
  await admin.open(`products/${productId}`);
  await expect(page.getByTestId('variant').nth(0).getByTestId('variant-price')).toHaveValue(String(NEW_PRICE));
  expect(errors).toEqual([]);

  // the shopper's cart is checked against the shop's prices each time it opens: the new price within 30 s
  const shopper = shopperPage!;
  await expect
    .poll(
      async () => {
        await shopper.reload();
        await expect(shopper.getByTestId('cart-line')).toHaveCount(1);
        await expect(shopper.getByTestId('cart-checking')).toHaveCount(0);
        return digits(await shopper.getByTestId('cart-total').textContent());
      },
      { timeout: 30_000, intervals: [2000] },
    )
    .toBe(NEW_PRICE);
});

test('an operator reads the catalogue on a 360 px phone but sees no way to change it', async ({ browser }) => {
  test.skip(!productId, 'needs the product of the first test');
  test.setTimeout(90_000);
  const { admin, page, errors } = await adminPage(browser, PHONE_360);
  await admin.signIn(OPERATOR.phone);
  await admin.menuButton().click();
  await expect(admin.nav().getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Customers', 'Products', 'Low stock']);
  await admin.nav().getByRole('link', { name: 'Products' }).click();
  await expect(admin.heading()).toHaveText('Products');
  await expect(page.getByTestId('product-new')).toHaveCount(0);
  await typeInto(page.getByTestId('products-search'), SKU_BLACK);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByTestId('product-link').tap();

  await expect(admin.heading()).toHaveText(NAME.en);
  await expect(page.getByText('You can look at the catalogue; only a manager or the owner can change it.')).toBeVisible();
  await expect(page.getByTestId('name-uz')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId(`stock-${SKU_WHITE}-${STORE_ID}`)).toContainText('4');
  for (const testId of ['product-save', 'add-variant', 'add-option', 'picture-input', 'product-archive']) await expect(page.getByTestId(testId)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Change stock/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Move picture/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // nor by address
  for (const path of ['catalog/import', 'products/new']) {
    await admin.open(path);
    await expect(page.getByTestId('forbidden')).toBeVisible();
  }
  expect(errors).toEqual([]);
});
