import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';

/** One public API request as the call log keeps it (a batch is one request). */
export interface CallRecord {
  at: Date;
  integrationId: number | null;
  keyId: number | null;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  received: number | null;
  applied: number | null;
  refused: number | null;
  errorCode: string | null;
  address: string | null;
  requestId: string;
}

/** Rows written per statement, and how long a row waits for company at most. */
const BATCH = 1000;
const WAIT_MS = 200;
/** Rows kept through a database outage before the oldest are given up (and the loss is logged). */
const MAX_PENDING = 100_000;

const INSERT = `INSERT INTO integration_calls
  (at, integration_id, key_id, method, route, status, duration_ms, received, applied, refused, error_code, address, request_id)
  SELECT * FROM unnest($1::timestamptz[], $2::int[], $3::int[], $4::text[], $5::text[], $6::smallint[],
    $7::real[], $8::int[], $9::int[], $10::int[], $11::text[], $12::inet[], $13::text[])`;

/**
 * The call log's writer: a row per request, written after the answer has gone, many rows a statement
 * (checks at 200/s would otherwise cost each answer an insert). Rows wait in memory for at most
 * WAIT_MS; a failed write keeps them for the next try, the app's close writes what is left, and
 * only past MAX_PENDING (a long outage) are rows given up, with an error saying how many. What is
 * in memory here is this node's own pending rows, nothing any other node needs to agree with.
 */
export function createCallLog(deps: { db: Db; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  let pending: CallRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: CallRecord[]): Promise<void> {
    const column = <K extends keyof CallRecord>(key: K) => rows.map((row) => row[key]);
    await db.$client.query({
      name: 'integration-calls-insert',
      text: INSERT,
      values: [
        column('at'),
        column('integrationId'),
        column('keyId'),
        column('method'),
        column('route'),
        column('status'),
        column('durationMs'),
        column('received'),
        column('applied'),
        column('refused'),
        column('errorCode'),
        column('address'),
        column('requestId'),
      ],
    });
  }

  async function writePending(): Promise<void> {
    while (pending.length) {
      const rows = pending.slice(0, BATCH);
      try {
        await write(rows);
        pending = pending.slice(rows.length);
      } catch (error) {
        log.error(
          { err: error, rows: pending.length },
          'integration call log: write failed; kept for the next try',
        );
        if (pending.length > MAX_PENDING) {
          const dropped = pending.length - MAX_PENDING;
          pending = pending.slice(dropped);
          log.error({ dropped }, 'integration call log: rows given up after a long write failure');
        }
        schedule();
        return;
      }
    }
  }

  /** Writes what is pending, after any write under way; resolves once it is written (or failed). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(writePending);
    return writing;
  }

  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => void flush(), WAIT_MS);
    timer.unref();
  }

  return {
    record(row: CallRecord): void {
      pending.push(row);
      if (pending.length >= BATCH) void flush();
      else schedule();
    },
    flush,
    /** Rows not yet written (metrics, tests). */
    get pending() {
      return pending.length;
    },
  };
}
export type CallLog = ReturnType<typeof createCallLog>;
