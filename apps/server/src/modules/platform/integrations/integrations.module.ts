import { publicApi as publicContract } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import { createIdempotencyService } from '../idempotency/idempotency.service.ts';
import { createCallLog } from './call-log.ts';
import { createIntegrationsRepository } from './integrations.repository.ts';
import { createIntegrationsService, type IntegrationsService } from './integrations.service.ts';
import { createPublicApi, type PublicApi } from './public-api.ts';
import { registerPublicEndpoint } from './public-endpoint.ts';
import { publicOpenApiDocument } from './public-openapi.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every public API endpoint shares: key checks, call log, idempotency (public-api.ts). */
    publicApi: PublicApi & { document(): Record<string, unknown> };
  }
}

/**
 * The public API's machinery (docs/decisions/0025-exchange-integration.md): service identities and
 * keys, the kit public endpoints register with, the call log, `GET /api/v1/whoami` and the public
 * OpenAPI document. Registered before any module that adds a public endpoint.
 */
export function registerIntegrationsPlatform(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
): { service: IntegrationsService } {
  const repo = createIntegrationsRepository();
  const service = createIntegrationsService({ db, clock, changes: createChanges(db), repo });
  const callLog = createCallLog({ db, log: app.log });
  // A node going away writes its pending call-log rows first.
  app.drain.onDrain(() => callLog.flush());
  app.addHook('onClose', () => callLog.flush());
  const api = createPublicApi({
    clock,
    repo,
    counter: app.requestCounter,
    callLog,
    idempotency: createIdempotencyService({ db, clock, store: 'integration' }),
  });
  // Built once, from every endpoint registered by the time it is first asked for.
  let document: Record<string, unknown> | undefined;
  app.decorate('publicApi', {
    ...api,
    document: () => {
      document ??= publicOpenApiDocument(api.endpoints);
      return document;
    },
  });
  app.decorateRequest('publicCaller', null);
  app.decorateRequest('callFacts', null);

  registerPublicEndpoint(app, publicContract.whoami, async ({ request }) => {
    const caller = request.publicCaller!;
    return {
      integration: { id: caller.id, name: caller.name },
      scopes: caller.scopes,
      key: { prefix: caller.keyPrefix, expiresAt: caller.keyExpiresAt?.toISOString() ?? null },
    };
  });

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.publicApi.document());
  return { service };
}
