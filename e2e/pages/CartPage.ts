// Page object for the cart remote.
import { type Page } from '@playwright/test';
import { baseURL } from '../support/shop';

export class CartPage {
  constructor(readonly page: Page) {}

  async open(lang: string) {
    return this.page.goto(`${baseURL()}/${lang}/cart`);
  }

  lines() {
    return this.page.getByTestId('cart-line');
  }

  quantities() {
    return this.page.getByTestId('cart-line-quantity');
  }

  removeButtons() {
    return this.page.getByTestId('cart-line-remove');
  }

  empty() {
    return this.page.getByTestId('cart-empty');
  }

  badgeCount() {
    return this.page.getByTestId('cart-count');
  }

  /** The cart as persisted in localStorage (the shell's 'cart' key). */
  stored() {
    return this.page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { product_id: number; quantity: number }[]);
  }
}
