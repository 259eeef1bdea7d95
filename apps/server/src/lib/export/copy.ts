import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import type { ExportFormat } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { escapeLiteral, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client.ts';
import { countFrom, deferLargeExport, type ExportRun, exportRunOf } from './background.ts';
import { csvField } from './cells.ts';
import { type CopyBatch, copyBatches, copySheetRows } from './copy-rows.ts';
import { cellTypeOf, type ExportHeader, exportLanguage, headerText } from './headers.ts';
import { exportHeaders } from './index.ts';
import { xlsxWorkbook } from './xlsx.ts';

export interface CopyColumn {
  /** The column's key in EXPORT_HEADERS (headers.ts); the file shows it in the member's language. */
  header: ExportHeader;
  /** The cell, any type: it is cast to text and made formula-safe (bd_csv_safe) in the database. */
  value: SQL;
  /**
   * The query builds this cell from digits or fixed words (an id, a timestamp, a label), so it
   * cannot start a formula: the check is skipped, which counts at a million rows.
   */
  formulaFree?: boolean;
  /** Always a plain number (an id): a number cell in XLSX rather than text (other types: headers.ts). */
  number?: boolean;
}

export interface CopyCsvSource {
  /** Without extension; the date is added. */
  fileName: string;
  columns: readonly CopyColumn[];
  /** What follows the SELECT list: `FROM … WHERE … ORDER BY …`. */
  from: SQL;
}

export interface CopySource extends CopyCsvSource {
  format: ExportFormat;
}

/**
 * COPY takes no bind parameters, so values are written into the statement as literals. pg's
 * escapeLiteral quotes for any standard_conforming_strings (E'…' when a backslash occurs).
 */
class LiteralDialect extends PgDialect {
  override escapeString(text: string): string {
    return escapeLiteral(text);
  }
}
const literalDialect = new LiteralDialect();

/** COPY takes its statement as text: every value goes in as a literal. */
function inlined(query: SQL): string {
  const { sql: text, params } = literalDialect.sqlToQuery(query.inlineParams());
  if (params.length > 0) throw new Error('A COPY statement cannot carry bind parameters');
  return text;
}

/** The COPY statement of a CSV export: every cell that could start a formula made safe. */
export function copyCsvStatement({ columns, from }: Pick<CopyCsvSource, 'columns' | 'from'>): string {
  // The header line is written by csvField, not COPY's HEADER, so both writers share it byte for
  // byte. COPY quotes an empty text ("") to tell it from null, and so does csvField.
  // bd_csv_safe is inlined and names its argument more than once, so the values are computed in a
  // subquery that OFFSET 0 keeps apart (not flattened): each expression runs once per row. The
  // outer query only projects: the rows keep the subquery's order.
  const values = sql.join(
    columns.map((c, i) => sql`(${c.value})::text AS ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  const cells = sql.join(
    columns.map((c, i) =>
      c.formulaFree ? sql.identifier(`c${i}`) : sql`public.bd_csv_safe(${sql.identifier(`c${i}`)})`,
    ),
    sql`, `,
  );
  const query = inlined(sql`SELECT ${cells} FROM (SELECT ${values} ${from} OFFSET 0) AS cells`);
  return `COPY (${query}) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * The COPY statement of an XLSX export: the cells as stored, in COPY's text format (copy-rows.ts
 * reads it). No formula guard: XLSX cells are typed text (xlsx-cells.ts).
 */
export function copyTextStatement({ columns, from }: Pick<CopyCsvSource, 'columns' | 'from'>): string {
  const values = sql.join(
    columns.map((c) => sql`(${c.value})::text`),
    sql`, `,
  );
  return `COPY (${inlined(sql`SELECT ${values} ${from}`)}) TO STDOUT`;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

/**
 * COPY ends each record with LF; RFC 4180 (and sendExport's writer) with CR LF. Turns every record
 * end into CR LF and leaves line breaks inside quoted fields as they are. Quotes are ASCII, so a
 * multi-byte UTF-8 character split across chunks cannot be mistaken for one.
 */
export class CrlfRecords extends Transform {
  #quoted = false;

  /** `onRecords` hears how many records each chunk ended (a background export's progress). */
  constructor(private readonly onRecords?: (records: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const parts: Buffer[] = [];
    let start = 0;
    let i = 0;
    let quote = -2; // the next quote at or after i; -2: not looked for yet
    while (i < chunk.length) {
      if (this.#quoted) {
        const close = chunk.indexOf(QUOTE, i);
        if (close === -1) break;
        this.#quoted = false;
        i = close + 1;
        continue;
      }
      if (quote !== -1 && quote < i) quote = chunk.indexOf(QUOTE, i);
      const lf = chunk.indexOf(LF, i);
      if (lf !== -1 && (quote === -1 || lf < quote)) {
        parts.push(chunk.subarray(start, lf), CRLF);
        start = lf + 1;
        i = lf + 1;
      } else if (quote !== -1) {
        this.#quoted = true;
        i = quote + 1;
      } else break;
    }
    if (this.onRecords && parts.length > 0) this.onRecords(parts.length / 2);
    if (start === 0) {
      done(null, chunk);
      return;
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
    done(null, Buffer.concat(parts));
  }
}

/**
 * The export's one statement runs in a read-only transaction whose settings end with it. Parallel
 * workers would take the core that sends the file, and the leader merging their wide rows costs
 * more than they save; JIT compiles for longer than it saves on these expressions (both measured
 * with bench:customers on two cores).
 */
const EXPORT_SESSION = 'BEGIN READ ONLY; SET LOCAL max_parallel_workers_per_gather = 0; SET LOCAL jit = off';

/**
 * Starts the export's COPY in its read-only transaction on a connection of its own, and waits for
 * the first data (or the end) so a refused statement becomes an ordinary error reply, before any
 * byte is sent.
 */
async function startCopy(db: Db, statement: string) {
  const client = await db.$client.connect();
  try {
    await client.query(EXPORT_SESSION);
    const copy = client.query(copyTo(statement));
    await new Promise<void>((resolve, reject) => {
      copy.once('readable', resolve);
      copy.once('end', resolve);
      copy.once('error', reject);
    });
    return { client, copy };
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
}

/**
 * The export's body: its items, then COMMIT and the connection back to the pool. A reader that goes
 * away (or a failed query) leaves the connection mid-COPY: it is discarded instead, also when the
 * body stops before it began.
 */
function releasing(client: PoolClient, items: AsyncIterable<Uint8Array | string>): Readable {
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  const body = Readable.from(
    (async function* () {
      try {
        yield* items;
        await client.query('COMMIT');
        release();
      } catch (err) {
        release(err as Error);
        throw err;
      }
    })(),
    { objectMode: false },
  );
  body.once('close', () => release(new Error('The export stopped before its end')));
  return body;
}

/**
 * Streams a query as CSV (UTF-8 with BOM, CR LF, formula-safe cells) or XLSX straight from
 * PostgreSQL's COPY: no cursor round trips and no row messages to decode, memory bounded by the
 * stream buffers, and the query paused while the reader is behind. A CSV is COPY's own output; an
 * XLSX is built from COPY's text rows (xlsx.ts). Fails before any byte is sent if the statement is
 * refused. Over the threshold the export goes to the background instead (background.ts).
 */
export async function sendCopyExport(db: Db, reply: FastifyReply, source: CopySource): Promise<FastifyReply> {
  if (await deferLargeExport(reply, source, countFrom(db, source.from))) return reply;
  const run = exportRunOf(reply);
  let written = 0;
  const headers = source.columns.map((c) => headerText(c.header, exportLanguage(reply.request)));
  const csv = source.format === 'csv';
  const { client, copy } = await startCopy(db, csv ? copyCsvStatement(source) : copyTextStatement(source));
  let items: AsyncIterable<Uint8Array | string>;
  if (csv) {
    // pipeline hands an error of COPY on to the CR LF stream, so to `releasing`.
    const counter =
      run &&
      ((n: number) => {
        written += n;
        run.rowsWritten(written);
      });
    const records = pipeline(copy, new CrlfRecords(counter), () => {});
    items = (async function* () {
      yield `\uFEFF${headers.map(csvField).join(',')}\r\n`;
      yield* records;
    })();
  } else {
    const batches = copyBatches(copy);
    const counted = run ? countedBatches(run, batches) : batches;
    const types = source.columns.map((c) => ({
      type: c.number ? ('decimal' as const) : cellTypeOf(c.header),
    }));
    items = xlsxWorkbook(headers, copySheetRows(types), counted);
  }
  exportHeaders(reply, source.format, source.fileName);
  return reply.send(releasing(client, items));
}

/** COPY's batches, telling a background export how many rows went by. */
async function* countedBatches(run: ExportRun, batches: AsyncIterable<CopyBatch>): AsyncGenerator<CopyBatch> {
  let written = 0;
  for await (const batch of batches) {
    yield batch;
    written += batch.ends.length;
    run.rowsWritten(written);
  }
}

/** sendCopyExport of a CSV. */
export const sendCsvCopy = (db: Db, reply: FastifyReply, source: CopyCsvSource) =>
  sendCopyExport(db, reply, { ...source, format: 'csv' });
