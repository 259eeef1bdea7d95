import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { customers } from '../../db/schema.ts';
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
        { header: 'ID', value: (r) => r.id },
        { header: 'User name', value: (r) => r.user_name },
        { header: 'Phone', value: (r) => r.mobile },
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
    const res = await (await exportApp('csv')).inject({ url: '/x' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,User name,Phone');
    expect(lines).toHaveLength(1 + 1_000);
    expect(lines[1]).toMatch(/^1,'=cmd\|calc,/);
  });

  it('writes a real XLSX workbook', async () => {
    const res = await (await exportApp('xlsx')).inject({ url: '/x' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Export')!;
    expect(sheet.rowCount).toBe(1 + 1_000);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'User name', 'Phone']);
  });
});
