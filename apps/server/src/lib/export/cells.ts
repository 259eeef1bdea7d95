export type CellValue = string | number | null | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet must not run: text starting with = + - @, tab or CR gets a leading
 * apostrophe (OWASP's CSV-injection advice). Plain numbers such as "-12.50" stay numbers.
 */
export function safeCell(value: CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A missing value is
 * nothing, an empty text is "" (as PostgreSQL's COPY writes them), so a reader can tell them apart.
 */
export function csvField(value: CellValue): string {
  const cell = safeCell(value);
  if (cell === null) return '';
  const text = String(cell);
  return text === '' || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
