import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../../platform/access-log/access-log.repository.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createMembersRepository } from '../../platform/auth/members.repository.ts';
import { createMemberSessionsRepository } from '../members/member-sessions.repository.ts';
import { createStaffEvents } from '../members/staff-events.ts';
import { createNotificationPreferencesRepository } from './notification-preferences.repository.ts';
import { registerSettingsRoutes } from './settings.routes.ts';
import { createSettingsService } from './settings.service.ts';

/** A member's own settings (`/settings`, `/settings/notifications`). */
export function registerSettingsModule(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; passwordPerMinute: number },
): void {
  const { db, clock } = deps;
  const service = createSettingsService({
    db,
    members: createMembersRepository(),
    sessions: createMemberSessionsRepository(),
    notifications: createNotificationPreferencesRepository(),
    changes: createChanges(db),
    events: createStaffEvents({ accessLog: createAccessLogRepository(), clock }),
    clock,
  });
  registerSettingsRoutes(app, { service, passwordPerMinute: deps.passwordPerMinute });
}
