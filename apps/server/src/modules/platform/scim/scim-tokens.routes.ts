import { scimTokensApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { ScimService } from './scim.service.ts';

/** Settings → Members → SCIM provisioning: the tokens a super issues and revokes. */
export function registerScimTokenRoutes(app: FastifyInstance, { service }: { service: ScimService }) {
  registerEndpoint(app, scimTokensApi.listScimTokens, () => service.tokens());

  registerEndpoint(app, scimTokensApi.createScimToken, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.createToken(body.name, actor)),
  }));

  registerEndpoint(app, scimTokensApi.revokeScimToken, async ({ body, actor }) => ({
    success: true as const,
    token: await service.revokeToken(body.id, body.version, actor),
  }));
}
