import { strToU8, zipSync } from 'fflate';

/**
 * The report's tables as files, built in the browser from exactly the figures on screen (the page
 * already holds them; a second server round trip could only drift from what is shown).
 * Cells starting with = + - @ or a control character are prefixed with ' so a spreadsheet never runs
 * them as formulas (decision 0004); figures stay exact decimal text.
 */
export interface ExportTable {
  title: string;
  columns: string[];
  rows: string[][];
  /** Columns holding exact decimals (written as numbers in XLSX when a double holds them exactly). */
  numeric: boolean[];
  /** Columns holding calendar days (YYYY-MM-DD): Excel dates in XLSX, the ISO day in CSV. */
  days?: boolean[];
}

const FORMULA = /^[=+\-@\t\r]/;
const guarded = (value: string, numeric: boolean) => (!numeric && FORMULA.test(value) ? `'${value}` : value);

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * One table as CSV: its header, then its rows, so a spreadsheet or a script reads it as one table
 * (the title names the file instead).
 */
export function toCsv(table: ExportTable): string {
  const lines = [table.columns.map((c) => csvCell(guarded(c, false))).join(',')];
  for (const row of table.rows)
    lines.push(row.map((cell, i) => csvCell(guarded(cell, table.numeric[i] === true))).join(','));
  // A byte-order mark so spreadsheet programs read Turkish letters as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Every table its own CSV file, named after it, in one ZIP: one table per file. */
export function toCsvZip(tables: ExportTable[], baseName: string): Uint8Array {
  const names = sheetNames(tables);
  const files: Record<string, Uint8Array> = {};
  tables.forEach((table, i) => {
    files[`${baseName}-${i + 1}-${names[i]!.replace(/\s+/g, '-')}.csv`] = strToU8(toCsv(table));
  });
  return zipSync(files, { level: 6 });
}

const xml = (text: string) =>
  text
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    // characters XML 1.0 cannot hold: control characters other than tab and line breaks
    .split('')
    .filter((ch) => ch >= ' ' || ch === '\t' || ch === '\n' || ch === '\r')
    .join('');
const columnName = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);
/** Up to 15 significant digits survive a spreadsheet's double; longer figures stay text, exact. */
const fitsDouble = (value: string) =>
  /^-?\d+(\.\d+)?$/.test(value) && value.replace(/[-.]/g, '').replace(/^0+/, '').length <= 15;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Style 2 of styles.xml: a calendar day. */
const DAY_STYLE = 2;
/** A calendar day as Excel's serial: days since 1899-12-30, so 1970-01-01 is 25569. */
const excelDay = (value: string) => {
  const [, y, m, d] = DAY.exec(value)!;
  return Date.UTC(Number(y), Number(m) - 1, Number(d)) / 86_400_000 + 25_569;
};

function cell(ref: string, value: string, numeric: boolean, style = 0, day = false): string {
  const s = style ? ` s="${style}"` : '';
  if (day && DAY.test(value)) return `<c r="${ref}" s="${DAY_STYLE}"><v>${excelDay(value)}</v></c>`;
  if (numeric && fitsDouble(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xml(guarded(value, numeric))}</t></is></c>`;
}

/** Column widths from the longest header or cell (capped), so wide tables keep readable headers. */
function columnWidths(table: ExportTable): string {
  const widths = table.columns.map((c, i) =>
    Math.min(60, Math.max(c.length, ...table.rows.map((r) => (r[i] ?? '').length)) + 2),
  );
  return `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`;
}

function sheet(table: ExportTable): string {
  const rows = [
    `<row r="1">${cell('A1', table.title, false, 1)}</row>`,
    `<row r="2">${table.columns.map((c, i) => cell(`${columnName(i)}2`, c, false, 1)).join('')}</row>`,
    ...table.rows.map(
      (row, r) =>
        `<row r="${r + 3}">${row.map((v, i) => cell(`${columnName(i)}${r + 3}`, v, table.numeric[i] === true, 0, table.days?.[i] === true)).join('')}</row>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${columnWidths(table)}<sheetData>${rows.join('')}</sheetData></worksheet>`;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], unique. */
function sheetNames(tables: ExportTable[]): string[] {
  const seen = new Set<string>();
  return tables.map((t, i) => {
    let name =
      t.title
        .replace(/[:\\/?*[\]]/g, ' ')
        .slice(0, 28)
        .trim() || `Sheet ${i + 1}`;
    while (seen.has(name)) name = `${name.slice(0, 26)} ${i + 1}`;
    seen.add(name);
    return name;
  });
}

export function toXlsx(tables: ExportTable[]): Uint8Array {
  const names = sheetNames(tables);
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${names.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names.map((n, i) => `<sheet name="${xml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${names.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`),
    'xl/styles.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`),
  };
  tables.forEach((table, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheet(table));
  });
  return zipSync(files, { level: 6 });
}

export function download(name: string, data: string | Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
