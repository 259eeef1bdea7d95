import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { customers } from '../../db/schema.ts';
import { safeCell } from './cells.ts';
import { CrlfRecords, sendCopyExport, sendCsvCopy } from './copy.ts';
import { sendExport, streamRows } from './index.ts';
import { exactNumber } from './xlsx-cells.ts';

/** What an exact id is as a cell: a number when a double holds it, else its text. */
const cellOf = (id: string) => (exactNumber(id) === null ? id : Number(id));

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
          { header: 'id', value: (r) => r.n },
          { header: 'value', value: (r) => r.a },
          { header: 'reason', value: (r) => r.b },
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
          { header: 'id', value: sql`n`, formulaFree: true },
          { header: 'value', value: sql`a` },
          { header: 'reason', value: sql`b` },
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

  it('writes XLSX from COPY exactly as from rows', async () => {
    // Every tricky text in each text column, and ids (a number column) up to 2^53 and beyond: one
    // past 15 digits, which a double would change, stays exact text.
    type Pair = { n: number; a: string | null; b: string | null };
    const texts = [...TRICKY, '_x0041_', ' lead', 'trail ', 'a\u0001b\u001fc', 'x\ufffey', '😀 İĞÜ', '\\N'];
    const pairs: Pair[] = texts.map((a, i) => ({ n: i + 1, a, b: texts[texts.length - 1 - i]! }));
    const ids = ['1', '42', '007', '-5', '9007199254740993', null];
    const values = sql.join(
      pairs.map((p, i) => sql`(${p.n}::int, ${ids[i % ids.length]}::text, ${p.a}::text, ${p.b}::text)`),
      sql`, `,
    );
    const from = sql`FROM (VALUES ${values}) AS v(n, id, a, b) ORDER BY n`;
    const app = Fastify();
    app.get('/js', (_req, reply) =>
      sendExport<Pair & { id: string | null }>(reply, {
        format: 'xlsx',
        fileName: 'x',
        columns: [
          { header: 'id', value: (r) => (r.id === null ? null : cellOf(r.id)) },
          { header: 'value', value: (r) => r.a },
          { header: 'reason', value: (r) => r.b },
        ],
        rows: (async function* () {
          for (const [i, p] of pairs.entries()) yield { ...p, id: ids[i % ids.length]! };
        })(),
      }),
    );
    app.get('/copy', (_req, reply) =>
      sendCopyExport(t.db, reply, {
        format: 'xlsx',
        fileName: 'x',
        columns: [
          { header: 'id', value: sql`id`, number: true },
          { header: 'value', value: sql`a` },
          { header: 'reason', value: sql`b` },
        ],
        from,
      }),
    );
    const [js, copy] = await Promise.all([app.inject({ url: '/js' }), app.inject({ url: '/copy' })]);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe(js.headers['content-type']);
    const sheet = (file: Buffer) => strFromU8(unzipSync(file)['xl/worksheets/sheet1.xml']!);
    expect(sheet(copy.rawPayload)).toBe(sheet(js.rawPayload));

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(copy.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Export')!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[1] ?? null)).toEqual(
      pairs.map((_, i) => {
        const id = ids[i % ids.length]!;
        return id === null ? null : cellOf(id);
      }),
    );
    // Text read back as stored, less what XML cannot carry; exceljs does not decode _xHHHH_ and
    // reads an empty text as an empty cell.
    const readable = (v: string | null) =>
      v === null || v === ''
        ? null
        : v
            // biome-ignore lint/suspicious/noControlCharactersInRegex: what XML cannot carry
            .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe]/g, '')
            .replace('_x0041_', '_x005F_x0041_');
    expect(rows.map((r) => (r[2] === undefined ? null : r[2]))).toEqual(pairs.map((p) => readable(p.a)));
    expect((await t.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });

  it.each(['csv', 'xlsx'] as const)(
    'gives its connection up when the %s reader goes away mid-file',
    async (format) => {
      const app = Fastify();
      app.get('/big', (_req, reply) =>
        sendCopyExport(t.db, reply, {
          format,
          fileName: 'x',
          columns: [
            { header: 'id', value: sql`g`, number: true },
            { header: 'value', value: sql`md5(g::text)` },
          ],
          from: sql`FROM generate_series(1, 2000000) AS g`,
        }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { port } = app.server.address() as AddressInfo;
        const idleBefore = t.pool.idleCount;
        await new Promise<void>((resolve, reject) => {
          http
            .get(`http://127.0.0.1:${port}/big`, (res) => {
              res.once('data', () => {
                res.destroy();
                resolve();
              });
            })
            .on('error', reject);
        });
        // The connection mid-COPY is discarded, not handed back: the pool stays usable.
        await expect.poll(() => t.pool.totalCount - t.pool.idleCount, { timeout: 10_000 }).toBe(0);
        expect(t.pool.idleCount).toBeLessThanOrEqual(idleBefore);
        expect((await t.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      } finally {
        await app.close();
      }
    },
  );

  it('refuses a failing query with an error reply, before any byte, whichever the writer', async () => {
    const app = Fastify();
    app.get('/xlsx', (_req, reply) =>
      sendCopyExport(t.db, reply, {
        format: 'xlsx',
        fileName: 'x',
        columns: [{ header: 'value', value: sql`nope` }],
        from: sql``,
      }),
    );
    app.get('/rows', (_req, reply) =>
      sendExport(reply, {
        format: 'xlsx',
        fileName: 'x',
        columns: [{ header: 'value', value: (r: { a: string }) => r.a }],
        rows: streamRows<{ a: string }>(t.db, { toSQL: () => ({ sql: 'SELECT nope', params: [] }) }),
      }),
    );
    for (const url of ['/xlsx', '/rows']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(500);
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
    expect((await t.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });

  it('refuses a failing statement with an error reply, before any byte', async () => {
    const app = Fastify();
    app.get('/bad', (_req, reply) =>
      sendCsvCopy(t.db, reply, {
        fileName: 'x',
        columns: [{ header: 'value', value: sql`nope` }],
        from: sql``,
      }),
    );
    const res = await app.inject({ url: '/bad' });
    expect(res.statusCode).toBe(500);
    expect((await t.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});
