import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerPollLoop } from '../../../platform/poll-loop.ts';
import { createAccessLogRepository } from '../../platform/access-log/access-log.repository.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { requestContext } from '../../platform/auth/auth-cookies.ts';
import { createAuditTrailRepository } from '../audit-trail/audit-trail.repository.ts';
import { registerAccessLogRoutes } from './access-log.routes.ts';
import { linkAuditTrail } from './audit-linker.ts';
import { checkpointSigner, sealChains } from './log-chain.ts';
import { createRetention, type RetentionService } from './retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records an API call refused before any work (lib/endpoint-route.ts). */
    accessRefusals: { record(request: FastifyRequest, error: unknown): Promise<void> };
  }
}

/** How soon a committed audit row gets its link in the chain, at most (plus the linking). */
const LINK_EVERY_MS = 200;

/** The job that seals the chains and expires old rows, once per period however many nodes run. */
export const LOG_SEAL_JOB = 'access-log.seal';

/**
 * The access-log screen: the access log and the audit trail (lists, exports), their verification,
 * the retention setting, the scheduled job (app.jobs) that seals the chains and expires old rows, and
 * the audit trail's linker.
 */
export function registerAccessLogModule(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; secret: string; sealSchedule: string; run: boolean },
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

  app.jobs.task(LOG_SEAL_JOB, async () => {
    const sealed = await sealChains(db, signer);
    const { deleted } = await retention.expire();
    app.log.info({ job: LOG_SEAL_JOB, sealed, deleted }, 'log chains sealed, expired rows removed');
  });
  app.jobs.schedule(LOG_SEAL_JOB, deps.sealSchedule);
  // The audit trail's links, on every node running jobs; one links at a time (the chain's lock).
  if (deps.run)
    registerPollLoop(app, {
      name: 'audit trail linking',
      everyMs: LINK_EVERY_MS,
      tick: () => linkAuditTrail(db, { wait: false }),
    });
  return { retention };
}
