import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { BodyFormat } from './ingest-parse.ts';

/** A batch body as it arrived: text, parsed later a slice at a time (ingest-parse.ts). */
export interface RawBatch {
  text: string;
  format: BodyFormat;
}
export const isRawBatch = (body: unknown): body is RawBatch =>
  typeof body === 'object' && body !== null && typeof (body as RawBatch).text === 'string';

/**
 * The largest ingestion body: 10,000 items of about a kilobyte at most (a wallet transaction with
 * both addresses and a hash is some 450 bytes), with room; past it 413 REQUEST_TOO_LARGE before
 * anything is parsed.
 */
export const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * In `scope` (the ingestion routes' own Fastify context, so no other route changes), a JSON or
 * NDJSON body is kept as text instead of parsed whole on the event loop; the handler parses it in
 * slices. Another media type is refused (415).
 */
export function acceptBatchBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  const keep =
    (format: BodyFormat) =>
    (_request: unknown, body: string | Buffer, done: (err: Error | null, value?: RawBatch) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') done(new AppError('MALFORMED_BODY'));
      else done(null, { text, format });
    };
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT },
    keep('json'),
  );
  scope.addContentTypeParser(
    'application/x-ndjson',
    { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT },
    keep('ndjson'),
  );
}
