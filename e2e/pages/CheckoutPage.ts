// Page object for the checkout remote: delivery, payment, confirmation.
import { expect, type Page } from '@playwright/test';
import { baseURL } from '../support/shop';
import { SignInDialog } from './SignInDialog';
import { typeInto } from '../support/keyboard';

/** Puts one in-stock product (a variant with stock) into the guest cart, as the catalogue would. */
export async function seedGuestCart(page: Page, lang: string, base = baseURL()) {
  const list = await (await page.request.post(`${base}/backend/api/ext/v1/resources/products`, { data: { per_page: 20 } })).json();
  const summary = (list.data as { slug: string; total_quanity: number }[]).find((p) => p.total_quanity >= 20)!;
  const { product } = await (await page.request.get(`${base}/backend/api/ext/v1/resources/product/${summary.slug}`)).json();
  const variant = (product.variants as { id: number; total_quanity: number }[]).find((v) => v.total_quanity >= 5)!;
  const item = { product_id: product.id, name: product.name, img_url: null, quantity: 1, price: product.price, slug: product.slug, attributes: { variant_id: variant.id } };
  await page.goto(`${base}/${lang}`);
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [item]);
  return item;
}

export class CheckoutPage {
  constructor(readonly page: Page) {}

  field(name: string) {
    return this.page.getByTestId(`field-${name}`);
  }

  /** On checkout's "sign in to check out" step: opens the sign-in dialog and signs in (code from `dataDir`'s SMS outbox). */
  async signIn(dataDir?: string) {
    await this.page.getByTestId('checkout-sign-in-button').click();
    await new SignInDialog(this.page, dataDir).signIn();
  }

  /** Store pickup from store `store`. */
  async pickup(store: number) {
    await this.page.getByTestId('delivery-pickup').check();
    await this.page.getByTestId(`store-${store}`).check();
  }

  async courier(region: string) {
    await this.page.getByTestId('delivery-courier').check();
    await this.page.getByTestId('delivery-region').selectOption(region);
    await this.page.getByTestId('delivery-city').selectOption({ index: 1 });
    await typeInto(this.field('address'), 'Mustaqillik 5');
    await typeInto(this.field('flat'), '12');
  }

  async receiver(name: string, surname: string) {
    await typeInto(this.field('name'), name);
    await typeInto(this.field('surname'), surname);
  }

  async toPayment() {
    await this.page.getByTestId('to-payment').click();
    await expect(this.page.getByTestId('checkout-payment')).toBeVisible();
  }

  /** Adds the sandbox card (code 666666) and selects it. */
  async addSandboxCard() {
    await this.addCard('8600 0691 9540 6311', 0);
  }

  /** Opens the new-card form, types a sandbox card (03/99) and asks for its code. */
  async requestCardCode(number: string) {
    await this.page.getByTestId('pay-card').check();
    await this.page.getByTestId('add-card-open').click();
    await typeInto(this.page.getByTestId('card-number'), number);
    await typeInto(this.page.getByTestId('card-expiry'), '03/99');
    await this.page.getByTestId('card-create').click();
    await expect(this.page.getByTestId('card-code-sent')).toBeVisible();
  }

  /** Express delivery to a Tashkent address. */
  async express() {
    await this.page.getByTestId('delivery-express').check();
    await typeInto(this.field('address'), 'Amir Temur 15');
  }

  /** Adds a sandbox card (03/99, code 666666); it becomes the saved card at `index`, selected. */
  async addCard(number: string, index: number) {
    await this.page.getByTestId('pay-card').check();
    await this.page.getByTestId('add-card-open').click();
    await typeInto(this.page.getByTestId('card-number'), number);
    await typeInto(this.page.getByTestId('card-expiry'), '03/99');
    await this.page.getByTestId('card-create').click();
    await typeInto(this.page.getByTestId('card-code'), '666666');
    await this.page.getByTestId('card-confirm').click();
    await expect(this.page.getByTestId(`card-${index}`)).toBeChecked();
  }

  async placeOrder() {
    await this.page.getByTestId('place-order').click();
    await expect(this.page.getByTestId('checkout-confirmed')).toBeVisible();
    return (await this.page.getByTestId('confirmed-number').textContent())!.trim();
  }
}
