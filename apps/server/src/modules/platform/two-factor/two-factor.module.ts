import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../access-log/access-log.repository.ts';
import { createChanges } from '../audit/changes.ts';
import { createLoginThrottleRepository } from '../auth/login-throttle.repository.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
import { createCodeCheck } from './code-check.ts';
import { createSecondStep, type SecondStep } from './second-step.ts';
import { createTwoFactorSecrets } from './secrets.ts';
import { createTwoFactorRepository } from './two-factor.repository.ts';
import { registerTwoFactorRoutes } from './two-factor.routes.ts';
import { createTwoFactorService } from './two-factor.service.ts';

/**
 * Two-factor sign-in: registers the set-up and super endpoints and hands the sign-in its second step
 * (the auth module asks it after the password, and opens the session once it passes).
 */
export function registerTwoFactorModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    secret: string;
    clock: Clock;
    onReset?: Parameters<typeof createTwoFactorService>[0]['onReset'];
  },
): { secondStep: SecondStep } {
  const { db, config, secret, clock } = deps;
  const repo = createTwoFactorRepository();
  const secrets = createTwoFactorSecrets(secret);
  // The sign-in throttle's policy, counting wrong codes per member (decision 0006, second step).
  const throttle = createLoginThrottle({
    repo: createLoginThrottleRepository(),
    clock,
    limits: config.loginLimits,
  });
  const codes = createCodeCheck({ repo, secrets, throttle, accessLog: createAccessLogRepository(), clock });
  const service = createTwoFactorService({
    db,
    repo,
    codes,
    secrets,
    changes: createChanges(db),
    clock,
    onReset: deps.onReset,
  });
  registerTwoFactorRoutes(app, { service, publicOrigin: config.publicOrigin });
  return { secondStep: createSecondStep({ repo, codes, clock }) };
}
