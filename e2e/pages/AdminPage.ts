// Page object for the back office (admin/, served under /admin/): staff sign-in with phone and SMS code
// (read from the SMS outbox of the shop's DATA_DIR), the navigation (a menu on phones), the Staff screen,
// the orders list and an order's next steps.
//
// The back office is not the shop: it never sets <html data-ready>, so its pages must be opened from
// contexts the test makes itself (browser.newContext), not through support/test.ts's waiting `page`.
import { expect, type Page } from '@playwright/test';
import { typeInto } from '../support/keyboard';
import { codeFor } from './SignInDialog';

export type StaffRoleLabel = 'Owner' | 'Manager' | 'Operator' | 'Store';

export class AdminPage {
  /** `base`: the shop's address (the back office is its /admin/); `dataDir`: its DATA_DIR (SMS outbox). */
  constructor(
    readonly page: Page,
    readonly base: string,
    readonly dataDir: string,
  ) {}

  url(path = '') {
    return `${this.base}/admin/${path.replace(/^\//, '')}`;
  }

  async open(path = '') {
    await this.page.goto(this.url(path));
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The side navigation ("Sections"); on a phone it is hidden until the Menu button opens it. */
  nav() {
    return this.page.getByRole('navigation', { name: 'Sections' });
  }

  menuButton() {
    return this.page.getByRole('button', { name: /^Menu/ });
  }

  languageButton(lang: 'UZ' | 'RU' | 'EN') {
    return this.page.getByRole('button', { name: lang, exact: true });
  }

  /** The staff member's language: English (Uzbek until chosen). */
  async chooseEnglish() {
    await this.languageButton('EN').click();
    await expect(this.languageButton('EN')).toHaveAttribute('aria-pressed', 'true');
  }

  phoneField() {
    return this.page.getByTestId('signin-phone');
  }

  codeField() {
    return this.page.getByTestId('signin-code');
  }

  /**
   * Opens /admin/ (sent on to sign-in), chooses English, types the phone and the SMS code and signs in;
   * returns when the navigation is there. `digits9`: the 9 digits after +998.
   */
  async signIn(digits9: string) {
    await this.open();
    await expect(this.page).toHaveURL(/\/admin\/sign-in$/);
    await this.chooseEnglish();
    await expect(this.heading()).toHaveText('Staff sign-in');
    await typeInto(this.phoneField(), digits9);
    const asked = Date.now();
    await this.page.getByRole('button', { name: 'Get the code' }).click();
    await expect(this.page.getByText(/^We sent a code to \+998/)).toBeVisible();
    await typeInto(this.codeField(), await codeFor(digits9, asked, this.dataDir));
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(this.page.getByTestId('me-name')).toBeAttached();
  }

  /** Follows a section's link in the navigation (through the Menu on a phone). */
  async goTo(section: 'Dashboard' | 'Orders' | 'Customers' | 'Products' | 'Low stock' | 'Import / export' | 'Staff' | 'Audit log') {
    if (await this.menuButton().isVisible()) await this.menuButton().click();
    await this.nav().getByRole('link', { name: new RegExp(`^${section}`) }).click();
    await expect(this.heading()).toHaveText(section);
  }

  // ---- Staff ----

  staffRow(name: string) {
    return this.page.getByTestId('staff-table').getByRole('row').filter({ hasText: name });
  }

  /** Adds a staff member in the "New staff member" dialog; a store account needs its store's name. */
  async addStaff(digits9: string, name: string, role: 'owner' | 'manager' | 'operator' | 'store', store?: string) {
    await this.page.getByRole('button', { name: 'Add staff member' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New staff member' });
    await expect(dialog).toBeVisible();
    await typeInto(dialog.getByTestId('staff-phone'), digits9);
    await typeInto(dialog.getByLabel('Name'), name);
    await dialog.getByLabel('Role').selectOption(role);
    if (store) await dialog.getByLabel('Store').selectOption({ label: store });
    await dialog.getByRole('button', { name: 'Add staff member' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText(`${name} can now sign in`)).toBeVisible();
  }

  // ---- Orders ----

  ordersTable() {
    return this.page.getByTestId('orders-table');
  }

  /** The list's rows (the header row is not one of them). */
  orderRows() {
    return this.ordersTable().locator('tbody').getByRole('row');
  }

  orderRow(number: string) {
    return this.orderRows().filter({ has: this.page.getByRole('link', { name: number, exact: true }) });
  }

  async openOrder(number: string) {
    await this.orderRow(number).getByRole('link', { name: number, exact: true }).click();
    await expect(this.page.getByTestId('order-number')).toHaveText(`Order ${number}`);
  }

  /** The order's next-step buttons, in the order shown. */
  actionButtons() {
    return this.page.getByTestId('order-actions').getByRole('button');
  }

  /** Presses a next-step button and waits for the API's answer to be on screen (the toast). */
  async step(button: string, statusLabel: string) {
    await this.page.getByTestId('order-actions').getByRole('button', { name: button, exact: true }).click();
    await expect(this.page.getByText(`Status: ${statusLabel}`)).toBeVisible();
  }

  /** The history entries' status labels, oldest first. */
  timelineStatuses() {
    return this.page.getByTestId('order-timeline').getByRole('listitem').locator('strong');
  }
}
