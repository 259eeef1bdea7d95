import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { BodyFormat } from './ingest-parse.ts';

/** A batch body as it arrived: its bytes, decoded and parsed on an ingestion thread (ingest-job.ts). */
export interface RawBatch {
  bytes: Uint8Array;
  format: BodyFormat;
}
export const isRawBatch = (body: unknown): body is RawBatch =>
  typeof body === 'object' && body !== null && (body as RawBatch).bytes instanceof Uint8Array;

/**
 * The largest ingestion body: 10,000 items of about a kilobyte at most (a wallet transaction with
 * both addresses and a hash is some 450 bytes), with room; past it 413 REQUEST_TOO_LARGE before
 * anything is parsed.
 */
export const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * In `scope` (the ingestion routes' own Fastify context, so no other route changes), a JSON or
 * NDJSON body is kept as bytes instead of decoded and parsed on the event loop. Another media type
 * is refused (415).
 */
export function acceptBatchBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  const keep =
    (format: BodyFormat) =>
    (_request: unknown, body: Buffer, done: (err: Error | null, value?: RawBatch) => void) => {
      if (body.length === 0) done(new AppError('MALFORMED_BODY'));
      else done(null, { bytes: body, format });
    };
  for (const [type, format] of [
    ['application/json', 'json'],
    ['application/x-ndjson', 'ndjson'],
  ] as const)
    scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: INGEST_BODY_LIMIT }, keep(format));
}
