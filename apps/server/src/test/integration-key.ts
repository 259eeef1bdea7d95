import { randomUUID } from 'node:crypto';
import type { IntegrationScope } from '@backdesk/contract';
import type { Db } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createChanges } from '../modules/platform/audit/changes.ts';
import { createIntegrationsRepository } from '../modules/platform/integrations/integrations.repository.ts';
import { createIntegrationsService } from '../modules/platform/integrations/integrations.service.ts';

export interface TestIntegration {
  integrationId: number;
  keyId: number;
  /** The whole key: send it as `authorization: Bearer ${key}`. */
  key: string;
  /** The key's visible prefix (bdk_…). */
  prefix: string;
}

/**
 * An integration and one key, made through the real service (its audit rows included), for tests of
 * the public API: `authorization: Bearer ${key}` on `/api/v1/...`.
 */
export async function createTestIntegration(
  db: Db,
  options: {
    scopes: readonly IntegrationScope[];
    name?: string;
    allowedAddresses?: string[] | null;
    requestsPerMinute?: number;
    expiresAt?: Date | null;
    clock?: Clock;
  },
): Promise<TestIntegration> {
  const clock = options.clock ?? systemClock;
  const service = createIntegrationsService({
    db,
    clock,
    changes: createChanges(db),
    repo: createIntegrationsRepository(),
  });
  const actor = { memberId: null, requestId: `test-${randomUUID()}` };
  const integration = await service.create(
    {
      name: options.name ?? `test ${randomUUID().slice(0, 8)}`,
      scopes: options.scopes,
      allowed_addresses: options.allowedAddresses ?? null,
      ...(options.requestsPerMinute ? { requests_per_minute: options.requestsPerMinute } : {}),
    },
    actor,
  );
  const made = await service.createKey(
    { integrationId: integration.id, expiresAt: options.expiresAt ?? null },
    actor,
  );
  return { integrationId: integration.id, keyId: made.key.id, key: made.secret, prefix: made.key.prefix };
}
