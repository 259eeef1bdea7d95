import type { CellValue } from './cells.ts';

/**
 * Anything in a text that cannot go into sheet XML as it is: markup (& < >), a CR (an XML reader
 * turns it into LF), characters XML 1.0 forbids (C0 controls but tab and LF, U+FFFE, U+FFFF, a
 * surrogate: kept only as a pair), and Excel's own escape `_xHHHH_`, which Excel would decode.
 * Most cells hold none: one test decides, and only those that do are rewritten.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids are what it finds
const NEEDS_WORK = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_x[0-9a-f]{4}_/i;
const REWRITE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as NEEDS_WORK
  /[\ud800-\udbff][\udc00-\udfff]|[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_(?=x[0-9a-f]{4}_)/gi;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
  _: '_x005F_',
};

function rewrite(match: string): string {
  // A surrogate pair is one character outside the BMP, allowed; anything else unlisted is removed.
  return match.length === 2 ? match : (ENTITIES[match] ?? '');
}

/** A text as the content of an XML element that Excel shows exactly as given. */
export function xmlText(text: string): string {
  return NEEDS_WORK.test(text) ? text.replace(REWRITE, rewrite) : text;
}

/** Excel's column name of a 0-based index: A … Z, AA … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** The style of the header cells in styles.xml (xlsx.ts): bold. */
export const HEADER_STYLE = 1;
/** The styles of date cells in styles.xml (xlsx.ts): an instant with its time, a calendar day. */
export const INSTANT_STYLE = 2;
export const DAY_STYLE = 3;

/**
 * How a column's cells are typed in XLSX (CSV writes every value as it is): `decimal` an exact
 * decimal, a number cell when a double holds it exactly, else text; `instant` an ISO time in UTC and
 * `day` a calendar day, as Excel dates with a date format. Untyped cells are text.
 */
export type CellType = 'decimal' | 'instant' | 'day';

/** A spreadsheet's double keeps 15 significant digits; a decimal with more is written as text. */
const SIGNIFICANT_DIGITS = 15;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal text as the number a double holds exactly ("300000.000000" → "300000"), or null. */
export function exactNumber(text: string): string | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const places = fraction.replace(/0+$/, '');
  const digits = `${whole}${places}`.replace(/^0+/, '');
  if (digits.length > SIGNIFICANT_DIGITS) return null;
  const integer = whole.replace(/^0+(?=\d)/, '');
  const number = places ? `${integer}.${places}` : integer;
  return sign && /[1-9]/.test(number) ? `-${number}` : number;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]00(?::?00)?)?)?$/;
const MS_PER_DAY = 86_400_000;
/** Excel's day 0 is 1899-12-30 (its 1900 leap-year quirk included): 1970-01-01 is day 25569. */
const UNIX_EPOCH_DAY = 25_569;

/** An ISO time in UTC or a calendar day as an Excel date serial (days and their fraction), or null. */
export function excelDate(text: string): number | null {
  const match = INSTANT.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = ''] = match;
  // Milliseconds are what a date cell shows at most; further digits are cut.
  const ms = fraction ? Number(fraction.slice(1, 4).padEnd(3, '0')) : 0;
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  return Number.isNaN(at) ? null : at / MS_PER_DAY + UNIX_EPOCH_DAY;
}

/** A cell of a typed column: a number or date cell when the value is one, text otherwise. */
export function typedCellXml(ref: string, value: CellValue, type: CellType | undefined): string {
  if (type === undefined || typeof value !== 'string') return cellXml(ref, value);
  if (type === 'decimal') {
    const number = exactNumber(value);
    return number === null ? cellXml(ref, value) : `<c r="${ref}"><v>${number}</v></c>`;
  }
  const serial = excelDate(value);
  if (serial === null) return cellXml(ref, value);
  return `<c r="${ref}" s="${type === 'day' ? DAY_STYLE : INSTANT_STYLE}"><v>${serial}</v></c>`;
}

/**
 * One cell of sheet XML, `ref` its address ("B7"). A number is a number cell; a text is an inline
 * string (no shared-string table to hold in memory), typed text, which a spreadsheet shows and never
 * evaluates, so unlike CSV it needs no formula guard: "+90 532…" or "=x" stay exactly as stored. A
 * missing value is no cell at all.
 */
export function cellXml(ref: string, value: CellValue, style?: number): string {
  if (value === null || value === undefined) return '';
  const s = style === undefined ? '' : ` s="${style}"`;
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
  const text = String(value);
  // Leading or trailing white space is kept only when the element says so.
  const preserve = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
  return `<c r="${ref}"${s} t="inlineStr"><is><t${preserve ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></is></c>`;
}
