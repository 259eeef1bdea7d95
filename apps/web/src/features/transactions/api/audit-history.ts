import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';

const historyEndpoint = endpointRef((c) => c.auditApi.getAuditHistory, 'GET', '/api/audit/history');

export type AuditEntity =
  | 'transaction_limit'
  | 'p2p_offer'
  | 'p2p_trade'
  | 'wallet_transaction'
  | 'commission_rule';

export const auditHistoryQueryOptions = (entity: AuditEntity, entityId: string) =>
  queryOptions({
    queryKey: ['transactions', 'audit', entity, entityId],
    queryFn: ({ signal }) => callEndpoint(historyEndpoint, { query: { entity, entityId }, signal }),
  });

export const useAuditHistory = (entity: AuditEntity, entityId: string | undefined) =>
  useQuery({ ...auditHistoryQueryOptions(entity, entityId ?? ''), enabled: entityId !== undefined });
