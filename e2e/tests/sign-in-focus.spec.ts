// A guest who signs in from a page's "Sign in" card, by keyboard: the card's button, where the dialog would
// return the focus, gives way to the page's content, so the page's heading takes the focus (before, it fell
// to the page's body and the next Tab started from the top of the page).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { codeFor, freshPhone } from '../pages/SignInDialog';
import { seedGuestCart } from '../pages/CheckoutPage';
import { fromClientAddress } from '../support/api';
import { baseURL } from '../support/shop';

// its own client address keeps its codes off the other specs' per-IP cap
test.use({ ...fromClientAddress(43), viewport: { width: 1366, height: 900 } });

/** Tab until `target` has the focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 8) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** The dialog by keyboard alone: Enter on the focused opener, Tab to the phone, the phone and the code typed, Enter to send each. */
async function signInByKeyboard(page: Page) {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await tabTo(page, page.getByTestId('signin-phone'));
  const digits = freshPhone();
  await page.keyboard.type(digits);
  const asked = Date.now();
  await page.keyboard.press('Enter');
  const code = page.getByTestId('signin-code');
  await expect(code).toBeFocused();
  await page.keyboard.type(await codeFor(digits, asked));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('checkout (ru): after signing in from the step’s card the step’s heading has the focus, and Tab goes on into the form', async ({ page }) => {
  await seedGuestCart(page, 'ru');
  await page.goto(`${baseURL()}/ru/checkout`);
  await page.getByTestId('checkout-sign-in-button').focus();
  await signInByKeyboard(page);
  const heading = page.getByRole('heading', { level: 1, name: 'Оформление заказа' });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('to-payment')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="checkout-delivery"] :focus')).toHaveCount(1);
});

test('My profile (en): the page’s heading has the focus after signing in from its card', async ({ page }) => {
  await page.goto(`${baseURL()}/en/account`);
  await page.getByTestId('account-page').getByRole('button', { name: 'Sign in' }).focus();
  await signInByKeyboard(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeFocused();
});

test('header (uz): after signing in from the header’s button, “My account” in its place has the focus', async ({ page }) => {
  await page.goto(`${baseURL()}/uz`);
  await page.getByTestId('site-header').getByTestId('sign-in').focus();
  await signInByKeyboard(page);
  await expect(page.getByTestId('account-link')).toBeFocused();
});
