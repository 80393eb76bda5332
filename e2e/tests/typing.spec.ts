// What a shopper's hands and eyes meet: masked fields typed key by key (and pasted) on a touch phone and
// a desktop, buttons that keep their label readable when hovered, pressed or focused, and no developer
// text on the pages. Issue 12's defects 1–3.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { codeFor, freshPhone } from '../pages/SignInDialog';
import { CheckoutPage, seedGuestCart } from '../pages/CheckoutPage';
import { fromClientAddress } from '../support/api';
import { typeInto } from '../support/keyboard';
import { baseURL } from '../support/shop';

// this spec asks for about 8 codes: its own client address keeps them off the other specs' per-IP cap
test.use(fromClientAddress(15));

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const spaced = (d: string) => `+998 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7)}`;

for (const [device, options] of [['390 px touch', PHONE], ['1366 px', DESKTOP]] as const) {
  test.describe(`typing on a ${device} screen`, () => {
    test.use(options);

    for (const lang of ['uz', 'ru', 'en'] as const) {
      test(`signs in with the phone and the code typed key by key (${lang})`, async ({ page }) => {
        await page.goto(`${baseURL()}/${lang}`);
        await page.getByTestId('sign-in').click();
        const digits = freshPhone();
        const phone = page.getByTestId('signin-phone');
        // uz: the number as written with its country code; ru, en: the 9 digits
        await typeInto(phone, lang === 'uz' ? `+998${digits}` : digits);
        await expect(phone).toHaveValue(spaced(digits));
        const asked = Date.now();
        await page.getByTestId('signin-get-code').click();
        const code = page.getByTestId('signin-code');
        await expect(code).toHaveValue('');
        await typeInto(code, await codeFor(digits, asked));
        await expect(code).toHaveValue(/^\d{5}$/);
        await page.getByTestId('signin-verify').click();
        await expect(page.getByTestId('account-link')).toBeVisible();
      });
    }
  });
}

test.describe('masked fields at checkout on a phone', () => {
  test.use(PHONE);

  test('the receiver phone reads right however it is typed or pasted; the card is added by typing', async ({ page }) => {
    await seedGuestCart(page, 'uz');
    await page.goto(`${baseURL()}/uz/checkout`);
    const checkout = new CheckoutPage(page);
    await checkout.signIn();
    const phone = checkout.field('phone');
    for (const typed of ['901234567', '+998901234567', '998901234567']) {
      await typeInto(phone, typed);
      await expect(phone).toHaveValue('+998 90 123 45 67');
    }
    // pasted, with the caret in an emptied field
    await typeInto(phone, '');
    await page.keyboard.insertText('+998 (91) 765-43-21');
    await expect(phone).toHaveValue('+998 91 765 43 21');
    // a digit fixed in the middle: the caret stays where the shopper types
    await phone.press('End');
    for (let i = 0; i < 8; i++) await phone.press('ArrowLeft'); // the caret after "+998 91 7"
    await phone.press('Backspace');
    await phone.pressSequentially('8');
    await expect(phone).toHaveValue('+998 91 865 43 21');

    await checkout.pickup(1);
    await checkout.receiver('Aziz', 'Rahimov');
    await checkout.toPayment();
    await expect(page.getByTestId('checkout-payment')).not.toContainText('Powered by');
    await page.getByTestId('pay-card').check();
    await page.getByTestId('add-card-open').click();
    await typeInto(page.getByTestId('card-number'), '8600069195406311');
    await expect(page.getByTestId('card-number')).toHaveValue('8600 0691 9540 6311');
    await typeInto(page.getByTestId('card-expiry'), '0399');
    await expect(page.getByTestId('card-expiry')).toHaveValue('03/99');
    await page.getByTestId('card-create').click();
    // the code field is new and empty: nothing of the expiry lands in it
    await expect(page.getByTestId('card-code')).toHaveValue('');
    await typeInto(page.getByTestId('card-code'), '666666');
    await expect(page.getByTestId('card-code')).toHaveValue('666666');
    await page.getByTestId('card-confirm').click();
    await expect(page.getByTestId('card-0')).toBeChecked();
  });
});

/** WCAG relative luminance contrast of two CSS colours (rgb/rgba over white). */
function contrast(fg: string, bg: string): number {
  const parse = (c: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = (c.match(/[\d.]+/g) ?? []).map(Number);
    // a transparent background shows the white page behind it
    return [r, g, b].map((v) => v * a + 255 * (1 - a));
  };
  const lum = (c: number[]) =>
    c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [l1, l2] = [lum(parse(fg)), lum(parse(bg))].sort((a, b) => b - a) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

async function colours(button: Locator) {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor, outline: `${style.outlineStyle} ${style.outlineWidth}` };
  });
}

/** The label's contrast at rest, hovered, pressed and focused from the keyboard. */
async function statesOf(page: Page, button: Locator) {
  const seen: Record<string, number> = {};
  await page.mouse.move(0, 0);
  let c = await colours(button);
  seen.rest = contrast(c.color, c.background);
  await button.hover();
  c = await colours(button);
  seen.hover = contrast(c.color, c.background);
  await page.mouse.down();
  c = await colours(button);
  seen.active = contrast(c.color, c.background);
  // released elsewhere: no click (the buttons would clear the cart or leave the page)
  await page.mouse.move(0, 0);
  await page.mouse.up();
  await button.focus();
  // a focus that came from the keyboard draws the outline
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  c = await colours(button);
  seen.focus = contrast(c.color, c.background);
  return { seen, outline: c.outline };
}

test('every button variant keeps its label readable when hovered, pressed and focused', async ({ page }) => {
  await seedGuestCart(page, 'uz');
  await page.goto(`${baseURL()}/uz/cart`);
  const variants = {
    primary: page.getByTestId('go-to-checkout'),
    secondary: page.getByTestId('cart-clear'),
    ghost: page.getByTestId('cart-line-remove').first(),
  };
  for (const [name, button] of Object.entries(variants)) {
    await expect(button).toBeVisible();
    const { seen, outline } = await statesOf(page, button);
    for (const [state, ratio] of Object.entries(seen)) {
      expect(ratio, `${name} ${state}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
    }
    expect(outline, `${name} focus outline`).toMatch(/^solid [1-9]/);
  }
});

test('no version strings or remote addresses on the pages; ?debug shows them', async ({ page }) => {
  await seedGuestCart(page, 'ru');
  for (const lang of ['uz', 'ru', 'en']) {
    for (const path of ['', '/catalog', '/cart', '/account']) {
      await page.goto(`${baseURL()}/${lang}${path}`);
      const text = await page.locator('body').innerText();
      expect(text, `${lang}${path}`).not.toMatch(/(catalog|cart|checkout|account)@\d|\/remotes\//);
    }
  }
  await page.goto(`${baseURL()}/en?debug`);
  await expect(page.getByTestId('catalog-remote-info')).toBeVisible();
  await expect(page.getByTestId('catalog-remote-info')).toContainText(/^catalog@\d+\.\d+\.\d+ /);
});
