import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { escapeLiteral } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client.ts';
import { csvField } from './cells.ts';
import { exportLanguage, headerText } from './headers.ts';
import { exportHeaders } from './index.ts';

export interface CopyColumn {
  /** The column's key in EXPORT_HEADERS (headers.ts); the file shows it in the member's language. */
  header: string;
  /** The cell, any type: it is cast to text and made formula-safe (bd_csv_safe) in the database. */
  value: SQL;
  /**
   * The query builds this cell from digits or fixed words (an id, a timestamp, a label), so it
   * cannot start a formula: the check is skipped, which counts at a million rows.
   */
  formulaFree?: boolean;
}

export interface CopyCsvSource {
  /** Without extension; the date is added. */
  fileName: string;
  columns: readonly CopyColumn[];
  /** What follows the SELECT list: `FROM … WHERE … ORDER BY …`. */
  from: SQL;
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
  const query = literalDialect.sqlToQuery(
    sql`SELECT ${cells} FROM (SELECT ${values} ${from} OFFSET 0) AS cells`.inlineParams(),
  );
  if (query.params.length > 0) throw new Error('A COPY statement cannot carry bind parameters');
  return `COPY (${query.sql}) TO STDOUT WITH (FORMAT csv)`;
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
 * Streams a query as CSV (UTF-8 with BOM, CR LF, formula-safe cells) straight from PostgreSQL's
 * COPY: no row objects in JavaScript, memory bounded by the stream buffers. XLSX stays on
 * sendExport. Fails before any byte is sent if the statement is refused.
 */
export async function sendCsvCopy(db: Db, reply: FastifyReply, source: CopyCsvSource): Promise<FastifyReply> {
  const statement = copyCsvStatement(source);
  const client = await db.$client.connect();
  const body = new CrlfRecords();
  const language = exportLanguage(reply.request);
  body.push(`\uFEFF${source.columns.map((c) => csvField(headerText(c.header, language))).join(',')}\r\n`);
  let copy: ReturnType<typeof copyTo>;
  try {
    await client.query(EXPORT_SESSION);
    copy = client.query(copyTo(statement));
    // Wait for the first data (or the end) so a refused statement becomes an ordinary error reply.
    await new Promise<void>((resolve, reject) => {
      copy.once('readable', resolve);
      copy.once('end', resolve);
      copy.once('error', reject);
    });
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  pipeline(copy, body)
    .then(() => client.query('COMMIT'))
    .then(
      () => client.release(),
      // A reader that went away (or a failed query) leaves the connection mid-COPY: discard it.
      (err: Error) => client.release(err),
    );
  exportHeaders(reply, 'csv', source.fileName);
  return reply.send(body);
}
