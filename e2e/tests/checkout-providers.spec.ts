// Paying on the provider's page, as most shoppers in Uzbekistan do: "Payme orqali" / "Pay with Click" at
// checkout sends the shopper to the provider's page (the sandbox's stand-in, which calls the shop's own
// Merchant API / SHOP API callbacks exactly as the provider would) and back to the confirmation, which
// shows the order paid. Cancelling there leaves an order that is not paid and says so.
import { expect, test } from '../support/test';
import { CheckoutPage, seedGuestCart } from '../pages/CheckoutPage';
import { fromClientAddress } from '../support/api';
import { baseURL } from '../support/shop';

test.use(fromClientAddress(17));

const CASES = [
  { provider: 'payme', lang: 'uz', pay: 'Toʻlash', cancel: 'Bekor qilish', paid: 'Payme — toʻlandi', notPaid: 'Toʻlov tasdiqlanmadi' },
  { provider: 'click', lang: 'en', pay: 'Pay', cancel: 'Cancel', paid: 'Click — paid', notPaid: 'The payment was not confirmed' },
  { provider: 'click', lang: 'ru', pay: 'Оплатить', cancel: 'Отмена', paid: 'Click — оплачен', notPaid: 'Оплата не подтвердилась' },
] as const;

for (const c of CASES) {
  test(`${c.provider}: to the provider's page and back, the order paid (${c.lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await seedGuestCart(page, c.lang);
    await page.goto(`${baseURL()}/${c.lang}/checkout`);
    const checkout = new CheckoutPage(page);
    await checkout.signIn();
    await checkout.pickup(1);
    await checkout.receiver('Aziz', 'Rahimov');
    await checkout.toPayment();
    await page.getByTestId(`pay-${c.provider}`).check();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(new RegExp(`/api/sandbox/${c.provider}\\?`));
    await page.getByRole('button', { name: c.pay, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${c.lang}/checkout/confirmed\\?order=BZ-\\d+`));
    await expect(page.getByTestId('confirmed-payment')).toHaveText(c.paid);
    await expect(page.getByTestId('confirmed-items').getByRole('listitem')).toHaveCount(1);
  });
}

test('payme: cancelled on the provider\'s page, the order waits unpaid, and the page offers to pay again', async ({ page }) => {
  test.setTimeout(90_000);
  await seedGuestCart(page, 'uz');
  await page.goto(`${baseURL()}/uz/checkout`);
  const checkout = new CheckoutPage(page);
  await checkout.signIn();
  await checkout.pickup(1);
  await checkout.receiver('Aziz', 'Rahimov');
  await checkout.toPayment();
  await page.getByTestId('pay-payme').check();
  await page.getByTestId('place-order').click();
  // the browser's Back from the provider's page comes to the order, not to an emptied payment step
  await page.waitForURL(/\/api\/sandbox\/payme/);
  await page.goBack();
  await expect(page).toHaveURL(/\/uz\/checkout\/confirmed\?order=BZ-\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buyurtma rasmiylashtirildi — hali toʻlanmagan');
  await page.getByTestId('confirmed-pay').click();
  await page.getByRole('button', { name: 'Bekor qilish', exact: true }).click();
  await expect(page).toHaveURL(/\/uz\/checkout\/confirmed\?order=BZ-\d+/);
  // nothing was paid: the order waits (its stock held until CHECKOUT_PAYMENT_TTL_S), payable again
  await expect(page.getByTestId('confirmed-checking')).toContainText('Bu buyurtma uchun toʻlov hali kelmadi');
  await expect(page.getByTestId('confirmed-payment')).toHaveText('Payme — toʻlanmagan');
  await page.getByTestId('confirmed-pay').click();
  await page.getByRole('button', { name: 'Toʻlash', exact: true }).click();
  await expect(page.getByTestId('confirmed-payment')).toHaveText('Payme — toʻlandi');
});
