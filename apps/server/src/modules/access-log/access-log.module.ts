import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAuditTrailRepository } from '../audit/audit-trail.repository.ts';
import { createChanges } from '../audit/changes.ts';
import { requestContext } from '../auth/auth-cookies.ts';
import { createAccessLogRepository } from './access-log.repository.ts';
import { registerAccessLogRoutes } from './access-log.routes.ts';
import { checkpointSigner, sealChains } from './log-chain.ts';
import { createRetention, type RetentionService } from './retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records an API call refused before any work (lib/endpoint-route.ts). */
    accessRefusals: { record(request: FastifyRequest, error: unknown): Promise<void> };
  }
}

/** How often a node seals the chains and expires old access-log rows (the first run waits a little). */
const JOB_EVERY_MS = 60 * 60_000;
const FIRST_RUN_MS = 60_000;

/**
 * The access-log screen: the access log and the audit trail (lists, exports), their verification,
 * the retention setting, and the hourly job that seals the chains and expires old rows.
 */
export function registerAccessLogModule(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; secret: string; schedule: boolean },
): { retention: RetentionService } {
  const { db, clock } = deps;
  const accessLog = createAccessLogRepository();
  const signer = checkpointSigner(deps.secret);
  const retention = createRetention({ db, clock, changes: createChanges(db), signer });

  app.decorate('accessRefusals', {
    /**
     * A 401 for a token that names no live sign-in (unknown, revoked, of the wrong kind): someone
     * holds a dead or forged token. Calls without any token (a signed-out browser) and with an
     * access token that merely ran out (the app refreshes it) are routine and not written; 403s
     * are written by the role check itself. At most one row a minute per address (flooding).
     */
    async record(request, error) {
      if (!(error instanceof AppError) || error.code !== 'INVALID_TOKEN') return;
      const ctx = requestContext(request);
      await accessLog.recordDeniedOnce(db, {
        at: clock.now(),
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { status: 401, reason: 'invalid_token', url: request.url.split('?')[0] },
      });
    },
  });

  registerAccessLogRoutes(app, {
    db,
    accessLog,
    auditTrail: createAuditTrailRepository(),
    signer,
    retention,
  });

  if (deps.schedule) {
    const run = async () => {
      try {
        await sealChains(db, signer);
        const { deleted } = await retention.expire();
        if (deleted) app.log.info({ deleted }, 'access-log rows past their retention removed');
      } catch (err) {
        app.log.warn({ err }, 'log chain job failed; the next run tries again');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setTimeout(function tick() {
        void run().finally(() => {
          timer = setTimeout(tick, JOB_EVERY_MS).unref();
        });
      }, FIRST_RUN_MS).unref();
    });
    app.addHook('onClose', async () => clearTimeout(timer));
  }
  return { retention };
}
