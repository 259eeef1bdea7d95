import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { valueRows, xlsxWorkbook } from './xlsx.ts';
import { columnName, exactNumber, excelDate, xmlText } from './xlsx-cells.ts';

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* batchesOf<Row>(rows: Row[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

type Row = { id: number; text: string | null };
const COLUMNS = [{ value: (r: Row) => r.id }, { value: (r: Row) => r.text }];

async function workbook(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book;
}

describe('xmlText', () => {
  it('escapes markup and keeps what Excel would otherwise decode or XML would lose', () => {
    expect(xmlText('plain Şükrü')).toBe('plain Şükrü');
    expect(xmlText('a<b & c>d')).toBe('a&lt;b &amp; c&gt;d');
    expect(xmlText('cr\rlf\n')).toBe('cr&#13;lf\n');
    // Excel reads _xHHHH_ as an escaped character: the underscore itself is escaped.
    expect(xmlText('_x0041_ and _x12_')).toBe('_x005F_x0041_ and _x12_');
    // Characters XML 1.0 forbids are dropped; a surrogate pair (an emoji) is one allowed character.
    expect(xmlText('a\u0000b\u0007c\u000bd\u001fe\ufffef\uffffg\ttab')).toBe('abcdefg\ttab');
    expect(xmlText('ok 😀 lone \ud83d end \ude00')).toBe('ok 😀 lone  end ');
  });

  it('names columns as Excel does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('xlsxWorkbook', () => {
  it('writes a workbook a reader opens, with typed text and number cells', async () => {
    const rows: Row[] = [
      { id: 1, text: '+905320000000' },
      { id: 2, text: '=HYPERLINK("x")' },
      { id: 3, text: '  padded  ' },
      { id: 4, text: null },
      { id: 5, text: 'a<b & "c" \'d\' line\nbreak' },
      { id: 6, text: '-12.50' },
    ];
    const file = await collect(xlsxWorkbook(['ID', 'Text'], valueRows(COLUMNS), batchesOf(rows, 4)));
    const parts = unzipSync(file);
    expect(Object.keys(parts)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
    ]);
    // No shared-string table: every text is an inline string.
    expect(strFromU8(parts['xl/worksheets/sheet1.xml']!)).not.toContain('t="s"');

    const sheet = (await workbook(file)).getWorksheet('Export')!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Text']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    for (const [i, row] of rows.entries()) {
      const cells = sheet.getRow(i + 2);
      expect(cells.getCell(1).value).toBe(row.id);
      expect(cells.getCell(1).type).toBe(ExcelJS.ValueType.Number);
      if (row.text === null) expect(cells.getCell(2).type).toBe(ExcelJS.ValueType.Null);
      else {
        // Exactly as stored: no apostrophe, no formula, spaces kept.
        expect(cells.getCell(2).value).toBe(row.text);
        expect(cells.getCell(2).type).toBe(ExcelJS.ValueType.String);
      }
    }
  });

  it('goes on in a further sheet when one is full, and never adds an empty one', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, text: `r${i + 1}` }));
    for (const [count, sheets] of [
      [0, 1],
      [2, 1],
      [4, 2],
      [5, 3],
    ] as const) {
      // Three rows per sheet: the header and two rows.
      const file = await collect(
        xlsxWorkbook(['ID', 'Text'], valueRows(COLUMNS), batchesOf(rows(count), 3), 3),
      );
      const book = await workbook(file);
      expect(book.worksheets.map((s) => s.name)).toEqual(['Export', 'Export 2', 'Export 3'].slice(0, sheets));
      const ids = book.worksheets.flatMap((s) => {
        expect(s.getRow(1).values).toEqual([undefined, 'ID', 'Text']);
        return s
          .getSheetValues()
          .slice(2)
          .map((r) => (r as unknown[])[1]);
      });
      expect(ids).toEqual(rows(count).map((r) => r.id));
    }
  });
});

