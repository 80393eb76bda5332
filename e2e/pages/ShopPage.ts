// Page object for the shell: header widgets, language switch, remote slots.
import { expect, type Page } from '@playwright/test';
import { baseURL } from '../support/shop';

export class ShopPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    return this.page.goto(baseURL() + path);
  }

  header() {
    return this.page.getByTestId('site-header');
  }

  cartCount() {
    return this.page.getByTestId('cart-count');
  }

  async switchLanguage(lang: 'uz' | 'ru' | 'en') {
    await this.page.getByTestId(`lang-${lang}`).click();
    await expect(this.page).toHaveURL(new RegExp(`/${lang}(/|$|\\?)`));
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  remoteError(remote: string) {
    return this.page.getByTestId(`remote-error-${remote}`);
  }
}
