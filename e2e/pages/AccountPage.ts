// Page object for the account remote: My profile, Upload photo, Logout, My orders.
import { expect, type Page } from '@playwright/test';
import { baseURL } from '../support/shop';
import { SignInDialog } from './SignInDialog';

export class AccountPage {
  constructor(readonly page: Page) {}

  async open(lang: string) {
    await this.page.goto(`${baseURL()}/${lang}/account`);
    await expect(this.page.getByTestId('account-page')).toBeVisible();
  }

  /** Signs in from the account page's own button. */
  async signIn(signInLabel: string) {
    await this.page.getByTestId('account-page').getByRole('button', { name: signInLabel }).click();
    return new SignInDialog(this.page).signIn();
  }

  field(name: 'name' | 'surname' | 'email' | 'birth-date') {
    return this.page.getByTestId(`profile-${name}`);
  }
}
