import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  member: z.object({ id: z.number().int(), user_name: z.string(), display_name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const getAuditHistory = defineEndpoint({
  method: 'GET',
  path: '/api/audit/history',
  summary: 'The audit trail of one record, newest first',
  tags: ['audit'],
  query: z.object({
    entity: z.string().min(1).max(50),
    entityId: z.string().min(1).max(100),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.object({ items: z.array(AuditEntrySchema) }),
});
