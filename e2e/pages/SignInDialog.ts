// Page object for the account remote's sign-in dialog; the code is read from the SMS outbox of the API
// that global-setup started (DATA_DIR/sms-outbox.jsonl).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { typeInto } from '../support/keyboard';

/** A fresh Uzbek mobile number, so the per-phone limits of one test never touch another. */
export function freshPhone(): string {
  return `90${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** The DATA_DIR of the shop global-setup started. */
export const defaultDataDir = () => path.dirname(process.env.E2E_REMOTES_FILE as string);

/** One text of the log provider's outbox. */
export interface OutboxText {
  phone: string;
  message: string;
  at: string;
}

/**
 * The texts in the SMS outbox of the shop whose DATA_DIR is `dataDir`, oldest first. A line the API is
 * still writing (read half-way) is left out: the next read has it whole.
 */
export function outboxTexts(dataDir = defaultDataDir()): OutboxText[] {
  const outbox = path.join(dataDir, 'sms-outbox.jsonl');
  const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').split('\n') : [];
  return lines.flatMap((line) => {
    try {
      return line.trim() ? [JSON.parse(line) as OutboxText] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The newest 5-digit code texted to `digits9` (the 9 digits after 998) since `after`, from the SMS
 * outbox of the shop whose DATA_DIR is `dataDir`.
 */
export async function codeFor(digits9: string, after: number, dataDir = defaultDataDir()): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      for (const m of outboxTexts(dataDir).reverse()) {
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
  /** `dataDir`: the DATA_DIR of the shop the page talks to (its SMS outbox), global-setup's by default. */
  constructor(
    readonly page: Page,
    readonly dataDir = defaultDataDir(),
  ) {}

  dialog() {
    return this.page.getByRole('dialog');
  }

  /** Types the phone and asks for a code; returns when it was asked (for codeFor). */
  async requestCode(digits9: string): Promise<number> {
    await expect(this.page.getByTestId('signin-phone')).toBeVisible();
    // the 9 digits after +998, key by key, as a shopper types them
    await typeInto(this.page.getByTestId('signin-phone'), digits9);
    const asked = Date.now();
    await this.page.getByTestId('signin-get-code').click();
    return asked;
  }

  /** Types a code and submits it. */
  async enterCode(code: string) {
    await typeInto(this.page.getByTestId('signin-code'), code);
    await this.page.getByTestId('signin-verify').click();
  }

  /** The error shown under the current input. */
  error() {
    return this.dialog().getByRole('alert');
  }

  /** Phone, code from the outbox, done: the dialog closes signed in. Returns the phone's 9 digits. */
  async signIn(digits9: string = freshPhone()): Promise<string> {
    const asked = await this.requestCode(digits9);
    await expect(this.page.getByTestId('signin-countdown')).toBeVisible();
    await this.enterCode(await codeFor(digits9, asked, this.dataDir));
    await expect(this.dialog()).toBeHidden();
    return digits9;
  }
}
