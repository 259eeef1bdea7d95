import { integrationsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import type { IntegrationsService } from '../../platform/integrations/integrations.service.ts';
import { createCallLogList } from './call-log-list.ts';

export const CALL_LOG_EXPIRE_JOB = 'integrations.calls.expire';

/**
 * Settings → Integrations (super only, R66–R69): the staff side of the public API's service
 * identities, their keys and the call log (docs/decisions/0025-exchange-integration.md).
 */
export function registerIntegrationsModule(
  app: FastifyInstance,
  { db, clock, service }: { db: Db; clock: Clock; service: IntegrationsService },
): void {
  const calls = createCallLogList({ db, clock, changes: createChanges(db) });

  registerEndpoint(app, integrationsApi.listIntegrations, async () => ({ items: await service.list() }));
  registerEndpoint(app, integrationsApi.createIntegration, async ({ body, actor }) => ({
    success: true as const,
    integration: await service.create(body, actor),
  }));
  registerEndpoint(app, integrationsApi.updateIntegration, async ({ body, actor }) => ({
    success: true as const,
    integration: await service.update(body, actor),
  }));
  registerEndpoint(app, integrationsApi.disableIntegration, async ({ body, actor }) => ({
    success: true as const,
    integration: await service.setEnabled(body, false, actor),
  }));
  registerEndpoint(app, integrationsApi.enableIntegration, async ({ body, actor }) => ({
    success: true as const,
    integration: await service.setEnabled(body, true, actor),
  }));
  registerEndpoint(app, integrationsApi.createIntegrationKey, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.createKey(
      { integrationId: body.integration_id, expiresAt: body.expires_at ? new Date(body.expires_at) : null },
      actor,
    )),
  }));
  registerEndpoint(app, integrationsApi.revokeIntegrationKey, async ({ body, actor }) => ({
    success: true as const,
    key: await service.revokeKey(body.id, actor),
  }));
  registerEndpoint(app, integrationsApi.listIntegrationCalls, ({ query }) => calls.list(query));
  registerEndpoint(app, integrationsApi.getCallRetention, () => calls.getRetention());
  registerEndpoint(app, integrationsApi.setCallRetention, async ({ body, actor }) => ({
    success: true as const,
    retention: await calls.setRetention(body, actor),
  }));

  app.jobs.task(CALL_LOG_EXPIRE_JOB, async () => {
    const deleted = await calls.expire();
    app.log.info({ job: CALL_LOG_EXPIRE_JOB, deleted }, 'expired integration calls removed');
  });
  // Daily, off the hour the other prunes run at.
  app.jobs.schedule(CALL_LOG_EXPIRE_JOB, '23 4 * * *');
}
