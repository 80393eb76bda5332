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

/**
 * Types a date and time ("2026-11-27T15:30", as a datetime-local field's value holds it) into such a field
 * key by key, as a person does. Debian's Chromium, headless, lays the field out month/day/year, hours
 * (1–12), minutes, AM/PM, whatever the page's language; each part moves on by itself once it is whole
 * except the year (it takes up to six digits), which Tab leaves. The field is focused afresh (a focused
 * field keeps the part it was on), and its value is checked, so another layout fails here, not later.
 */
export async function typeDateTimeInto(field: Locator, value: string): Promise<void> {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!parts) throw new Error(`typeDateTimeInto: "${value}" is not YYYY-MM-DDTHH:mm`);
  const [, year, month, day, hour, minute] = parts as unknown as [string, string, string, string, string, string];
  const h = Number(hour);
  const { keyboard } = field.page();
  await field.blur();
  await field.focus();
  await keyboard.type(month + day + year);
  await keyboard.press('Tab');
  await keyboard.type(`${String(h % 12 || 12).padStart(2, '0')}${minute}${h < 12 ? 'A' : 'P'}`);
  const typed = await field.inputValue();
  if (typed !== value) throw new Error(`typeDateTimeInto: typed ${value}, the field holds "${typed}" (another layout of the field?)`);
}
