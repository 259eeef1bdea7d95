import { membersApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { MemberIdentitiesService } from './member-identities.service.ts';
import type { MembersAdminService } from './members-admin.service.ts';
import { callerOf } from './staff-events.ts';

export function registerMembersRoutes(
  app: FastifyInstance,
  { service, identities }: { service: MembersAdminService; identities: MemberIdentitiesService },
) {
  registerEndpoint(app, membersApi.listMembers, async () => ({ items: await service.list() }));

  registerEndpoint(app, membersApi.createMember, async ({ body, member, actor, request }) => ({
    success: true as const,
    member: await service.create(body, callerOf(member, actor, request)),
  }));

  registerEndpoint(app, membersApi.issueOneTimePassword, async ({ body, member, actor, request }) => {
    const issued = await service.issueOneTimePassword(body, callerOf(member, actor, request));
    return { success: true as const, member: issued.member, one_time_password: issued.password };
  });

  registerEndpoint(app, membersApi.changeMemberRoles, async ({ body, member, actor, request }) => ({
    success: true as const,
    member: await service.changeRoles(body, callerOf(member, actor, request)),
  }));

  registerEndpoint(app, membersApi.disableMember, async ({ body, member, actor, request }) => ({
    success: true as const,
    member: await service.disable(body, callerOf(member, actor, request)),
  }));

  registerEndpoint(app, membersApi.enableMember, async ({ body, member, actor, request }) => ({
    success: true as const,
    member: await service.enable(body, callerOf(member, actor, request)),
  }));

  registerEndpoint(app, membersApi.endMemberSessions, async ({ body, member, actor, request }) => ({
    success: true as const,
    sessions_ended: await service.endSessions(body.id, callerOf(member, actor, request)),
  }));

  registerEndpoint(app, membersApi.linkMemberIdentity, async ({ body, member, actor, request }) => ({
    success: true as const,
    member: await identities.link(body, callerOf(member, actor, request)),
  }));

  registerEndpoint(app, membersApi.unlinkMemberIdentity, async ({ body, member, actor, request }) => {
    const done = await identities.unlink(body, callerOf(member, actor, request));
    return { success: true as const, member: done.member, sessions_ended: done.sessionsEnded };
  });
}
