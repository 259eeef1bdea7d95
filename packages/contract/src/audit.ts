import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit-vocabulary.ts';
import { defineEndpoint } from './endpoint.ts';
import { queryInt } from './list.ts';

export * from './audit-vocabulary.ts';

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  member: z.object({ id: z.number().int(), user_name: z.string(), display_name: z.string() }).nullable(),
  /** The request that made the change (the server log carries the same id). */
  request_id: z.string().nullable(),
  /** The fields as they were and as they became; absent on a create (before) or a delete (after). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const getAuditHistory = defineEndpoint({
  method: 'GET',
  path: '/api/audit/history',
  summary: "One record's audit trail, newest first; a customer's includes changes of its restrictions",
  tags: ['audit'],
  access: 'read',
  query: z.object({
    entity: z.enum(AUDIT_ENTITIES),
    entityId: z.string().trim().min(1).max(100),
    limit: queryInt(1, 500).default(100),
  }),
  response: z.object({ items: z.array(AuditEntrySchema) }),
});
