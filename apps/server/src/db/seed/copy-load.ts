import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type CopyValue, copyLine } from './copy-text.ts';

/** Rows are sent in chunks of this many characters: few writes, yet memory stays flat. */
const CHUNK_CHARS = 256 * 1024;

/**
 * Streams rows into `table` with COPY FROM STDIN. Rows are generated only as fast as PostgreSQL
 * takes them (pipeline backpressure), so a table of any size needs one chunk of memory.
 * Table and column names come from this module's own constants, never from input.
 */
export async function copyInto(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
  onProgress?: (rows: number) => void,
): Promise<number> {
  let count = 0;
  function* chunks(): Generator<string> {
    let chunk = '';
    for (const row of rows) {
      chunk += copyLine(row);
      count++;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
        onProgress?.(count);
      }
    }
    if (chunk) yield chunk;
    onProgress?.(count);
  }
  const sql = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
  await pipeline(Readable.from(chunks()), client.query(copyFrom(sql)));
  return count;
}
