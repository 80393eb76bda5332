// Typing as a shopper does: into the field, what was there selected and deleted, then key by key. The
// browser tests never use fill(): it sets the value in one go and hides what masks do to each key.
import type { Locator } from '@playwright/test';

/** Clears the field with the keyboard and types `text` one key at a time. */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}
