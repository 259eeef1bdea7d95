import { twoFactorApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { refuseUnlessLocal } from '../../../lib/request-identity.ts';
import { requestContext } from '../auth/auth-cookies.ts';
import { webAuthnSite } from '../auth/webauthn-site.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** A member's own set-up (/settings/2FA) and a super's requirement and reset. */
export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: { service: TwoFactorService; publicOrigin: string | undefined },
): void {
  const { service } = deps;

  registerEndpoint(app, twoFactorApi.getTwoFactorStatus, async ({ member }) => service.status(member));

  registerEndpoint(app, twoFactorApi.startTotpEnrolment, async ({ member }) => {
    refuseUnlessLocal(member);
    return service.startTotp(member);
  });

  registerEndpoint(app, twoFactorApi.confirmTotpEnrolment, async ({ member, body, actor, request }) =>
    service.confirmTotp(member, body.code, actor, requestContext(request)),
  );

  registerEndpoint(app, twoFactorApi.passkeyRegistrationOptions, async ({ member, request }) => {
    refuseUnlessLocal(member);
    return service.passkeyOptions(member, webAuthnSite(request, deps.publicOrigin));
  });

  registerEndpoint(app, twoFactorApi.addPasskey, async ({ member, body, actor, request }) =>
    service.addPasskey(
      member,
      body.name,
      body.credential,
      webAuthnSite(request, deps.publicOrigin),
      actor,
      requestContext(request),
    ),
  );

  registerEndpoint(app, twoFactorApi.removePasskey, async ({ member, body, actor, request }) =>
    service.removePasskey(member, body.id, actor, requestContext(request)),
  );

  registerEndpoint(app, twoFactorApi.renewRecoveryCodes, async ({ member, body, actor, request }) =>
    service.renewRecoveryCodes(member, body.password, actor, requestContext(request)),
  );

  registerEndpoint(app, twoFactorApi.disableTwoFactor, async ({ member, body, actor, request }) =>
    service.disable(member, body, actor, requestContext(request)),
  );

  registerEndpoint(app, twoFactorApi.setTwoFactorRequirement, async ({ body, actor }) =>
    service.setRequirement(body.required, body.version, actor),
  );

  registerEndpoint(app, twoFactorApi.resetMemberTwoFactor, async ({ body, actor, request }) => ({
    success: true as const,
    methods_removed: await service.resetMember(body.id, actor, requestContext(request)),
  }));
}