describe('typed cells', () => {
  type Money = { amount: string; at: string | null; day: string | null };
  const TYPED = [
    { value: (r: Money) => r.amount, type: 'decimal' as const },
    { value: (r: Money) => r.at, type: 'instant' as const },
    { value: (r: Money) => r.day, type: 'day' as const },
  ];

  it('writes an amount a double holds as a number and one it would cut as exact text', async () => {
    const rows: Money[] = [
      { amount: '300000.000000000000000000', at: null, day: null },
      { amount: '-12.50', at: null, day: null },
      { amount: '123456789012345', at: null, day: null },
      // 17 significant digits: a double would read 976.3103541440933.
      { amount: '976.31035414409332', at: null, day: null },
      { amount: '1234567890123456789.5', at: null, day: null },
    ];
    const file = await collect(xlsxWorkbook(['Amount', 'At', 'Day'], valueRows(TYPED), batchesOf(rows, 2)));
    const sheet = (await workbook(file)).getWorksheet('Export')!;
    const cell = (row: number) => sheet.getRow(row).getCell(1);
    expect([2, 3, 4].map((r) => cell(r).value)).toEqual([300000, -12.5, 123456789012345]);
    expect([2, 3, 4].map((r) => cell(r).type)).toEqual(Array(3).fill(ExcelJS.ValueType.Number));
    expect([5, 6].map((r) => cell(r).value)).toEqual(['976.31035414409332', '1234567890123456789.5']);
    expect([5, 6].map((r) => cell(r).type)).toEqual(Array(2).fill(ExcelJS.ValueType.String));
  });

  it('writes times and days as Excel dates with a date format, and what is no date as text', async () => {
    const rows: Money[] = [
      { amount: '1', at: '2026-12-02T18:24:25.123Z', day: '2027-01-31' },
      { amount: '1', at: '2026-01-01T00:00:00.532117Z', day: null },
      { amount: '1', at: 'soon', day: 'never' },
    ];
    const file = await collect(xlsxWorkbook(['Amount', 'At', 'Day'], valueRows(TYPED), batchesOf(rows, 2)));
    const sheet = (await workbook(file)).getWorksheet('Export')!;
    const at = sheet.getRow(2).getCell(2);
    expect(at.type).toBe(ExcelJS.ValueType.Date);
    expect((at.value as Date).toISOString()).toBe('2026-12-02T18:24:25.123Z');
    expect(at.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const day = sheet.getRow(2).getCell(3);
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect((day.value as Date).toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(day.numFmt).toBe('yyyy-mm-dd');
    expect((sheet.getRow(3).getCell(2).value as Date).toISOString()).toBe('2026-01-01T00:00:00.532Z');
    expect(sheet.getRow(4).getCell(2).value).toBe('soon');
    expect(sheet.getRow(4).getCell(3).value).toBe('never');
  });

  it("counts significant digits, not places, and knows Excel's day numbers", () => {
    expect(exactNumber('0.000000000000000001')).toBe('0.000000000000000001');
    expect(exactNumber('0001.2300')).toBe('1.23');
    expect(exactNumber('-0.000')).toBe('0');
    expect(exactNumber('1234567890123456')).toBeNull();
    expect(exactNumber('1e5')).toBeNull();
    expect(excelDate('1970-01-01')).toBe(25569);
    expect(excelDate('1900-03-01T12:00:00Z')).toBe(61.5);
  });
});

describe('a large workbook', () => {
  it('reads rows only as fast as the file is read, and gives them up when reading stops', async () => {
    let pulled = 0;
    let released = false;
    async function* rows() {
      try {
        for (let id = 1; id <= 1_000_000; id++) {
          pulled++;
          yield [{ id, text: `customer ${id}` }];
        }
      } finally {
        released = true;
      }
    }
    const file = xlsxWorkbook(['ID', 'Text'], valueRows(COLUMNS), rows());
    // Read until the sheet has begun, and a little further.
    while (pulled === 0) await file.next();
    for (let i = 0; i < 5; i++) await file.next();
    // While nobody reads, the buffers between the rows and the file fill (the deflater works on
    // its thread meanwhile), then everything waits: a few pieces of sheet XML in flight at most.
    let before = -1;
    while (before !== pulled) {
      before = pulled;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(pulled).toBeLessThan(50_000);
    await file.return(undefined);
    expect(released).toBe(true);
  });
});
