// Codes that run out, on a second shop started with a 6-second OTP_TTL_S and an 8-second OTP_RESEND_S
// (long enough to sign in on a loaded machine, short enough to wait for; global-setup's shop keeps the
// defaults): an expired sign-in code in every language, and resending a card's code — the countdown
// ends, a new code is sent, and it confirms the card.
import { expect, test } from '../support/test';
import { CheckoutPage, seedGuestCart } from '../pages/CheckoutPage';
import { SignInDialog, codeFor, freshPhone } from '../pages/SignInDialog';
import { startExtraShop, type ExtraShop } from '../support/extra-shop';
import { typeInto } from '../support/keyboard';

let shop: ExtraShop;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startExtraShop({ OTP_TTL_S: '6', OTP_RESEND_S: '8' });
});

test.afterAll(async () => {
  await shop?.close();
});

const EXPIRED = {
  uz: 'Kodning muddati tugagan yoki u soʻralmagan. Yangi kod oling.',
  ru: 'Срок действия кода истёк или код не запрашивался. Запросите новый код.',
  en: 'The code has expired or was never requested. Request a new code.',
} as const;

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`an expired sign-in code is refused, and a new one signs in (${lang})`, async ({ page }) => {
    await page.goto(`${shop.baseURL}/${lang}`);
    await page.getByTestId('sign-in').click();
    const dialog = new SignInDialog(page, shop.dataDir);
    const phone = freshPhone();
    const code = await codeFor(phone, await dialog.requestCode(phone), shop.dataDir);
    // the resend countdown (8 s) outlasts the code (6 s): once it is over, the code is dead
    await expect(page.getByTestId('signin-resend')).toBeVisible();
    await dialog.enterCode(code);
    await expect(dialog.error()).toHaveText(EXPIRED[lang]);
    const asked = Date.now();
    await page.getByTestId('signin-resend').click();
    await expect(page.getByTestId('signin-countdown')).toBeVisible();
    await dialog.enterCode(await codeFor(phone, asked, shop.dataDir));
    await expect(dialog.dialog()).toBeHidden();
    await expect(page.getByTestId('account-link')).toBeVisible();
  });
}

test('a card code is resent after the countdown, and the new code confirms the card', async ({ page }) => {
  test.setTimeout(90_000);
  await seedGuestCart(page, 'en', shop.baseURL);
  await page.goto(`${shop.baseURL}/en/checkout`);
  const checkout = new CheckoutPage(page);
  await checkout.signIn(shop.dataDir);
  await checkout.courier('tashkent');
  await checkout.receiver('Aziz', 'Rahimov');
  await checkout.toPayment();
  await checkout.requestCardCode('8600 4954 7331 6478');
  await expect(page.getByTestId('card-code-sent')).toContainText('+998 91 *** ** 78');
  await expect(page.getByTestId('card-resend-countdown')).toHaveText(/^Resend code in [1-8] s$/);
  await page.getByTestId('card-resend').click();
  // sent again: the countdown starts over and the resend button is gone until it ends
  await expect(page.getByTestId('card-resend-countdown')).toBeVisible();
  await expect(page.getByTestId('card-resend')).toHaveCount(0);
  await typeInto(page.getByTestId('card-code'), '666666');
  await page.getByTestId('card-confirm').click();
  await expect(page.getByTestId('card-0')).toBeChecked();
  await expect(page.getByTestId('saved-cards')).toContainText('860049******6478');
});
