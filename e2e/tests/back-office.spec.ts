// The back office (/admin/) from the first owner to a shipped order, on a shop of its own (a fresh
// database, so "only its store's orders" can be counted exactly): the owner, added with `pnpm staff:add`
// against the running shop, signs in with the keyboard alone and adds an operator and a pickup store's
// account under Staff; the operator sees a shopper's new order arrive, confirms it, starts assembling and
// hands it to the courier; the shopper's My orders shows that history; the store account sees only its
// own store's pickup order; and the operator's list and order on a 360 px phone, through the menu.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { type ExtraShop, startExtraShop } from '../support/extra-shop';
import { apiSignIn, findProduct, type ProductDetail } from '../support/api';
import { PHONE_360, backOfficeContexts, staffAdd } from '../support/back-office';
import { SignInDialog, codeFor, freshPhone } from '../pages/SignInDialog';

// the staff: fresh numbers of a fresh shop
const OWNER = { phone: '901110001', name: 'Dilnoza Karimova' };
const OPERATOR = { phone: '901110002', name: 'Rustam Aliyev' };
const STORE = { phone: '901110003', name: 'Yunusobod kassasi' };
const STORE_ID = 2;
const STORE_NAME = 'Bozor Yunusabad'; // its English name (the staff member reads English)
const OTHER_STORE_ID = 1;

let shop: ExtraShop;
const { adminPage, shopPage, closeContexts } = backOfficeContexts(() => shop);
// what the tests before hand on to those after them (the file runs in order, on one shop)
let product: ProductDetail;
let variantId: number;
let shopper = '';
let courierOrder = '';
let storePickup = '';
let otherPickup = '';

