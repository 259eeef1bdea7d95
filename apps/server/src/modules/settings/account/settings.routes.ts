import { settingsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { refuseUnlessLocal } from '../../../lib/request-identity.ts';
import { callerOf } from '../members/staff-events.ts';
import type { SettingsService } from './settings.service.ts';

export function registerSettingsRoutes(
  app: FastifyInstance,
  { service, passwordPerMinute }: { service: SettingsService; passwordPerMinute: number },
) {
  registerEndpoint(app, settingsApi.getProfile, ({ member }) => service.profile(member.id));

  registerEndpoint(app, settingsApi.updateProfile, async ({ body, member, actor, request }) => ({
    success: true as const,
    profile: await service.updateProfile(body, callerOf(member, actor, request)),
  }));

  registerEndpoint(app, settingsApi.updatePreferences, async ({ body, member, actor, request }) => ({
    success: true as const,
    profile: await service.updatePreferences(body, callerOf(member, actor, request)),
  }));

  // Guessing the current password from a stolen session is held to the sign-in's request rate.
  registerEndpoint(
    app,
    settingsApi.changePassword,
    async ({ body, member, actor, request }) => {
      refuseUnlessLocal(member);
      return {
        success: true as const,
        sessions_ended: await service.changePassword(body, callerOf(member, actor, request)),
      };
    },
    { perMinute: passwordPerMinute },
  );

  registerEndpoint(app, settingsApi.listSessions, async ({ member, actor, request }) => ({
    items: await service.sessions(callerOf(member, actor, request)),
  }));

  registerEndpoint(app, settingsApi.revokeSession, async ({ body, member, actor, request }) => {
    await service.revokeSession(body.sessionId, callerOf(member, actor, request));
    return { success: true as const };
  });

  registerEndpoint(app, settingsApi.revokeOtherSessions, async ({ member, actor, request }) => ({
    success: true as const,
    sessions_ended: await service.revokeOtherSessions(callerOf(member, actor, request)),
  }));

  registerEndpoint(app, settingsApi.getNotificationPreferences, async ({ member }) => ({
    items: await service.notifications(member.id),
  }));

  registerEndpoint(
    app,
    settingsApi.updateNotificationPreferences,
    async ({ body, member, actor, request }) => ({
      success: true as const,
      items: await service.updateNotifications(body.items, callerOf(member, actor, request)),
    }),
  );
}
