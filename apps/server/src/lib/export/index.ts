import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat } from '@backdesk/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import QueryStream from 'pg-query-stream';
import type { Db } from '../../db/client.ts';
import { type CellValue, csvField } from './cells.ts';
import { exportLanguage, headerText } from './headers.ts';

export interface ExportColumn<Row> {
  /** The column's key in EXPORT_HEADERS (headers.ts); the file shows it in the member's language. */
  header: string;
  value: (row: Row) => CellValue;
}

export interface ExportSource<Row> {
  format: ExportFormat;
  /** Without extension; the date is added. */
  fileName: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file's headers: type, a dated attachment name, never cached. */
export function exportHeaders(reply: FastifyReply, format: ExportFormat, fileName: string): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('Content-Type', CONTENT_TYPES[format])
    .header('Content-Disposition', `attachment; filename="${fileName}-${stamp}.${format}"`)
    .header('Cache-Control', 'no-store');
}

/**
 * Streams rows as CSV or XLSX with constant memory, whatever the number of rows. A CSV of a plain
 * query is quicker through sendCsvCopy (copy.ts), which lets PostgreSQL write it.
 */
export function sendExport<Row>(reply: FastifyReply, source: ExportSource<Row>): FastifyReply {
  exportHeaders(reply, source.format, source.fileName);
  const language = exportLanguage(reply.request);
  const headers = source.columns.map((c) => headerText(c.header, language));
  return reply.send(source.format === 'csv' ? csvStream(source, headers) : xlsxStream(source, headers));
}

function csvStream<Row>({ columns, rows }: ExportSource<Row>, headers: string[]): Readable {
  async function* lines() {
    // The byte-order mark makes Excel read the file as UTF-8 (Turkish letters intact).
    yield `\uFEFF${headers.map(csvField).join(',')}\r\n`;
    let batch = '';
    for await (const row of rows) {
      batch += `${columns.map((c) => csvField(c.value(row))).join(',')}\r\n`;
      if (batch.length > 64 * 1024) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  return Readable.from(lines());
}

function xlsxStream<Row>({ columns, rows }: ExportSource<Row>, headers: string[]): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Export');
  void (async () => {
    sheet.addRow(headers).commit();
    for await (const row of rows) {
      // A text is a typed string cell, which a spreadsheet shows and never runs: unlike CSV it needs
      // no formula guard, so a phone "+90 532…" or an id "-0042" stays exactly as stored.
      sheet.addRow(columns.map((c) => c.value(row) ?? null)).commit();
      // exceljs does not wait for a slow reader; waiting here keeps memory flat.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/**
 * The rows of a query, streamed from a server-side cursor in batches. Rows carry the SQL column
 * names and raw types (numeric stays a string).
 */
export async function* streamRows<Row>(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
  batchSize = 2_000,
): AsyncIterable<Row> {
  const { sql, params } = query.toSQL();
  const client = await db.$client.connect();
  try {
    const stream = client.query(new QueryStream(sql, params, { batchSize, highWaterMark: batchSize }));
    for await (const row of stream) yield row as Row;
  } finally {
    client.release();
  }
}