/** Places a cash order of one piece for the shopper whose token this is; returns its number. */
async function placeOrder(request: APIRequestContext, token: string, delivery: Record<string, unknown>, receiverPhone: string): Promise<string> {
  const res = await request.post(`${shop.baseURL}/api/orders/`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-bo-${Date.now()}-${Math.random()}` },
    data: {
      items: [{ product_id: product.id, variant_id: variantId, quantity: 1 }],
      one_click: true,
      delivery,
      receiver: { name: 'Aziz', surname: 'Rahimov', phone: `+998${receiverPhone}` },
      payment: { method: 'cash' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { number: string } }).order.number;
}

/** A phone's 9 digits as the page spells them: +998 90 111 00 01. */
function spelled(digits9: string): string {
  return `+998 ${digits9.slice(0, 2)} ${digits9.slice(2, 5)} ${digits9.slice(5, 7)} ${digits9.slice(7)}`;
}

/** Presses Tab until `target` has the focus (at most `max` times): the keyboard reaches it. */
async function tabTo(page: Page, target: Locator, max = 12) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  // a short resend wait: the operator signs in on a desktop and then on a phone, and the shopper signs
  // in through the API and then in the shop, each within a minute
  shop = await startExtraShop({ OTP_RESEND_S: '2' });
  // the first owner, as docs/back-office.md says: `pnpm staff:add` on the server, with the shop running
  const added = await staffAdd(shop, OWNER.phone, 'owner', OWNER.name);
  expect(added.stdout).toContain(`+998${OWNER.phone} added as owner.`);

  product = await findProduct(request, (s) => s.total_quanity >= 10, (p) => p.variants.some((v) => v.total_quanity >= 5), shop.baseURL);
  variantId = product.variants.find((v) => v.total_quanity >= 5)!.id;
});

test.afterAll(async () => {
  await closeContexts();
  await shop?.close();
});

test('the owner from `pnpm staff:add` signs in with the keyboard alone and adds an operator and a store account', async ({ browser }) => {
  test.setTimeout(90_000);
  const { admin, page, errors } = await adminPage(browser);
  await admin.open();
  // not signed in: sent to sign-in, in Uzbek until another language is chosen
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');

  // keyboard only: Tab to the language, Enter; Tab to the phone, type; Enter asks for the code
  await tabTo(page, admin.languageButton('EN'));
  await page.keyboard.press('Enter');
  await expect(admin.languageButton('EN')).toHaveAttribute('aria-pressed', 'true');
  await expect(admin.heading()).toHaveText('Staff sign-in');
  await tabTo(page, admin.phoneField());
  await page.keyboard.type(OWNER.phone);
  await expect(admin.phoneField()).toHaveValue(spelled(OWNER.phone));
  const asked = Date.now();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`We sent a code to ${spelled(OWNER.phone)}`)).toBeVisible();
  await expect(page.getByTestId('signin-countdown')).toHaveText(/^Resend code in \d+ s$/);
  const code = await codeFor(OWNER.phone, asked, shop.dataDir);
  await tabTo(page, admin.codeField());
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  // signed in: the owner's dashboard and every section in the navigation
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(admin.heading()).toHaveText('Dashboard');
  await expect(page.getByTestId('me-name')).toHaveText(OWNER.name);
  await expect(admin.nav().getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Customers', 'Products', 'Low stock', 'Import / export', 'Categories', 'Brands', 'Banners', 'Blog', 'Pages', 'Stores', 'Delivery', 'Staff', 'Audit log']);

  // Staff: the owner is there; they cannot change their own role or disable themselves
  await admin.goTo('Staff');
  await expect(admin.staffRow(OWNER.name)).toContainText('Owner');
  await expect(admin.staffRow(OWNER.name).getByRole('button', { name: 'Disable' })).toHaveCount(0);
  // their own Edit corrects the name only: no role to choose
  await admin.staffRow(OWNER.name).getByRole('button', { name: 'Edit' }).click();
  const ownForm = page.getByTestId('staff-edit-form');
  await expect(ownForm.getByLabel('Name')).toBeVisible();
  await expect(ownForm.getByLabel('Role')).toHaveCount(0);
  await ownForm.getByRole('button', { name: 'Back' }).click();

  await admin.addStaff(OPERATOR.phone, OPERATOR.name, 'operator');
  await expect(admin.staffRow(OPERATOR.name)).toContainText(spelled(OPERATOR.phone));
  await expect(admin.staffRow(OPERATOR.name)).toContainText('Operator');
  await expect(admin.staffRow(OPERATOR.name)).toContainText('Active');

  await admin.addStaff(STORE.phone, STORE.name, 'store', STORE_NAME);
  await expect(admin.staffRow(STORE.name)).toContainText(`Store · ${STORE_NAME}`);
  // what the API keeps, not only what the page drew: the list again after a reload
  await page.reload();
  await expect(page.getByTestId('staff-table').locator('tbody').getByRole('row')).toHaveCount(3);
  await expect(admin.staffRow(STORE.name)).toContainText(`Store · ${STORE_NAME}`);
  expect(errors).toEqual([]);
});

test('the operator sees a new order arrive, confirms it, starts assembling and hands it to the courier; the shopper sees the history', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // orders already there before the operator signs in: pickup at the store account's store and at another
  const earlier = await apiSignIn(request, freshPhone(), shop.baseURL, shop.dataDir);
  storePickup = await placeOrder(request, earlier, { type: 'pickup', store_id: STORE_ID }, '901234567');
  otherPickup = await placeOrder(request, earlier, { type: 'pickup', store_id: OTHER_STORE_ID }, '901234567');

  const { admin, page, errors } = await adminPage(browser);
  await admin.signIn(OPERATOR.phone);
  await expect(admin.heading()).toHaveText('Dashboard');
  await expect(page.getByTestId('me-name')).toHaveText(OPERATOR.name);
  // an operator runs orders and customers and reads the catalogue, not staff
  await expect(admin.nav().getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Customers', 'Products', 'Low stock']);
  await admin.goTo('Orders');
  await expect(admin.orderRows()).toHaveCount(2);

  // a shopper places a courier order while the operator looks at the list: it comes in by itself
  shopper = freshPhone();
  const token = await apiSignIn(request, shopper, shop.baseURL, shop.dataDir);
  courierOrder = await placeOrder(request, token, { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12', flat: '7' }, shopper);
  await expect(admin.orderRow(courierOrder)).toBeVisible({ timeout: 25_000 });
  await expect(admin.orderRows()).toHaveCount(3);
  await expect(admin.orderRow(courierOrder).getByText('new', { exact: true })).toBeVisible();
  await expect(admin.orderRow(courierOrder)).toContainText('Courier');
  await expect(page.getByRole('button', { name: 'Show 1 new order' })).toBeVisible();
  await expect(admin.nav().getByTestId('nav-new-orders')).toHaveText('1 new');
  // the New tab counts all three
  await expect(page.getByTestId('tab-new')).toContainText('3');

  // acknowledged: the badges go, the list stays
  await page.getByRole('button', { name: 'Show 1 new order' }).click();
  await expect(page.getByRole('button', { name: 'Show 1 new order' })).toHaveCount(0);
  await expect(admin.nav().getByTestId('nav-new-orders')).toHaveCount(0);
  await expect(admin.orderRows()).toHaveCount(3);

  await admin.openOrder(courierOrder);
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${courierOrder}$`));
  await expect(page.getByTestId('order-address')).toContainText('Bunyodkor 12');
  // exactly the steps the API allows
  await expect(admin.actionButtons()).toHaveText(['Confirm', 'Cancel']);
  // an unconfirmed cash order holds its stock for a time; the operator may extend it once
  await expect(page.getByTestId('stock-hold-until')).toContainText('Stock held until');
  await page.getByRole('button', { name: 'Extend', exact: true }).click();
  await expect(page.getByTestId('stock-hold-until')).toContainText('(extended once)');
  await expect(page.getByRole('button', { name: 'Extend', exact: true })).toHaveCount(0);
  await admin.step('Confirm', 'Confirmed');
  // confirmed: nothing is held against a deadline any more
  await expect(page.getByTestId('stock-hold')).toHaveCount(0);
  await expect(admin.actionButtons()).toHaveText(['Start assembling', 'Cancel']);
  await admin.step('Start assembling', 'Being packed');
  // a courier order goes to the courier, never "Ready for pickup"
  await expect(admin.actionButtons()).toHaveText(['Hand to courier', 'Cancel']);
  await admin.step('Hand to courier', 'On the way');
  // the goods have left: no cancelling any more
  await expect(admin.actionButtons()).toHaveText(['Delivered']);
  await expect(admin.timelineStatuses()).toHaveText(['Received', 'Confirmed', 'Being packed', 'On the way']);
  await expect(page.getByTestId('order-timeline').getByRole('listitem').last()).toContainText(OPERATOR.name);
  // and it is the API's state, not the page's: the same after a reload
  await page.reload();
  await expect(admin.actionButtons()).toHaveText(['Delivered']);
  await expect(admin.timelineStatuses()).toHaveText(['Received', 'Confirmed', 'Being packed', 'On the way']);
  expect(errors).toEqual([]);

  // the shopper's My orders in the shop
  const customer = await shopPage(browser);
  await customer.page.goto(`${shop.baseURL}/en/account/orders`);
  await customer.page.getByTestId('account-orders').getByRole('button', { name: 'Sign in' }).click();
  await new SignInDialog(customer.page, shop.dataDir).signIn(shopper);
  await expect(customer.page.getByTestId('orders-list')).toBeVisible();
  await customer.page.getByRole('link', { name: new RegExp(courierOrder) }).click();
  await expect(customer.page.getByTestId('order-number')).toContainText(courierOrder);
  await expect(customer.page.getByTestId('order-status')).toHaveText('On the way');
  await expect(customer.page.getByTestId('order-history').getByRole('listitem').locator('strong')).toHaveText(['Received', 'Confirmed', 'Being packed', 'On the way']);
  expect(customer.errors).toEqual([]);
});

