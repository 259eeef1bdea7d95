import type { PublicEndpointDef } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { registerPublicEndpoint } from '../integrations/index.ts';
import { acceptBatchBodies, INGEST_BODY_LIMIT, isRawBatch } from './ingest-body.ts';
import type { IngestKind } from './ingest-core.ts';
import { createIngestGate } from './ingest-gate.ts';
import { createIngestThreads, type IngestThreadsOptions } from './ingest-threads.ts';

/** An ingestion endpoint and the kind of object it feeds (the areas own the kinds; app.ts pairs them). */
export interface IngestRoute {
  endpoint: PublicEndpointDef;
  // biome-ignore lint/suspicious/noExplicitAny: each route has its own item type
  kind: IngestKind<any>;
}

/**
 * The public ingestion API (decision 0025): in a Fastify context of its own, where a JSON or NDJSON
 * body stays bytes; each endpoint through the public API kit (key, scope, rate limit, call log), its
 * batch decoded, parsed, applied and answered — once per Idempotency-Key — on an ingestion thread,
 * under the node's gate.
 */
export function registerIngestApi(
  app: FastifyInstance,
  deps: {
    clock: Clock;
    routes: readonly IngestRoute[];
    threads: IngestThreadsOptions;
    /** The integrations' key store, here to give up the key of a batch a shutdown cut off. */
    idempotency: IdempotencyService;
  },
): void {
  const threads = createIngestThreads(deps.threads);
  const gate = createIngestGate({ running: deps.threads.threads * deps.threads.data.connections });
  app.addHook('onClose', threads.close);
  app.register(async (scope) => {
    acceptBatchBodies(scope);
    for (const { endpoint, kind } of deps.routes) {
      registerPublicEndpoint(
        scope,
        endpoint,
        async ({ body, integration, report, idempotencyKey, reply }) => {
          if (!isRawBatch(body)) throw new AppError('MALFORMED_BODY');
          const job = {
            kind: kind.name,
            route: endpoint.path,
            body: body.bytes,
            format: body.format,
            integrationId: integration.id,
            receivedAt: deps.clock.now().getTime(),
            idempotencyKey,
          };
          const { json, counts } = await gate
            .run(() => threads.run(job))
            .catch(async (err: unknown) => {
              // The thread that claimed the key is gone: the retry (503, Retry-After) must find it free.
              if (err instanceof AppError && err.code === 'SHUTTING_DOWN' && idempotencyKey)
                await deps.idempotency.releaseUnfinished(integration.id, idempotencyKey);
              throw err;
            });
          report(counts);
          reply.type('application/json; charset=utf-8');
          return Buffer.from(json.buffer, json.byteOffset, json.byteLength);
        },
        { bodyLimit: INGEST_BODY_LIMIT, idempotencyInHandler: true },
      );
    }
  });
}
