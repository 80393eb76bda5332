// Story 1 of the compose test: a shopper's whole journey through the gateway's published port, typed key
// by key — home → search → product → cart → sign in (the code from the log provider's outbox) → store
// pickup → sandbox card → confirmation — then the back office: the first owner added with `staff:add`
// inside the API container as docs/operations.md says for compose, who signs in and moves the order on.
import { expect, test } from '../support/test';
import { typeInto } from '../support/keyboard';
import { CheckoutPage } from '../pages/CheckoutPage';
import { base, compose, freshDigits, signInInDialog, smsCode, sql } from './compose';

test.use({ viewport: { width: 1366, height: 900 } });

test('a shopper buys a kettle for store pickup with a card, and an owner confirms the order', async ({ page, browser }) => {
  await page.goto(`${base()}/uz`);
  await typeInto(page.getByTestId('search-input'), 'choynak');
  await page.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(/\/uz\/search\?/);
  const card = page.getByTestId('product-card').first();
  await expect(card).toBeVisible();
  const name = (await card.getByTestId('product-card-name').textContent())!.trim();
  await card.getByTestId('product-card-name').click();
  await expect(page.getByTestId('product-name')).toHaveText(name);
  await page.getByTestId('buy').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto(`${base()}/uz/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('go-to-checkout').first().click();
  await expect(page).toHaveURL(/\/uz\/checkout/);

  await page.getByTestId('checkout-sign-in-button').click();
  await signInInDialog(page);

  const checkout = new CheckoutPage(page);
  await page.getByTestId('delivery-pickup').check();
  await page.getByTestId('store-group').locator('input[type=radio]:not([disabled])').first().check();
  await checkout.receiver('Aziz', 'Karimov');
  await checkout.toPayment();
  await checkout.addSandboxCard();
  const number = await checkout.placeOrder();
  expect(number).toMatch(/^BZ-\d+$/);
  expect(sql(`select status || ' ' || payment_status from orders where number = '${number}'`)).toEqual(['new paid']);

  // the back office: the first owner, added inside the API container as docs/operations.md says
  const owner = freshDigits().replace(/^90/, '91');
  compose('exec', '-T', 'api', 'node', 'dist/cli/staff-add.js', `+998${owner}`, 'owner', 'Dilnoza Owner');
  const staff = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const admin = await staff.newPage();
  await admin.goto(`${base()}/admin/`);
  await expect(admin).toHaveURL(/\/admin\/sign-in$/);
  await admin.getByRole('button', { name: 'EN', exact: true }).click();
  await typeInto(admin.getByTestId('signin-phone'), owner);
  const staffAsked = new Date();
  await admin.getByRole('button', { name: 'Get the code' }).click();
  await typeInto(admin.getByTestId('signin-code'), await smsCode(owner, staffAsked));
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(admin.getByTestId('me-name')).toBeAttached();
  await admin.goto(`${base()}/admin/orders/${number}`);
  await expect(admin.getByTestId('order-number')).toHaveText(`Order ${number}`);
  await admin.getByTestId('order-actions').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(admin.getByText('Status: Confirmed')).toBeVisible();
  expect(sql(`select status from orders where number = '${number}'`)).toEqual(['confirmed']);
  await staff.close();
});