test('a store account sees only its own store’s pickup orders', async ({ browser }) => {
  test.skip(!storePickup || !courierOrder, 'needs the orders of the test before');
  const { admin, page, errors } = await adminPage(browser);
  await admin.signIn(STORE.phone);
  // no dashboard for a store: it lands on Orders (besides its store's low stock, the only section it has)
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(admin.heading()).toHaveText('Orders');
  await expect(page.getByTestId('me-name')).toHaveText(STORE.name);
  await expect(page.getByText(`Store · ${STORE_NAME}`)).toBeVisible();
  await expect(admin.nav().getByRole('link')).toHaveText(['Orders', 'Low stock']);

  await expect(admin.orderRows()).toHaveCount(1);
  await expect(admin.orderRow(storePickup)).toContainText(`Pickup · ${STORE_NAME}`);
  await expect(page.getByRole('link', { name: courierOrder })).toHaveCount(0);
  await expect(page.getByRole('link', { name: otherPickup })).toHaveCount(0);
  // no store or delivery-type filters for a store account
  await expect(page.getByTestId('filter-delivery-type')).toHaveCount(0);

  await admin.openOrder(storePickup);
  await expect(page.getByText('Pickup store')).toBeVisible();
  await expect(admin.actionButtons()).toHaveText(['Confirm', 'Cancel']);

  // another section, or another order by its address: neither is theirs
  await admin.open('customers');
  await expect(page.getByTestId('forbidden')).toContainText('Not available for your role');
  expect(errors).toEqual([]);
  await admin.open(`orders/${courierOrder}`);
  // told nothing about it, not even that it exists: the API's "Not found.", and nothing to retry
  await expect(page.getByTestId('error')).toHaveText('Not found.');
  await expect(page.getByTestId('error').getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('order-number')).toHaveCount(0);
  await expect(page.getByTestId('order-actions')).toHaveCount(0);
  // the API's 404 for that order is the one console error this page may have
  expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  expect(errors.filter((e) => e.includes('status of 404')).length).toBeLessThanOrEqual(1);
});

