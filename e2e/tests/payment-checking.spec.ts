// A card payment whose outcome the shop does not know yet (the bank took the money but did not answer in
// time): the shopper sees "we are checking your payment" on the confirmation page, and it turns paid by
// itself, without a reload, once the reconciler has asked the bank. The sandbox's slow-bank card plays
// that bank; this shop asks again after 1 s instead of 30.
import { expect, test } from '../support/test';
import { CheckoutPage, seedGuestCart } from '../pages/CheckoutPage';
import { type ExtraShop, startExtraShop } from '../support/extra-shop';

let shop: ExtraShop;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startExtraShop({ PAYMENT_RECHECK_S: '1', PAYMENT_RECONCILE_INTERVAL_S: '1' });
});
test.afterAll(async () => {
  await shop?.close();
});

const T = {
  uz: { checking: 'Toʻlovingizni bank bilan tekshiryapmiz', paid: 'Karta orqali — toʻlandi', checkingLabel: 'Karta orqali — toʻlov tekshirilmoqda' },
  en: { checking: 'We are checking your payment with the bank', paid: 'Card — paid', checkingLabel: 'Card — checking the payment' },
} as const;

for (const lang of ['uz', 'en'] as const) {
  test(`a payment being checked turns paid on the confirmation page without a reload (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await seedGuestCart(page, lang, shop.baseURL);
    await page.goto(`${shop.baseURL}/${lang}/checkout`);
    const checkout = new CheckoutPage(page);
    await checkout.signIn(shop.dataDir);
    await checkout.pickup(1);
    await checkout.receiver('Aziz', 'Rahimov');
    await checkout.toPayment();
    await checkout.addCard('8600 0000 0000 0015', 0);
    const number = await checkout.placeOrder();
    expect(number).toMatch(/^BZ-\d+/);
    await expect(page.getByTestId('confirmed-payment')).toHaveText(T[lang].checkingLabel);
    await expect(page.getByTestId('confirmed-checking')).toContainText(T[lang].checking);
    // no reload: the page asks again by itself
    await expect(page.getByTestId('confirmed-payment')).toHaveText(T[lang].paid, { timeout: 30_000 });
    await expect(page.getByTestId('confirmed-checking')).toHaveText('');
  });
}
