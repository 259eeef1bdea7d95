import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../lib/app-error.ts';
import { CsvReader, parseList } from './parse.ts';

const DATA = path.join(import.meta.dirname, '../../../../../data/screening');
const shipped = (file: string) => readFile(path.join(DATA, file));

/** The bytes in chunks of `size`, so a split inside a character or a quoted field is exercised. */
async function* chunked(bytes: Uint8Array, size = 7) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const parse = (format: 'ofac_sdn' | 'un_xml' | 'opensanctions', text: string | Uint8Array, max = 1_000_000) =>
  parseList(format, chunked(typeof text === 'string' ? Buffer.from(text) : text), max);
const refusal = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  return error && { code: error.code, params: error.params };
};

describe('CSV reading', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and names each record’s first line', () => {
    const reader = new CsvReader();
    const records = [...reader.push('a,"b, c","say ""hi"""\r\n1,"two\nlines",3\n'), ...reader.end()];
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"'] },
      { line: 2, fields: ['1', 'two\nlines', '3'] },
    ]);
  });
});

describe('the shipped lists', () => {
  it('reads OFAC SDN: names turned to given-name order, aliases, dates and nationality from remarks; vessels left out', async () => {
    const list = await parse('ofac_sdn', await shipped('ofac-sdn-sample.csv'));
    expect(list.entries).toHaveLength(7);
    expect(list.entries[0]).toEqual({
      ref: '90001',
      kind: 'person',
      name: 'Isil SAHIN',
      aliases: ['Isilay SAHIN'],
      birthDates: ['1981-03-14'],
      nationalities: ['TR'],
      programme: 'SDGT',
    });
    expect(list.entries.find((e) => e.ref === '90006')!.birthDates).toEqual(['1985-08']);
    expect(list.entries.find((e) => e.ref === '90004')!.kind).toBe('entity');
    expect(list.entries.some((e) => e.ref === '90005')).toBe(false);
  });

  it('reads the UN consolidated XML: name parts joined, aliases, exact and year-only dates, Türkiye as TR', async () => {
    const list = await parse('un_xml', await shipped('un-consolidated-sample.xml'));
    expect(list.entries.map((e) => e.ref)).toEqual(['7700001', '7700002', '7700003', '7710001']);
    expect(list.entries[0]).toMatchObject({
      name: 'GÖKHAN ÇELİKKAYA',
      aliases: ['Gokhan Celikaya', 'Abu Kaya'],
      birthDates: ['1979-07-21'],
      nationalities: ['TR'],
      programme: 'Al-Qaida',
    });
    expect(list.entries[1]).toMatchObject({ birthDates: ['1988'], nationalities: ['TR', 'DE'] });
    expect(list.entries[3]).toMatchObject({ kind: 'entity', aliases: ['Dogu Kapisi Ticaret'] });
  });

  it('reads OpenSanctions simplified CSV by its header, aliases split on ";"', async () => {
    const list = await parse('opensanctions', await shipped('opensanctions-sample.csv'));
    expect(list.entries).toHaveLength(5);
    expect(list.entries[2]).toMatchObject({
      name: 'İbrahim Halil Doğrusöz',
      aliases: ['Ibrahim Dogrusoz', 'Halil Dogrusoz'],
      nationalities: ['TR', 'AZ'],
      birthDates: ['1958-12-01'],
    });
  });

  it('keeps only birth dates on the calendar: a year, a month or a day from 1800 to 2200', async () => {
    const dates = '1970;1970-02;1972-02-29;2026-02-30;1971-02-29;0000-01-01;275760-09-13;1970-13;x';
    const list = await parse('opensanctions', `${OS_HEADER}\nx1,Person,Zyxwv Qortan,,${dates},tr\n`);
    expect(list.entries[0]!.birthDates).toEqual(['1970', '1970-02', '1972-02-29']);
  });
});

const OFAC_ROW = '1,"DOE, Jan","individual","[X]","-0-","-0-","-0-","-0-","-0-","-0-","-0-","-0-"';
const OS_HEADER = 'id,schema,name,aliases,birth_date,countries';

