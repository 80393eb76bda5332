// Checkout beyond the main path: express delivery (Tashkent only, priced in the courier app, no fee) in
// every language; removing a saved card; a product out of stock, and an order for more than is left
// refused with nothing taken; the order detail of My orders over reload, back and a wrong number.
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { CheckoutPage, seedGuestCart } from '../pages/CheckoutPage';
import { freshPhone } from '../pages/SignInDialog';
import { apiPlaceOrder, apiSignIn, findProduct, fromClientAddress } from '../support/api';
import { baseURL } from '../support/shop';

// this spec asks for 7 codes: its own client address keeps them off the other specs' per-IP cap
test.use(fromClientAddress(11));

const EXPRESS = {
  uz: { express: 'Tezkor yetkazish', fee: 'Kuryer ilovasida hisoblanadi', confirmed: 'Buyurtma tasdiqlandi!' },
  ru: { express: 'Экспресс-доставка', fee: 'Оплачивается в приложении курьера', confirmed: 'Заказ подтверждён!' },
  en: { express: 'Express delivery', fee: 'Priced in the courier app', confirmed: 'Order confirmed!' },
} as const;

/** Guest cart → checkout → signed in there; returns the checkout page object. */
async function signedInCheckout(page: Page, lang: string) {
  await seedGuestCart(page, lang);
  await page.goto(`${baseURL()}/${lang}/checkout`);
  const checkout = new CheckoutPage(page);
  await checkout.signIn();
  await expect(page.getByTestId('checkout-delivery')).toBeVisible();
  return checkout;
}

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`express delivery: Tashkent only, priced in the courier app, no fee → "Order confirmed!" (${lang})`, async ({ page }) => {
    const checkout = await signedInCheckout(page, lang);
    await checkout.express();
    const region = page.getByTestId('delivery-region');
    await expect(region).toHaveValue('tashkent');
    expect(await region.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['tashkent']);
    await expect(page.getByTestId('summary-fee')).toHaveText(EXPRESS[lang].fee);
    // no fee added: the total is the goods
    const summary = page.getByTestId('checkout-summary');
    await expect(summary).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('summary-items')).not.toHaveText('…');
    await expect(page.getByTestId('summary-total')).toHaveText((await page.getByTestId('summary-items').textContent())!);
    await checkout.receiver('Aziz', 'Rahimov');
    await checkout.toPayment();
    await page.getByTestId('pay-cash').check();
    await checkout.placeOrder();
    await expect(page.getByRole('heading', { name: EXPRESS[lang].confirmed })).toBeVisible();
    await expect(page.getByTestId('confirmed-delivery')).toContainText(EXPRESS[lang].express);
    // the same words after ordering: the courier is paid in the app, the delivery is not "free"
    await expect(page.getByTestId('confirmed-delivery-fee')).toHaveText(EXPRESS[lang].fee);
  });
}

test('a saved card is removed and stays removed', async ({ page }) => {
  const checkout = await signedInCheckout(page, 'en');
  await checkout.courier('tashkent');
  await checkout.receiver('Aziz', 'Rahimov');
  await checkout.toPayment();
  await checkout.addSandboxCard();
  await page.getByRole('button', { name: 'Remove the card 860006******6311' }).click();
  // asked first, with the focus on keeping it: Enter pressed twice by mistake removes nothing
  await expect(page.getByText('Remove the card 860006******6311?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Card 860006******6311 removed' })).toBeVisible();
  await expect(page.getByTestId('card-0')).toBeHidden();
  await expect(page.getByText('No saved cards yet')).toBeVisible();
  await page.reload();
  await page.getByTestId('pay-card').check();
  await expect(page.getByText('No saved cards yet')).toBeVisible();
  await expect(page.getByTestId('card-0')).toBeHidden();
});

for (const [lang, text] of [['en', 'Out of stock'], ['ru', 'Нет в наличии']] as const) {
  test(`a product with no stock says so and cannot be bought (${lang})`, async ({ page }) => {
    const product = await findProduct(page.request, (s) => s.total_quanity === 0);
    await page.goto(`${baseURL()}/${lang}/products/${product.slug}`);
    await expect(page.getByTestId('stock-status')).toHaveText(text);
    // the buttons stay where they are (a "notify me" will join them) but cannot be pressed
    await expect(page.getByTestId('buy')).toBeDisabled();
    await expect(page.getByTestId('buy-one-click')).toBeDisabled();
  });
}

