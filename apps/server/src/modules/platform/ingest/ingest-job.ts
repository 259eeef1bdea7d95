import { INGEST_BATCH_LIMIT } from '@backdesk/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { type IngestKind, ingestBatch } from './ingest-core.ts';
import { type BodyFormat, parseBatch } from './ingest-parse.ts';

/**
 * One HTTP batch as the ingestion thread receives it (decision 0025, "Ingestion"): the body's bytes,
 * which the event loop answering the real-time checks never decodes, parses or writes.
 */
export interface IngestJob {
  kind: string;
  /** The route, which an Idempotency-Key is bound to. */
  route: string;
  body: Uint8Array;
  format: BodyFormat;
  integrationId: number;
  receivedAt: number;
  /** An integration's Idempotency-Key (its form already checked): its answer commits with the rows. */
  idempotencyKey: string | null;
}

/** What a job comes to: the answer serialized where it was made, and the counts the call log keeps. */
export interface IngestJobResult {
  json: Uint8Array;
  counts: { received: number; applied: number; refused: number };
}

export interface IngestJobDeps {
  db: Db;
  kinds: ReadonlyMap<string, IngestKind<unknown>>;
  /** The integrations' Idempotency-Key store, on the same database. */
  idempotency: IdempotencyService;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Decodes, parses, validates and applies one batch, once per Idempotency-Key; the answer as JSON bytes. */
export async function runIngestJob(deps: IngestJobDeps, job: IngestJob): Promise<IngestJobResult> {
  const kind = deps.kinds.get(job.kind);
  if (!kind) throw new Error(`No ingestion kind ${job.kind}`);
  const text = decoder.decode(job.body);
  if (!/\S/.test(text)) throw new AppError('MALFORMED_BODY');
  const work = async () => {
    const { items } = await parseBatch(text, job.format, INGEST_BATCH_LIMIT);
    const source = { integrationId: job.integrationId, receivedAt: new Date(job.receivedAt) };
    return ingestBatch(deps.db, kind, items, source);
  };
  // The body as the key's request hash has always read it: a retry of the same bytes matches.
  const call = {
    owner: job.integrationId,
    key: job.idempotencyKey!,
    route: job.route,
    body: { text, format: job.format },
  };
  const answer = job.idempotencyKey ? await deps.idempotency.run(call, work) : await work();
  return {
    json: encoder.encode(JSON.stringify(answer)),
    counts: { received: answer.received, applied: answer.applied, refused: answer.refused },
  };
}
