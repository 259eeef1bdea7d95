import type { AuditEntity } from '@backdesk/contract/audit';
import * as auditRoutes from '@backdesk/contract/routes/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api.ts';
import { auditRef } from '../../lib/contract.ts';

const historyEndpoint = auditRef(auditRoutes.getAuditHistory);

/**
 * The one key of a record's trail: `['audit', entity, entityId]`. A change invalidates
 * `['audit', entity, id]` for its record (or `['audit']` when it touches several).
 */
export const auditTrailKey = (entity: AuditEntity, entityId: string | number) =>
  ['audit', entity, String(entityId)] as const;

export const auditTrailQueryOptions = (entity: AuditEntity, entityId: string | number) =>
  queryOptions({
    queryKey: auditTrailKey(entity, entityId),
    queryFn: ({ signal }) =>
      callEndpoint(historyEndpoint, { query: { entity, entityId: String(entityId) }, signal }),
  });

export const useAuditTrail = (entity: AuditEntity, entityId: string | number) =>
  useQuery(auditTrailQueryOptions(entity, entityId));
