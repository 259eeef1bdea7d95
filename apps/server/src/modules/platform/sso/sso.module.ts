import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../access-log/access-log.repository.ts';
import { createChanges } from '../audit/changes.ts';
import { registerSsoRoutes } from './sso.routes.ts';
import { createSsoService } from './sso.service.ts';
import { createSsoProviders } from './sso-providers.ts';
import { createSsoSessionsRepository } from './sso-sessions.repository.ts';

/** Staff single sign-on (OpenID Connect, docs/sso.md); the sign-in it ends in is `app.auth`'s. */
export function registerSsoModule(
  app: FastifyInstance,
  deps: { db: Db; config: Config; clock: Clock },
): void {
  const { db, config, clock } = deps;
  const warn = (message: string, error: unknown) => app.log.warn({ err: error }, message);
  const providers = createSsoProviders(config.sso.providers, warn);
  const service = createSsoService({
    db,
    clock,
    providers,
    signIn: app.auth,
    changes: createChanges(db),
    ssoSessions: createSsoSessionsRepository(),
    accessLog: createAccessLogRepository(),
    warn,
  });
  // Sign-out (modules/platform/auth) then sends an SSO member on to their provider's sign-out.
  app.auth.setSignoutRedirect((sessionId, loginUrl) => service.endSessionUrl(sessionId, loginUrl));
  registerSsoRoutes(app, {
    service,
    passwordAllowed: !config.sso.only,
    cookieSecure: config.cookieSecure,
    perMinute: config.authRequestsPerMinute,
    clock,
    publicOrigin: config.publicOrigin,
  });
}
