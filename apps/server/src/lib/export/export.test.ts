import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { customers } from '../../db/schema.ts';
import { safeCell } from './cells.ts';
import { CrlfRecords, sendCsvCopy } from './copy.ts';
import { sendExport, streamRows } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Row = { id: string; user_name: string; mobile: string | null };

async function exportApp(format: 'csv' | 'xlsx') {
  const app = Fastify();
  app.get('/x', (_req, reply) =>
    sendExport<Row>(reply, {
      format,
      fileName: 'customers',
      columns: [
        { header: 'id', value: (r) => r.id },
        { header: 'user_name', value: (r) => r.user_name },
        { header: 'phone', value: (r) => r.mobile },
      ],
      rows: streamRows<Row>(
        t.db,
        t.db
          .select({ id: customers.id, userName: customers.userName, mobile: customers.mobile })
          .from(customers)
          .orderBy(asc(customers.id)),
        100,
      ),
    }),
  );
  return app;
}

describe('streamed exports', () => {
  it('writes every row as CSV with a BOM, formula-safe', async () => {
    await t.db.update(customers).set({ userName: '=cmd|calc' }).where(eq(customers.id, 1));
    await t.db.update(customers).set({ mobile: '+905320000000' }).where(eq(customers.id, 1));
    const res = await (await exportApp('csv')).inject({ url: '/x' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,User name,Phone');
    expect(lines).toHaveLength(1 + 1_000);
    // The formula guard: a CSV cell starting with = or + gets an apostrophe.
    expect(lines[1]).toBe("1,'=cmd|calc,'+905320000000");
  });

  it('writes the headers in the member’s language', async () => {
    const app = await exportApp('csv');
    const turkish = await app.inject({ url: '/x', headers: { cookie: 'i18n_redirected=tr' } });
    expect(turkish.body.split('\r\n')[0]).toBe('\uFEFFNo,Kullanıcı adı,Telefon');
    const byQuery = await app.inject({ url: '/x?lang=tr' });
    expect(byQuery.body.split('\r\n')[0]).toBe('\uFEFFNo,Kullanıcı adı,Telefon');
  });

  it('writes a real XLSX workbook', async () => {
    const res = await (await exportApp('xlsx')).inject({ url: '/x' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Export')!;
    expect(sheet.rowCount).toBe(1 + 1_000);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'User name', 'Phone']);
    // Typed text cells, no apostrophe and no formula: a phone and a would-be formula stay as stored.
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('=cmd|calc');
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(3).value).toBe('+905320000000');
    expect(first.getCell(3).type).toBe(ExcelJS.ValueType.String);
    const turkish = await (await exportApp('xlsx')).inject({ url: '/x?lang=tr' });
    const tr = new ExcelJS.Workbook();
    await tr.xlsx.load(turkish.rawPayload as unknown as ArrayBuffer);
    expect(tr.getWorksheet('Export')!.getRow(1).values).toEqual([
      undefined,
      'No',
      'Kullanıcı adı',
      'Telefon',
    ]);
  });
});

/** Cells a spreadsheet or a CSV reader could trip on. */
const TRICKY: (string | null)[] = [
  '=1+1',
  '=',
  '+90 532 000 00 00',
  '+5',
  '+',
  '-12.50',
  '-12',
  '-0',
  '-12.',
  '-.5',
  '-1e5',
  '--1',
  '-1.2.3',
  '-',
  '- 5',
  '-2+3',
  '@SUM(A1)',
  '@',
  '\tcmd',
  '\rcmd',
  '\r',
  ' =x',
  "'=x",
  '"=x"',
  '12',
  '12.5',
  '',
  'abc',
  'Şükrü, "Çelik"',
  'line\nbreak',
  'cr\rlf\r\n',
  'x\n=y',
  '-5\n',
  '-١٢',
  'İĞÜ',
  'C:\\path\\',
  "O'Brien",
  'a,b',
  null,
];

describe('CSV written by PostgreSQL (COPY)', () => {
  it('bd_csv_safe neutralises exactly the cells safeCell does', async () => {
    const result = await t.pool.query<{ cell: string | null; safe: string | null }>(
      'SELECT v AS cell, public.bd_csv_safe(v) AS safe FROM unnest($1::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n',
      [TRICKY],
    );
    expect(result.rows.map((r) => r.safe)).toEqual(TRICKY.map((v) => safeCell(v)));
  });

  it('sendCsvCopy writes byte for byte what sendExport writes', async () => {
    type Pair = { n: number; a: string | null; b: string | null };
    const pairs: Pair[] = TRICKY.map((a, i) => ({ n: i + 1, a, b: TRICKY[TRICKY.length - 1 - i]! }));
    const values = sql.join(
      pairs.map((p) => sql`(${p.n}::int, ${p.a}::text, ${p.b}::text)`),
      sql`, `,
    );
    const from = sql`FROM (VALUES ${values}) AS v(n, a, b) ORDER BY n`;
    const app = Fastify();
    app.get('/js', (_req, reply) =>
      sendExport<Pair>(reply, {
        format: 'csv',
        fileName: 'x',
        columns: [
          { header: 'N', value: (r) => r.n },
          { header: 'A, "quoted"', value: (r) => r.a },
          { header: 'B', value: (r) => r.b },
        ],
        rows: (async function* () {
          yield* pairs;
        })(),
      }),
    );
    app.get('/copy', (_req, reply) =>
      sendCsvCopy(t.db, reply, {
        fileName: 'x',
        columns: [
          { header: 'N', value: sql`n`, formulaFree: true },
          { header: 'A, "quoted"', value: sql`a` },
          { header: 'B', value: sql`b` },
        ],
        from,
      }),
    );
    const [js, copy] = await Promise.all([app.inject({ url: '/js' }), app.inject({ url: '/copy' })]);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(copy.headers['content-disposition']).toBe(js.headers['content-disposition']);
    expect(copy.body).toBe(js.body);
    // The connection went back to the pool in a usable state.
    expect((await t.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });

  it('ends records with CR LF but keeps line breaks inside quoted fields, across chunks', async () => {
    const input = 'a,"x\ny"\nb,"q""\n"\nc,d\n';
    for (let cut = 0; cut <= input.length; cut++) {
      const out: Buffer[] = [];
      const crlf = new CrlfRecords();
      crlf.on('data', (b: Buffer) => out.push(b));
      crlf.write(Buffer.from(input.slice(0, cut)));
      crlf.end(Buffer.from(input.slice(cut)));
      await new Promise((resolve) => crlf.on('end', resolve));
      expect(Buffer.concat(out).toString()).toBe('a,"x\ny"\r\nb,"q""\n"\r\nc,d\r\n');
    }
  });

  it('refuses a failing statement with an error reply, before any byte', async () => {
    const app = Fastify();
    app.get('/bad', (_req, reply) =>
      sendCsvCopy(t.db, reply, { fileName: 'x', columns: [{ header: 'a', value: sql`nope` }], from: sql`` }),
    );
    const res = await app.inject({ url: '/bad' });
    expect(res.statusCode).toBe(500);
    expect((await t.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});
