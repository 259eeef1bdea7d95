import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../access-log/access-log.repository.ts';
import { createChanges } from '../audit/changes.ts';
import type { SecondStep } from '../two-factor/second-step.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createCaptchaRepository } from './captcha.repository.ts';
import { createCaptchaService } from './captcha.service.ts';
import { createLoginThrottleRepository } from './login-throttle.repository.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { createMembersRepository } from './members.repository.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/**
 * Sign-in and sessions: decorates `app.auth` (every signed-in endpoint authenticates through it,
 * lib/endpoint-route.ts) and registers the auth endpoints.
 */
export function registerAuthModule(
  app: FastifyInstance,
  deps: { db: Db; config: Config; secret: string; clock: Clock; secondStep: SecondStep },
): void {
  const { db, config, secret, clock, secondStep } = deps;
  const auth = createAuthService({
    db,
    members: createMembersRepository(),
    sessions: createSessionsRepository(),
    accessLog: createAccessLogRepository(),
    throttle: createLoginThrottle({
      repo: createLoginThrottleRepository(),
      clock,
      limits: config.loginLimits,
    }),
    captcha: createCaptchaService({
      secret,
      settings: config.captcha,
      repo: createCaptchaRepository(),
      clock,
    }),
    secondStep,
    changes: createChanges(db),
    clock,
    settings: { ...config, passwordOnlyFor: config.sso.only ? config.sso.breakGlassUser : null },
  });
  app.decorate('auth', auth);
  registerAuthRoutes(app, {
    cookieSecure: config.cookieSecure,
    perMinute: config.authRequestsPerMinute,
    clock,
    db,
    secondStep,
    publicOrigin: config.publicOrigin,
  });
}
