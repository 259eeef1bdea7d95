import { describe, expect, it } from 'vitest';
import { readImportFile } from './vasp-import-file.ts';

const HEADER = 'name,lei,jurisdiction,country,licence,protocol,due_diligence,review_date';

describe('readImportFile', () => {
  it('reads a CSV with quoted fields, empty cells as null, lines counted from the header', () => {
    const file = readImportFile(
      'vasps.csv',
      `${HEADER}\r\n"Anadolu Kripto, A.Ş.",5493001KJTIIGC8Y1R12,TR,TR,,trp,approved,2027-01-15\r\n`,
    );
    expect(file).toMatchObject({
      ok: true,
      rows: [
        {
          name: 'Anadolu Kripto, A.Ş.',
          lei: '5493001KJTIIGC8Y1R12',
          licence: null,
          review_date: '2027-01-15',
        },
      ],
    });
    expect(file.ok && file.lineOf(0)).toBe(2);
  });

  it('reads semicolons and doubled quotes', () => {
    const file = readImportFile('v.csv', `${HEADER.replaceAll(',', ';')}\n"Say ""Hi""";;;;;trp;pending;`);
    expect(file.ok && file.rows[0]).toMatchObject({ name: 'Say "Hi"', lei: null, protocol: 'trp' });
  });

  it('refuses unknown or missing columns, broken JSON and empty files by name', () => {
    expect(readImportFile('v.csv', 'name,colour\nx,y')).toMatchObject({ ok: false, problem: 'columns' });
    expect(readImportFile('v.json', '[{"name": ')).toMatchObject({ ok: false, problem: 'json' });
    expect(readImportFile('v.json', '{}')).toMatchObject({ ok: false, problem: 'json' });
    expect(readImportFile('v.csv', `${HEADER}\n`)).toMatchObject({ ok: false, problem: 'empty' });
  });

  it('passes JSON rows through untouched, numbered from 1', () => {
    const file = readImportFile('v.json', '[{"name":"A","lei":null}]');
    expect(file.ok && file.rows).toEqual([{ name: 'A', lei: null }]);
    expect(file.ok && file.lineOf(0)).toBe(1);
  });
});
