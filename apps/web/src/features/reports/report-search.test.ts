import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toCsv, toCsvZip, toXlsx } from './export-file.ts';
import { presetRange, reportQueryOf, todayIn, validateReportSearch } from './report-search.ts';

describe('report ranges', () => {
  it('resolves each preset to whole days ending today', () => {
    const today = '2026-05-14';
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('7d', today)).toEqual({ from: '2026-05-08', to: today });
    expect(presetRange('30d', today)).toEqual({ from: '2026-04-15', to: today });
    expect(presetRange('month', today)).toEqual({ from: '2026-05-01', to: today });
    expect(presetRange('last_month', today)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(presetRange('quarter', today)).toEqual({ from: '2026-04-01', to: today });
    expect(presetRange('year', today)).toEqual({ from: '2026-01-01', to: today });
    expect(presetRange('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it("takes today in the display zone, not the browser's", () => {
    const lateInUtc = new Date('2026-03-01T22:30:00Z');
    expect(todayIn('UTC', lateInUtc)).toBe('2026-03-01');
    expect(todayIn('Europe/Istanbul', lateInUtc)).toBe('2026-03-02');
  });

  it('keeps what the URL says for the server to judge, and only the filters the report has', () => {
    const search = validateReportSearch({
      preset: 'bogus',
      from: '2026-01-01',
      to: '2026-01-31',
      groupBy: 'fortnight',
      asset: 'BTC',
      channel: 'x',
    });
    expect(search.preset).toBeUndefined();
    const query = reportQueryOf({ ...search, tz: 'UTC' }, ['asset']);
    expect(query).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      tz: 'UTC',
      groupBy: 'fortnight',
      asset: 'BTC',
    });
  });
});

describe('report CSV', () => {
  it('keeps exact figures and defuses text a spreadsheet would run as a formula', () => {
    const csv = toCsv({
      title: 'By officer',
      columns: ['Officer', 'Amount'],
      rows: [['=cmd()', '-12.000000000000000001']],
      numeric: [false, true],
    });
    expect(csv).toBe("\uFEFFOfficer,Amount\r\n'=cmd(),-12.000000000000000001\r\n");
  });
});

describe('report CSV archive', () => {
  it('writes each table as its own CSV file, named after it', () => {
    const zip = toCsvZip(
      [
        {
          title: 'Periods',
          columns: ['Period', 'Deposits'],
          rows: [['Dec 1', '10']],
          numeric: [false, true],
        },
        { title: 'By asset', columns: ['Asset', 'Deposits'], rows: [['BTC', '2.5']], numeric: [false, true] },
      ],
      'transactions-report',
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual([
      'transactions-report-1-Periods.csv',
      'transactions-report-2-By-asset.csv',
    ]);
    // With its byte-order mark, so spreadsheet programs read Turkish letters as UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      files['transactions-report-2-By-asset.csv'],
    );
    expect(text).toBe('\uFEFFAsset,Deposits\r\nBTC,2.5\r\n');
  });
});

describe('report XLSX', () => {
  it('writes a period as a typed Excel date and keeps a figure a double would cut as text', () => {
    const book = unzipSync(
      toXlsx([
        {
          title: 'Periods',
          columns: ['Period', 'Deposits'],
          rows: [
            ['2026-12-01', '10.5'],
            ['Total', '976.31035414409332'],
          ],
          numeric: [false, true],
          days: [true, false],
        },
      ]),
    );
    const sheet = strFromU8(book['xl/worksheets/sheet1.xml']!);
    // 2026-12-01 is day 46357 of Excel's calendar, shown with the day style (2: yyyy-mm-dd).
    expect(sheet).toContain('<c r="A3" s="2"><v>46357</v></c>');
    expect(sheet).toContain('<c r="B3"><v>10.5</v></c>');
    expect(sheet).toMatch(/<c r="A4" t="inlineStr"><is><t xml:space="preserve">Total<\/t>/);
    expect(sheet).toMatch(/<c r="B4" t="inlineStr"><is><t xml:space="preserve">976.31035414409332<\/t>/);
    const styles = strFromU8(book['xl/styles.xml']!);
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>');
    expect(styles).toContain('<cellXfs count="3">');
  });
});
