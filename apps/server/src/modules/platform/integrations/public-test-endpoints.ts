import { definePublicEndpoint } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { createChanges } from '../audit/changes.ts';
import { registerPublicEndpoint } from './public-endpoint.ts';

/**
 * Public endpoints only the kit's tests register (harness `beforeReady`): a change made as the
 * integration (audited), idempotent, scoped, with a body; and a batch endpoint for the document.
 */
export const testNote = definePublicEndpoint({
  method: 'POST',
  path: '/api/v1/test/notes',
  summary: 'Test only: records a note as an audited change of the calling integration',
  tags: ['test'],
  scope: 'ingest:customers',
  idempotent: true,
  body: z.object({ text: z.string().min(1).max(200) }),
  response: z.object({ ok: z.literal(true), integration: z.string() }),
});

export const testBatch = definePublicEndpoint({
  method: 'POST',
  path: '/api/v1/test/batch',
  summary: 'Test only: counts the items of a batch',
  tags: ['test'],
  scope: 'ingest:wallet',
  batch: { maxItems: 10 },
  body: z.union([z.object({ n: z.number() }), z.array(z.object({ n: z.number() })).max(10)]),
  response: z.object({ received: z.number().int() }),
});

export function registerTestPublicEndpoints(app: FastifyInstance, db: Db): void {
  const changes = createChanges(db);
  registerPublicEndpoint(app, testNote, async ({ body, integration, actor, report }) => {
    await changes.run(actor, async () => ({
      result: undefined,
      change: {
        entity: 'integration',
        action: 'update',
        entityId: integration.id,
        before: { note: null },
        after: { note: body.text },
      },
    }));
    report({ received: 1, applied: 1, refused: 0 });
    return { ok: true as const, integration: integration.name };
  });
  registerPublicEndpoint(app, testBatch, async ({ body, report }) => {
    const received = Array.isArray(body) ? body.length : 1;
    report({ received, applied: received, refused: 0 });
    return { received };
  });
}
