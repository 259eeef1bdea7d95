import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type CopyValue, copyLine } from './copy-text.ts';

/** COPY text for some consecutive rows. */
export interface EncodedChunk {
  bytes: Uint8Array;
  rows: number;
}

/** Rows are sent in chunks of about this size: few socket writes, yet memory stays flat. */
const CHUNK_BYTES = 512 * 1024;

/** Encodes rows lazily into chunks, straight into byte buffers to spare the collector big strings. */
export function* encodeChunks(rows: Iterable<readonly CopyValue[]>): Generator<EncodedChunk> {
  let chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  let used = 0;
  let count = 0;
  for (const row of rows) {
    const line = copyLine(row);
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    if (used + line.length * 3 > chunk.length && count > 0) {
      yield { bytes: chunk.subarray(0, used), rows: count };
      chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, line.length * 3));
      used = 0;
      count = 0;
    }
    used += chunk.write(line, used);
    count++;
  }
  if (count > 0) yield { bytes: chunk.subarray(0, used), rows: count };
}

/**
 * Streams chunks into `table` with COPY FROM STDIN. Chunks are pulled only as fast as PostgreSQL
 * takes them (pipeline backpressure), so a table of any size needs a few chunks of memory.
 * Table and column names come from this module's own constants, never from input.
 */
export async function copyInto(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  chunks: Iterable<EncodedChunk> | AsyncIterable<EncodedChunk>,
  onProgress?: (rows: number) => void,
): Promise<number> {
  let count = 0;
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      count += chunk.rows;
      yield chunk.bytes;
      onProgress?.(count);
    }
  }
  const sql = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
  await pipeline(Readable.from(bytes()), client.query(copyFrom(sql)));
  return count;
}
