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
