// Input masks with the pattern characters of spec §5:
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

/**
 * Applies a mask to raw input: characters that fit go into the next slot (case forced where the slot
 * says so), characters that do not fit are dropped, literals are inserted. Stops at the mask's end.
 */
export function applyMask(pattern: string, raw: string): string {
  const slots = parseMask(pattern);
  let out = '';
  let si = 0;
  for (const ch of raw) {
    for (;;) {
      const slot = slots[si];
      if (!slot) return out;
      if (slot.kind === 'literal') {
        out += slot.char;
        si++;
        if (ch === slot.char) break; // the user typed the literal themselves
        continue;
      }
      const accepted = acceptChar(slot.kind, ch);
      if (accepted !== null) {
        out += accepted;
        si++;
      }
      break;
    }
  }
  return out;
}

function acceptChar(kind: Exclude<Slot['kind'], 'literal'>, ch: string): string | null {
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

/**
 * The same pattern as imask options: each spec character becomes an imask definition, literals are
 * escaped so imask's own pattern characters (0, a, *) keep their literal meaning.
 */
export function toIMaskOptions(pattern: string): { mask: string; definitions: Record<string, RegExp>; lazy: boolean } {
  const slots = parseMask(pattern);
  const defs: Record<string, string> = { digit: '#', alnum: 'X', letter: 'S', upper: 'A', lower: 'a' };
  const mask = slots.map((s) => (s.kind === 'literal' ? `\\${s.char}` : defs[s.kind])).join('');
  return {
    mask,
    definitions: { '#': /\d/, X: /[\p{L}\d]/u, S: /\p{L}/u, A: /\p{L}/u, a: /\p{L}/u },
    lazy: true,
  };
}

/** Common masks of the shop. */
export const MASKS = {
  phone: '+998 ## ### ## ##',
  otp: '#####',
  cardNumber: '#### #### #### ####',
  cardExpiry: '##/##',
} as const;
