import type { MessagePort } from 'node:worker_threads';
import { createDb, createPool } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { systemClock } from '../../../lib/clock.ts';
import { lowerThisThreadsPriority } from '../../../lib/thread-priority.ts';
import { createIdempotencyService } from '../idempotency/idempotency.service.ts';
import type { IngestKind } from './ingest-core.ts';
import { type IngestJob, type IngestJobResult, runIngestJob } from './ingest-job.ts';

/** What the main thread tells an ingestion thread when it starts it. */
export interface IngestThreadData {
  connectionString: string;
  /** Its own connections: batches it writes at once. */
  connections: number;
  /** Its nice value (Linux), above the thread that answers the checks; 0 leaves it level. */
  niceness: number;
}

export type IngestRequest = { id: number; job: IngestJob };
/** An AppError crosses as its parts (a thread's messages are plain data) and is rebuilt on the other side. */
export type IngestReply =
  | { id: number; result: IngestJobResult }
  | { id: number; refusal: { code: AppError['code']; params: AppError['params']; extra: AppError['extra'] } }
  | { id: number; failure: string };

/**
 * The ingestion thread's side (decision 0025): its own pool to the same database, every job run as
 * the main thread would have, its answer's bytes handed back without a copy.
 */
export function serveIngestJobs(
  port: MessagePort,
  data: IngestThreadData,
  kinds: readonly IngestKind<unknown>[],
): void {
  // Below the thread that answers the checks: on a busy machine a check waits less behind a batch.
  if (data.niceness > 0) lowerThisThreadsPriority(data.niceness);
  const db = createDb(
    createPool(data.connectionString, data.connections, { applicationName: 'backdesk-ingest' }),
  );
  const deps = {
    db,
    kinds: new Map(kinds.map((kind) => [kind.name, kind])),
    idempotency: createIdempotencyService({ db, clock: systemClock, store: 'integration' }),
  };
  port.on('message', async ({ id, job }: IngestRequest) => {
    let reply: IngestReply;
    try {
      reply = { id, result: await runIngestJob(deps, job) };
    } catch (err) {
      reply =
        err instanceof AppError
          ? { id, refusal: { code: err.code, params: err.params, extra: err.extra } }
          : { id, failure: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply, 'result' in reply ? [reply.result.json.buffer as ArrayBuffer] : []);
  });
}
