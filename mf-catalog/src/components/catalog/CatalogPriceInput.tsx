import type { ChangeEvent, Ref } from 'react';
import { useStore } from '@nanostores/react';
import { $language, formatCount, type Lang } from '@bozor/shared';
import { MAX_PRICE } from '../../api/filter';

/**
 * "1250000" → uz/ru "1 250 000" (no-break spaces), en "1,250,000": the groups of the page's prices
 * (the shared formatCount, which Price uses). The box reads back only its digits, so either parses.
 */
export function groupDigits(digits: string, lang: Lang): string {
  return digits === '' ? '' : formatCount(Number(digits), lang);
}

/**
 * A sum typed as digits and shown in groups of three. The field is rewritten in the change handler,
 * before React renders (as the shared Input does), with the caret kept after the same digit — so
 * typing in the middle of "1 250 000" does not throw the caret to the end.
 */
export function CatalogPriceInput({
  value,
  onChange,
  label,
  placeholder,
  testId,
  errorId,
  inputRef,
}: {
  value: string;
  onChange: (digits: string) => void;
  label: string;
  placeholder: string;
  testId: string;
  /** The id of the message saying what is wrong with the value; the box is marked invalid while set. */
  errorId?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const lang = useStore($language);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const field = e.target;
    const caret = field.selectionStart ?? field.value.length;
    let digitsBefore = field.value.slice(0, caret).replace(/\D/g, '').length;
    let digits = field.value.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
    // Above the most the API takes (10 digits, 2 147 483 647), the keystroke or the paste is not taken,
    // as a full box ignores one: the box keeps its sum and the caret its place.
    if (Number(digits) > MAX_PRICE) {
      digitsBefore = Math.max(0, digitsBefore - (digits.length - value.length));
      digits = value;
    }
    const shown = groupDigits(digits, lang);
    let at = 0;
    for (let seen = 0; at < shown.length && seen < digitsBefore; at++) if (/\d/.test(shown[at] ?? '')) seen++;
    field.value = shown;
    if (document.activeElement === field) field.setSelectionRange(at, at);
    onChange(digits);
  };
  return (
    <input
      className="bz-input bzc-price__input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      placeholder={placeholder}
      value={groupDigits(value, lang)}
      onChange={change}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      ref={inputRef}
      data-testid={testId}
    />
  );
}