describe('malformed files are refused, naming where', () => {
  it('OFAC: a row with the wrong number of columns, an empty name, a quote never closed', async () => {
    expect(await refusal(parse('ofac_sdn', `${OFAC_ROW}\n2,"ROE, Max","individual"\n`))).toEqual({
      code: 'SCREENING_FILE_CSV_COLUMNS',
      params: { line: 2, expected: 12, found: 3 },
    });
    expect(await refusal(parse('ofac_sdn', OFAC_ROW.replace('"DOE, Jan"', '""')))).toEqual({
      code: 'SCREENING_FILE_FIELD',
      params: { line: 1, column: 'SDN_Name' },
    });
    expect(await refusal(parse('ofac_sdn', `${OFAC_ROW}\n3,"ROE, Max`))).toMatchObject({
      code: 'SCREENING_FILE_CSV_QUOTE',
      params: { line: 2 },
    });
    // An OpenSanctions file given as OFAC: its header row has 15 columns.
    expect(await refusal(parse('ofac_sdn', await shipped('opensanctions-sample.csv')))).toMatchObject({
      code: 'SCREENING_FILE_CSV_COLUMNS',
      params: { line: 1, found: 15 },
    });
  });

  it('UN XML: broken XML, another document, an entry without a name', async () => {
    const xml = (await shipped('un-consolidated-sample.xml')).toString();
    expect(await refusal(parse('un_xml', xml.replace('</FIRST_NAME>', '</FIRST>')))).toMatchObject({
      code: 'SCREENING_FILE_XML',
    });
    expect(await refusal(parse('un_xml', xml.slice(0, xml.length / 2)))).toMatchObject({
      code: 'SCREENING_FILE_XML',
    });
    expect(await refusal(parse('un_xml', '<?xml version="1.0"?><sdnList><sdnEntry/></sdnList>'))).toEqual({
      code: 'SCREENING_FILE_XML_LAYOUT',
      params: { element: 'sdnList' },
    });
    expect(
      await refusal(
        parse(
          'un_xml',
          '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>',
        ),
      ),
    ).toEqual({ code: 'SCREENING_FILE_FIELD', params: { line: 1, column: 'FIRST_NAME' } });
    expect(await refusal(parse('un_xml', 'id,name\n1,x'))).toMatchObject({ code: 'SCREENING_FILE_XML' });
  });

  it('OpenSanctions: a missing column, a short row', async () => {
    expect(await refusal(parse('opensanctions', 'id,schema,name,birth_date,countries\n'))).toEqual({
      code: 'SCREENING_FILE_CSV_HEADER',
      params: { column: 'aliases' },
    });
    expect(await refusal(parse('opensanctions', `${OS_HEADER}\nx1,Person,Ann Lee,,,\nx2,Person\n`))).toEqual({
      code: 'SCREENING_FILE_CSV_COLUMNS',
      params: { line: 3, expected: 6, found: 2 },
    });
  });

  it('any format: empty, not UTF-8, binary, over the size limit (at the limit passes)', async () => {
    expect(await refusal(parse('opensanctions', `${OS_HEADER}\n`))).toMatchObject({
      code: 'SCREENING_FILE_EMPTY',
    });
    expect(await refusal(parse('ofac_sdn', Buffer.from([0x31, 0x2c, 0xff, 0xfe, 0x0a])))).toMatchObject({
      code: 'SCREENING_FILE_NOT_TEXT',
    });
    expect(await refusal(parse('un_xml', Buffer.from([0x3c, 0x00, 0x41])))).toMatchObject({
      code: 'SCREENING_FILE_NOT_TEXT',
    });
    const file = Buffer.from(`${OS_HEADER}\nx1,Person,Ann Lee,,,\n`);
    expect((await parse('opensanctions', file, file.length)).entries).toHaveLength(1);
    expect(await refusal(parse('opensanctions', file, file.length - 1))).toMatchObject({
      code: 'SCREENING_FILE_TOO_LARGE',
    });
  });
});