test('on a 360 px phone the operator reaches the orders through the menu, as cards, and opens one', async ({ browser }) => {
  test.skip(!courierOrder, 'needs the orders of the test before');
  test.setTimeout(90_000);
  const { admin, page, errors } = await adminPage(browser, PHONE_360);
  await admin.signIn(OPERATOR.phone);
  await expect(admin.heading()).toHaveText('Dashboard');

  // the navigation is folded under Menu
  await expect(admin.nav()).toBeHidden();
  await expect(admin.menuButton()).toHaveAttribute('aria-expanded', 'false');
  await admin.menuButton().click();
  await expect(admin.menuButton()).toHaveAttribute('aria-expanded', 'true');
  await expect(admin.nav().getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Customers', 'Products', 'Low stock']);
  // Escape closes it, and following a link closes it too
  await page.keyboard.press('Escape');
  await expect(admin.nav()).toBeHidden();
  await admin.menuButton().click();
  await admin.nav().getByRole('link', { name: 'Orders' }).click();
  await expect(admin.heading()).toHaveText('Orders');
  await expect(admin.nav()).toBeHidden();
  await expect(admin.menuButton()).toHaveAttribute('aria-expanded', 'false');

  // the filters fold under "Filters", the table is cards, and nothing is wider than the screen
  await expect(page.getByText('Filters', { exact: true })).toBeVisible();
  await expect(page.getByTestId('filter-status')).toBeHidden();
  await expect(admin.orderRows()).toHaveCount(3);
  await expect(admin.ordersTable().locator('thead')).not.toBeInViewport();
  const row = admin.orderRow(courierOrder);
  await expect(row).toBeVisible();
  await expect(row).toContainText('On the way');
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await row.getByRole('link', { name: courierOrder, exact: true }).tap();
  await expect(page.getByTestId('order-number')).toHaveText(`Order ${courierOrder}`);
  await expect(admin.actionButtons()).toHaveText(['Delivered']);
  await expect(admin.actionButtons().first()).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // back to the list through the menu
  await admin.goTo('Orders');
  await expect(admin.orderRows()).toHaveCount(3);
  expect(errors).toEqual([]);
});
