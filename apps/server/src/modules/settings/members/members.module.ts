import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../../platform/access-log/access-log.repository.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createMembersRepository } from '../../platform/auth/members.repository.ts';
import { createMemberSessionsRepository } from './member-sessions.repository.ts';
import { registerMembersRoutes } from './members.routes.ts';
import { createMembersAdminService } from './members-admin.service.ts';
import { createStaffEvents } from './staff-events.ts';

/** Staff members as a super manages them (`/settings/members`). */
export function registerMembersModule(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }): void {
  const service = createMembersAdminService({
    db,
    repo: createMembersRepository(),
    sessions: createMemberSessionsRepository(),
    changes: createChanges(db),
    events: createStaffEvents({ accessLog: createAccessLogRepository(), clock }),
    clock,
  });
  registerMembersRoutes(app, { service });
}
