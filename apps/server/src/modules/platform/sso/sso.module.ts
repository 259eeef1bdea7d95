import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import { registerSsoRoutes } from './sso.routes.ts';
import { createSsoService } from './sso.service.ts';
import { createSsoProviders } from './sso-providers.ts';

/** Staff single sign-on (OpenID Connect, docs/sso.md); the sign-in it ends in is `app.auth`'s. */
export function registerSsoModule(
  app: FastifyInstance,
  deps: { db: Db; config: Config; clock: Clock },
): void {
  const { db, config, clock } = deps;
  const providers = createSsoProviders(config.sso.providers, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  const service = createSsoService({ db, clock, providers, signIn: app.auth, changes: createChanges(db) });
  registerSsoRoutes(app, {
    service,
    passwordAllowed: !config.sso.only,
    cookieSecure: config.cookieSecure,
    perMinute: config.authRequestsPerMinute,
    clock,
    publicOrigin: config.publicOrigin,
  });
}
