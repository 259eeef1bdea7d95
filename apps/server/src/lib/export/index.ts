import { Readable } from 'node:stream';
import { type ExportFormat, FILE_TYPES } from '@backdesk/contract';
import type { FastifyReply } from 'fastify';
import QueryStream from 'pg-query-stream';
import type { Db } from '../../db/client.ts';
import { countStatement, deferLargeExport, type ExportCounter, exportRunOf, tallied } from './background.ts';
import { type CellValue, csvField } from './cells.ts';
import { cellTypeOf, type ExportHeader, exportLanguage, headerText } from './headers.ts';
import { valueRows, xlsxWorkbook } from './xlsx.ts';

export interface ExportColumn<Row> {
  /** The column's key in EXPORT_HEADERS (headers.ts); the file shows it in the member's language. */
  header: ExportHeader;
  value: (row: Row) => CellValue;
}

export interface ExportSource<Row> {
  format: ExportFormat;
  /** Without extension; the date is added. */
  fileName: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row> & { count?: ExportCounter };
}

/** The file types the export descriptors declare (`file` in the contract), as sent. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: `${FILE_TYPES.csv}; charset=utf-8`,
  xlsx: FILE_TYPES.xlsx,
};

/** The file's headers: type, a dated attachment name, never cached. */
export function exportHeaders(reply: FastifyReply, format: ExportFormat, fileName: string): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('Content-Type', EXPORT_CONTENT_TYPES[format])
    .header('Content-Disposition', `attachment; filename="${fileName}-${stamp}.${format}"`)
    .header('Cache-Control', 'no-store');
}

/**
 * Streams rows as CSV or XLSX in constant memory, whatever the number of rows, at the pace the
 * reader takes them (the query's cursor waits meanwhile). The first row is read before the reply
 * starts, so a failing query is an ordinary error reply. A plain query exports several times
 * quicker through sendCopyExport (copy.ts), which reads PostgreSQL's COPY, CSV or XLSX alike.
 * Over the threshold the export goes to the background instead (background.ts).
 */
export async function sendExport<Row>(reply: FastifyReply, source: ExportSource<Row>): Promise<FastifyReply> {
  if (await deferLargeExport(reply, source, source.rows.count)) return reply;
  const rows = (exportRunOf(reply) ? tallied(reply, source.rows) : source.rows)[Symbol.asyncIterator]();
  const first = await rows.next();
  exportHeaders(reply, source.format, source.fileName);
  const language = exportLanguage(reply.request);
  const headers = source.columns.map((c) => headerText(c.header, language));
  const all = resumed(first, rows);
  const body =
    source.format === 'csv'
      ? csvLines(source.columns, headers, all)
      : xlsxWorkbook(headers, valueRows(typedColumns(source.columns)), singles(all));
  const stream = Readable.from(body, { objectMode: false });
  // The rows are given up (their query ends) however the file stops, even before it began.
  stream.once('close', () => void rows.return?.());
  return reply.send(stream);
}

/** The columns with the cell type their key has in XLSX (headers.ts). */
const typedColumns = <Row>(columns: readonly ExportColumn<Row>[]) =>
  columns.map((c) => ({ value: c.value, type: cellTypeOf(c.header) }));

/** The rows of an iterator whose first row was read already. */
async function* resumed<Row>(first: IteratorResult<Row>, rest: AsyncIterator<Row>): AsyncGenerator<Row> {
  for (let next = first; !next.done; next = await rest.next()) yield next.value;
}

async function* singles<Row>(rows: AsyncIterable<Row>): AsyncGenerator<Row[]> {
  for await (const row of rows) yield [row];
}

async function* csvLines<Row>(
  columns: readonly ExportColumn<Row>[],
  headers: string[],
  rows: AsyncIterable<Row>,
): AsyncGenerator<string> {
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

/**
 * The rows of a query, streamed from a server-side cursor in batches. Rows carry the SQL column
 * names and raw types (numeric stays a string). Nothing runs until they are read; they can also be
 * counted, for the background-export threshold.
 */
export function streamRows<Row>(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
  batchSize = 2_000,
): AsyncIterable<Row> & { count: ExportCounter } {
  return Object.assign(cursorRows<Row>(db, query, batchSize), { count: countStatement(db, query.toSQL()) });
}

async function* cursorRows<Row>(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
  batchSize: number,
): AsyncGenerator<Row> {
  const { sql, params } = query.toSQL();
  const client = await db.$client.connect();
  try {
    const stream = client.query(new QueryStream(sql, params, { batchSize, highWaterMark: batchSize }));
    for await (const row of stream) yield row as Row;
  } finally {
    client.release();
  }
}
