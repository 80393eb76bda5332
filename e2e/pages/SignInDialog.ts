// Page object for the account remote's sign-in dialog; the code is read from the SMS outbox of the API
// that global-setup started (DATA_DIR/sms-outbox.jsonl).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** A fresh Uzbek mobile number, so the per-phone limits of one test never touch another. */
export function freshPhone(): string {
  return `90${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

function outboxFile() {
  return path.join(path.dirname(process.env.E2E_REMOTES_FILE as string), 'sms-outbox.jsonl');
}

/** The newest 5-digit code texted to `digits9` (the 9 digits after 998) since `after`. */
export async function codeFor(digits9: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const lines = fs.existsSync(outboxFile()) ? fs.readFileSync(outboxFile(), 'utf8').trim().split('\n') : [];
      for (const line of lines.reverse()) {
        const m = JSON.parse(line) as { phone: string; message: string; at: string };
        if (m.phone.replace(/\D/g, '').endsWith(digits9) && Date.parse(m.at) >= after - 1000) {
          code = /\b(\d{5})\b/.exec(m.message)?.[1] ?? '';
          if (code) return code;
        }
      }
      return '';
    })
    .not.toBe('');
  return code;
}

export class SignInDialog {
  constructor(readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog');
  }

  /** Phone, code from the outbox, done: the dialog closes signed in. Returns the phone's 9 digits. */
  async signIn(digits9: string = freshPhone()): Promise<string> {
    await expect(this.page.getByTestId('signin-phone')).toBeVisible();
    await this.page.getByTestId('signin-phone').fill(`+998 ${digits9.slice(0, 2)} ${digits9.slice(2, 5)} ${digits9.slice(5, 7)} ${digits9.slice(7)}`);
    const asked = Date.now();
    await this.page.getByTestId('signin-get-code').click();
    await expect(this.page.getByTestId('signin-countdown')).toBeVisible();
    await this.page.getByTestId('signin-code').fill(await codeFor(digits9, asked));
    await this.page.getByTestId('signin-verify').click();
    await expect(this.dialog()).toBeHidden();
    return digits9;
  }
}
