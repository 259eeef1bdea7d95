import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../access-log/access-log.repository.ts';
import { createChanges } from '../audit/changes.ts';
import { createScimRepository } from './scim.repository.ts';
import { registerScimRoutes } from './scim.routes.ts';
import { createScimService } from './scim.service.ts';
import { scimOpenApi } from './scim-openapi.ts';
import { registerScimTokenRoutes } from './scim-tokens.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SCIM's own OpenAPI document; the tests hold /scim/v2 answers to it (test/declared-answers.ts). */
    scimApi: { document(): unknown };
  }
}

/** Member provisioning with SCIM 2.0 (`/scim/v2`, docs/sso.md) and its tokens in Settings → Members. */
export function registerScimModule(
  app: FastifyInstance,
  deps: { db: Db; config: Config; clock: Clock },
): void {
  const { db, config, clock } = deps;
  const service = createScimService({
    db,
    clock,
    repo: createScimRepository(),
    changes: createChanges(db),
    accessLog: createAccessLogRepository(),
  });
  const document = () => scimOpenApi(config.publicOrigin);
  app.decorate('scimApi', { document });
  registerScimTokenRoutes(app, { service });
  registerScimRoutes(app, { service, publicOrigin: config.publicOrigin, document });
}
