import type { IngestResponse, PublicEndpointDef } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerPublicEndpoint } from '../integrations/index.ts';
import { createIngestService } from './ingest.service.ts';
import { acceptBatchBodies, INGEST_BODY_LIMIT, isRawBatch } from './ingest-body.ts';
import type { IngestKind } from './ingest-core.ts';
import { createIngestGate } from './ingest-gate.ts';

/** An ingestion endpoint and the kind of object it feeds (the areas own the kinds; app.ts pairs them). */
export interface IngestRoute {
  endpoint: PublicEndpointDef;
  // biome-ignore lint/suspicious/noExplicitAny: each route has its own item type
  kind: IngestKind<any>;
}

/**
 * The public ingestion API (decision 0025): in a Fastify context of its own, where a JSON or NDJSON
 * body stays text until the handler parses it in slices; each endpoint through the public API kit
 * (key, scope, rate limit, Idempotency-Key, call log), answering per item.
 */
export function registerIngestApi(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; routes: readonly IngestRoute[] },
): void {
  const service = createIngestService({ db: deps.db, clock: deps.clock, gate: createIngestGate() });
  app.register(async (scope) => {
    acceptBatchBodies(scope);
    for (const { endpoint, kind } of deps.routes) {
      registerPublicEndpoint(
        scope,
        endpoint,
        async ({ body, integration, report }): Promise<IngestResponse> => {
          if (!isRawBatch(body)) throw new AppError('MALFORMED_BODY');
          const answer = await service.receive(kind, body, integration.id);
          report({ received: answer.received, applied: answer.applied, refused: answer.refused });
          return answer;
        },
        { bodyLimit: INGEST_BODY_LIMIT },
      );
    }
  });
}
