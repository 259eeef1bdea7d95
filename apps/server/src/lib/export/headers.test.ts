import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contractEndpoints, schemaKeys } from '../../../test/contract-endpoints.ts';
import { useTestApp } from '../../../test/harness.ts';
import { EXPORT_HEADERS, type ExportHeader, exportLanguage, headerText } from './headers.ts';

const t = useTestApp();
const headers = t.session('admin');

/** Every export of the contract: a GET whose query has a format. */
const EXPORTS = contractEndpoints()
  .filter((e) => e.method === 'GET' && e.query && schemaKeys(e.query).includes('format'))
  .map((e) => e.path);
const EXPORT_KEYS = Object.keys(EXPORT_HEADERS) as ExportHeader[];

async function headerRow(path: string, format: 'csv' | 'xlsx', extra: { lang?: string; cookie?: string }) {
  const query = new URLSearchParams({ format, ...(extra.lang ? { lang: extra.lang } : {}) });
  const res = await t.app.inject({
    url: `${path}?${query}`,
    headers: { ...headers, ...(extra.cookie ? { cookie: `${headers.cookie ?? ''}; ${extra.cookie}` } : {}) },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  if (format === 'csv')
    return res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (workbook.getWorksheet('Export')!.getRow(1).values as unknown[]).slice(1).map(String);
}

describe('export headers', () => {
  it('finds every export of the contract', () => {
    expect(EXPORTS.length).toBeGreaterThanOrEqual(8);
  });

  it('has an English and a Turkish text for every header, distinct where the words differ', () => {
    for (const [key, texts] of Object.entries(EXPORT_HEADERS)) {
      expect(texts.en.trim(), key).not.toBe('');
      expect(texts.tr.trim(), key).not.toBe('');
      expect(texts.tr, key).not.toBe(key);
    }
  });

  it.each(EXPORTS)('%s writes every header in the member’s language, CSV and XLSX', async (path) => {
    for (const format of ['csv', 'xlsx'] as const) {
      const english = await headerRow(path, format, {});
      const turkishByCookie = await headerRow(path, format, { cookie: 'i18n_redirected=tr' });
      const turkishByQuery = await headerRow(path, format, { lang: 'tr', cookie: 'i18n_redirected=en' });
      const keys = english.map((text) => EXPORT_KEYS.find((k) => EXPORT_HEADERS[k].en === text));
      // No header falls back to its key: each one has texts.
      expect(keys.every(Boolean), `${path} ${format}: ${english.join(',')}`).toBe(true);
      expect(turkishByCookie).toEqual(keys.map((key) => headerText(key!, 'tr')));
      expect(turkishByQuery).toEqual(turkishByCookie);
    }
  });

  it('reads the language from lang, then the i18n cookie, else English', () => {
    const req = (url: string, cookie?: string) => ({ url, headers: cookie ? { cookie } : {} });
    expect(exportLanguage(req('/x?lang=tr'))).toBe('tr');
    expect(exportLanguage(req('/x?lang=tr', 'i18n_redirected=en'))).toBe('tr');
    expect(exportLanguage(req('/x', 'a=b; i18n_redirected=tr'))).toBe('tr');
    expect(exportLanguage(req('/x?lang=de', 'i18n_redirected=xx'))).toBe('en');
    expect(exportLanguage(req('/x'))).toBe('en');
  });
});