test('a cart line for more than is left: the checkout lowers it to the stock and says so, and the order takes only that', async ({ page }) => {
  const product = await findProduct(
    page.request,
    (s) => s.total_quanity > 0 && s.total_quanity <= 10,
    (p) => p.variants.some((v) => v.total_quanity > 0),
  );
  const variant = product.variants.find((v) => v.total_quanity > 0)!;
  const item = { product_id: product.id, name: product.name, img_url: null, quantity: variant.total_quanity + 3, price: product.price, slug: product.slug, attributes: { variant_id: variant.id } };
  await page.goto(`${baseURL()}/en`);
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [item]);
  await page.goto(`${baseURL()}/en/checkout`);
  const checkout = new CheckoutPage(page);
  await checkout.signIn();
  const notice = page.getByTestId('checkout-cart-changes');
  await expect(notice).toContainText('Your cart was updated:');
  await expect(notice).toContainText('not that many in stock, the quantity was lowered');
  // courier: the goods may come from every store
  await checkout.courier('tashkent');
  await checkout.receiver('Aziz', 'Rahimov');
  await checkout.toPayment();
  await page.getByTestId('pay-cash').check();
  await checkout.placeOrder();
  const { product: after } = (await (await page.request.get(`${baseURL()}/backend/api/ext/v1/resources/product/${product.slug}`)).json()) as {
    product: { variants: { id: number; total_quanity: number }[] };
  };
  expect(after.variants.find((v) => v.id === variant.id)!.total_quanity).toBe(0);
});

test('order detail: survives a reload, back returns to the list, an unknown or foreign number is "not found"', async ({ page }) => {
  test.setTimeout(90_000);
  // another shopper's order, placed through the API
  const product = await findProduct(page.request, (s) => s.total_quanity >= 20, (p) => p.variants.some((v) => v.total_quanity >= 5));
  const foreignToken = await apiSignIn(page.request, freshPhone());
  const foreign = await apiPlaceOrder(page.request, foreignToken, product, product.variants.find((v) => v.total_quanity >= 5)!.id);

  const checkout = await signedInCheckout(page, 'en');
  await checkout.pickup(1);
  await checkout.receiver('Aziz', 'Rahimov');
  await checkout.toPayment();
  await page.getByTestId('pay-cash').check();
  const number = await checkout.placeOrder();

  await page.getByTestId('to-my-orders').click();
  await expect(page.getByTestId('orders-list')).toBeVisible();
  await page.getByRole('link', { name: new RegExp(number) }).click();
  await expect(page).toHaveURL(new RegExp(`/en/account/orders\\?order=${number}$`));
  await expect(page.getByTestId('order-number')).toHaveText(`Order ${number}`);
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(`Order ${number}`);
  await expect(page.getByTestId('order-history').getByRole('listitem').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/account\/orders$/);
  await expect(page.getByTestId('orders-list')).toBeVisible();
  await expect(page.getByTestId('order-detail')).toHaveCount(0);
  await page.goForward();
  await expect(page.getByTestId('order-number')).toHaveText(`Order ${number}`);

  await page.goto(`${baseURL()}/en/account/orders?order=BZ-999999`);
  await expect(page.getByTestId('order-not-found')).toHaveText('Order BZ-999999 was not found among your orders.');
  await page.goto(`${baseURL()}/en/account/orders?order=${foreign}`);
  await expect(page.getByTestId('order-not-found')).toHaveText(`Order ${foreign} was not found among your orders.`);
  await expect(page.getByTestId('order-number')).toHaveCount(0);
  await page.goto(`${baseURL()}/ru/account/orders?order=BZ-999999`);
  await expect(page.getByTestId('order-not-found')).toHaveText('Заказ BZ-999999 не найден среди ваших заказов.');
  await page.getByRole('link', { name: 'Назад к заказам' }).click();
  await expect(page.getByTestId('orders-list')).toBeVisible();
});
