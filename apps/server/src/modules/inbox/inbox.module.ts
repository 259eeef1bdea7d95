import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createChanges } from '../platform/audit/changes.ts';
import { createNotificationPreferencesRepository } from '../settings/index.ts';
import { createInboxRepository } from './inbox.repository.ts';
import { registerInboxRoutes } from './inbox.routes.ts';
import { createInboxService } from './inbox.service.ts';
import { registerQueuesModule } from './queues/queues.module.ts';

/** Resolved work stays in the inbox's "resolved" view this long. */
export const KEEP_RESOLVED_DAYS = 30;

/**
 * The inbox (`/inbox`, decision 0013): each member's work queue, kept by the database, read through
 * the member's notification choices. Returns what other modules raise notices through.
 */
export function registerInboxModule(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const preferences = createNotificationPreferencesRepository();
  const service = createInboxService({
    db: deps.db,
    clock: deps.clock,
    changes: createChanges(deps.db),
    repo: createInboxRepository(),
    preferences: (db, memberId) => preferences.forMember(db, memberId),
    recipients: (db, event, byDefault) => preferences.inboxRecipients(db, event, byDefault),
  });
  app.addHook('onReady', () => service.syncKinds());
  app.jobs.task('inbox.prune', async () => {
    await service.prune(KEEP_RESOLVED_DAYS);
  });
  app.jobs.schedule('inbox.prune', '41 3 * * *');
  registerInboxRoutes(app, { service });
  registerQueuesModule(app, deps);
  // What other modules raise notices through (exports, jobs: passed to them as functions).
  return { twoFactorReset: service.twoFactorReset, notice: service.notice };
}
