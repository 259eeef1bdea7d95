import type { FastifyInstance } from 'fastify';
import type { SsoProviderConfig } from '../../../config/sso-config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../../platform/access-log/access-log.repository.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createMembersRepository } from '../../platform/auth/members.repository.ts';
import { createMemberIdentitiesService } from './member-identities.service.ts';
import { createMemberSessionsRepository } from './member-sessions.repository.ts';
import { registerMembersRoutes } from './members.routes.ts';
import { createMembersAdminService } from './members-admin.service.ts';
import { createStaffEvents } from './staff-events.ts';

/** Staff members as a super manages them (`/settings/members`). */
export function registerMembersModule(
  app: FastifyInstance,
  { db, clock, ssoProviders }: { db: Db; clock: Clock; ssoProviders: readonly SsoProviderConfig[] },
): void {
  const deps = {
    db,
    repo: createMembersRepository(),
    sessions: createMemberSessionsRepository(),
    changes: createChanges(db),
    events: createStaffEvents({ accessLog: createAccessLogRepository(), clock }),
    clock,
  };
  const service = createMembersAdminService(deps);
  const identities = createMemberIdentitiesService({ ...deps, providers: ssoProviders });
  registerMembersRoutes(app, { service, identities });
}
