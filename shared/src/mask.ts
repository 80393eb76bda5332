// Input masks with the pattern characters of docs/product.md "Form masks and page guards":
//   # digit · X letter or digit · S letter · A letter forced to upper case · a letter forced to lower
//   case · ! escape (the next character is literal).

type Slot = { kind: 'digit' | 'alnum' | 'letter' | 'upper' | 'lower' } | { kind: 'literal'; char: string };

/** Parses a mask pattern into its slots. */
export function parseMask(pattern: string): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '!') {
      const next = pattern[i + 1];
      if (next !== undefined) slots.push({ kind: 'literal', char: next });
      i++;
      continue;
    }
    switch (c) {
      case '#':
        slots.push({ kind: 'digit' });
        break;
      case 'X':
        slots.push({ kind: 'alnum' });
        break;
      case 'S':
        slots.push({ kind: 'letter' });
        break;
      case 'A':
        slots.push({ kind: 'upper' });
        break;
      case 'a':
        slots.push({ kind: 'lower' });
        break;
      default:
        slots.push({ kind: 'literal', char: c });
    }
  }
  return slots;
}

const LETTER = /\p{L}/u;
const DIGIT = /\d/;

type SlotKind = Exclude<Slot['kind'], 'literal'>;

function acceptChar(kind: SlotKind, ch: string): string | null {
  switch (kind) {
    case 'digit':
      return DIGIT.test(ch) ? ch : null;
    case 'alnum':
      return DIGIT.test(ch) || LETTER.test(ch) ? ch : null;
    case 'letter':
      return LETTER.test(ch) ? ch : null;
    case 'upper':
      return LETTER.test(ch) ? ch.toUpperCase() : null;
    case 'lower':
      return LETTER.test(ch) ? ch.toLowerCase() : null;
  }
}

/** A masked field after an edit: its new value and where its caret goes. */
export interface MaskEdit {
  value: string;
  caret: number;
}

/**
 * Applies an edit to a masked field. `raw` is what the field holds after the browser applied a key
 * press or a paste, `caret` where the browser left the caret, `previous` the value before, and
 * `inputType` the InputEvent's (`deleteContentBackward` …).
 *
 * The field's meaning is its significant characters (those a slot of the mask can take: the digits of a
 * phone); literals are re-inserted around them, so typing key by key, pasting any spelling and editing
 * in the middle agree. The caret stays after the same significant character it followed. A mask's
 * leading literals (`+998 `) are a prefix: typed out they are kept as they are ("+", "+99"), and their
 * significant part ("998") is dropped from pasted or over-long input that starts with it, so
 * "998901234567", "+998 90 123 45 67" and "901234567" all give "+998 90 123 45 67".
 */
export function editMasked(pattern: string, previous: string, raw: string, caret: number, inputType = ''): MaskEdit {
  const slots = parseMask(pattern);
  const kinds = slots.flatMap((s) => (s.kind === 'literal' ? [] : [s.kind]));
  const significant = (text: string) => [...text].filter((ch) => kinds.some((k) => acceptChar(k, ch) !== null)).join('');
  const firstSlot = slots.findIndex((s) => s.kind !== 'literal');
  const prefix = (firstSlot < 0 ? slots : slots.slice(0, firstSlot)).map((s) => (s.kind === 'literal' ? s.char : '')).join('');
  const prefixCore = prefix.trimEnd();

  // The prefix being typed out, or what is left of it while deleting: kept as the shopper sees it.
  if (prefixCore && raw !== '' && prefix.startsWith(raw)) return { value: raw, caret: raw.length };

  let before = raw.slice(0, caret);
  let after = raw.slice(caret);
  const hadPrefix = prefixCore !== '' && raw.startsWith(prefixCore);
  if (hadPrefix) {
    const cut = Math.min(prefixCore.length, before.length);
    after = after.slice(prefixCore.length - cut);
    before = before.slice(cut);
  }
  let sigBefore = significant(before);
  let sigAfter = significant(after);

  // A deleted literal (a space, the slash) deletes the significant character next to it instead.
  const previousSig = significant(prefixCore && previous.startsWith(prefixCore) ? previous.slice(prefixCore.length) : previous);
  if (inputType.startsWith('delete') && raw.length < previous.length && sigBefore + sigAfter === previousSig) {
    if (inputType === 'deleteContentForward') sigAfter = sigAfter.slice(1);
    else sigBefore = sigBefore.slice(0, -1);
  }

  // A pasted or over-long number that carries the prefix's own digits ("998…", "+998…").
  const prefixSig = significant(prefix);
  const dropPrefixSig = () => {
    const fromBefore = Math.min(prefixSig.length, sigBefore.length);
    sigAfter = sigAfter.slice(prefixSig.length - fromBefore);
    sigBefore = sigBefore.slice(fromBefore);
  };
  const typedPrefixStart = !hadPrefix && raw.trimStart().startsWith(prefix.charAt(0)) && !kinds.some((k) => acceptChar(k, prefix.charAt(0)) !== null);
  if (prefixSig && typedPrefixStart && (sigBefore + sigAfter).startsWith(prefixSig)) dropPrefixSig();
  while (prefixSig && (sigBefore + sigAfter).length > kinds.length && (sigBefore + sigAfter).startsWith(prefixSig)) dropPrefixSig();

  // Fill the slots; the caret goes after the last character that came from before it.
  let value = '';
  let caretAt = -1;
  let si = 0;
  const chars = [...(sigBefore + sigAfter)];
  const beforeCount = [...sigBefore].length;
  chars.forEach((ch, i) => {
    while (slots[si]?.kind === 'literal') value += (slots[si++] as { char: string }).char;
    const slot = slots[si];
    if (!slot || slot.kind === 'literal') return;
    const accepted = acceptChar(slot.kind, ch);
    if (accepted !== null) {
      value += accepted;
      si++;
    }
    if (i + 1 === beforeCount) caretAt = value.length;
  });
  if (value === '') return { value: '', caret: 0 };
  if (beforeCount === 0) caretAt = Math.min(prefix.length, value.length);
  return { value, caret: caretAt < 0 || caretAt > value.length ? value.length : caretAt };
}

/**
 * Applies a mask to raw input: characters that fit go into the next slot (case forced where the slot
 * says so), characters that do not fit are dropped, literals are inserted. Stops at the mask's end.
 */
export function applyMask(pattern: string, raw: string): string {
  return editMasked(pattern, '', raw, raw.length).value;
}

/** Common masks of the shop. */
export const MASKS = {
  phone: '+998 ## ### ## ##',
  otp: '#####',
  cardNumber: '#### #### #### ####',
  cardExpiry: '##/##',
} as const;
