// What a scanner or a paste gives, as the API takes marking codes (api/src/modules/orders/marking.ts: the
// 14-digit GTIN and the 7-character serial, 21 characters). The API decides what a valid code is; this only
// tidies what a keyboard-mode scanner types and never guesses.

/** Group Separator, which ends a variable-length GS1 field (the serial) in a DataMatrix. */
const GS = '\u001d';
/**
 * A GS1 DataMatrix read in full: `01` + GTIN, `21` + a 7-character serial, then a Group Separator (before the
 * crypto tail `91`/`92`/`93`…) or nothing. Without the separator the serial's end is unknown, so such a scan is
 * left as it is (and the API says it is not a code).
 */
const ELEMENT_STRING = new RegExp(`^01(\\d{14})21([^${GS}]{7})(?:${GS}.*)?$`, 's');

/** A scanned or typed code as it should be sent: spaces around it dropped, a full GS1 read cut to GTIN + serial. */
export function normaliseCode(raw: string): string {
  // A scanner may send its symbology identifier first (`]d2` is GS1 DataMatrix).
  const value = raw.trim().replace(/^\]d2/, '');
  const m = ELEMENT_STRING.exec(value);
  return m ? `${m[1]}${m[2]}` : value;
}

/** A paste of several codes (one per line, or separated by tabs) as a list; a single code gives one item. */
export function splitPasted(text: string): string[] {
  return text
    .split(/[\r\n\t]+/)
    .map(normaliseCode)
    .filter((s) => s !== '');
}
