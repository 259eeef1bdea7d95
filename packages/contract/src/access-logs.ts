import { z } from 'zod';
import {
  ACCESS_EVENTS,
  ACCESS_LOG_RETENTION,
  ACCESS_OUTCOMES,
  LOG_SORT_KEYS,
} from './access-log-vocabulary.ts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit-vocabulary.ts';
import { CalendarDateSchema } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { LIST_EXPORT_FILE } from './file-types.ts';
import {
  CountSchema,
  ExportFormatSchema,
  listQuerySchema,
  uncountedPageSchema,
  VersionSchema,
} from './list.ts';

/**
 * The access-log screen (/logs/access): who signed in, failed, was refused… and the audit trail of
 * every change, both append-only and hash-chained (docs/decisions/0008-tamper-evident-logs.md).
 */

/** An optional query filter: an empty text is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** A staff member's user name as written in the log (lower case), or the name a failed sign-in tried. */
const MemberFilterSchema = z.string().trim().toLowerCase().max(100);
/** An address, or a network in CIDR notation (10.0.0.0/8, 2001:db8::/32). */
export const AddressFilterSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

const DateRange = {
  /** Whole UTC days, both ends included. */
  from: optional(CalendarDateSchema),
  to: optional(CalendarDateSchema),
};

const MemberSchema = z.object({ id: z.number().int(), user_name: z.string(), display_name: z.string() });

// ── Access log ───────────────────────────────────────────────────────────────

export const AccessLogRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.enum(ACCESS_EVENTS),
  outcome: z.enum(ACCESS_OUTCOMES),
  /** The member, when the event is about one who exists. */
  member: MemberSchema.nullable(),
  /** The user name as written: the member's, or the one a failed sign-in tried. */
  user_name: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** What else the event recorded (the refused URL, a reason, a session id). */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AccessLogRow = z.infer<typeof AccessLogRowSchema>;

export const AccessLogFiltersSchema = z.object({
  member: optional(MemberFilterSchema),
  event: optional(z.enum(ACCESS_EVENTS)),
  outcome: optional(z.enum(ACCESS_OUTCOMES)),
  ip: optional(AddressFilterSchema),
  ...DateRange,
});
export type AccessLogFilters = z.infer<typeof AccessLogFiltersSchema>;

export const AccessLogQuerySchema = listQuerySchema(LOG_SORT_KEYS, 'at')
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .extend(AccessLogFiltersSchema.shape);
export type AccessLogQuery = z.input<typeof AccessLogQuerySchema>;

export const listAccessLog = defineEndpoint({
  method: 'GET',
  path: '/api/logs/access',
  summary: 'Staff sign-ins, failures, sign-outs, refusals and member changes, filtered, newest first',
  tags: ['logs'],
  access: 'read',
  query: AccessLogQuerySchema,
  response: uncountedPageSchema(AccessLogRowSchema),
});

/** How many access-log rows match the filters, asked apart from the page (paging never recounts). */
export const countAccessLog = defineEndpoint({
  method: 'GET',
  path: '/api/logs/access/count',
  summary: 'How many access-log rows match the filters: exact up to 100,000, else an estimate',
  tags: ['logs'],
  access: 'read',
  query: AccessLogFiltersSchema,
  response: CountSchema,
});

export const exportAccessLog = defineEndpoint({
  method: 'GET',
  path: '/api/logs/access/export',
  summary: 'Every access-log row matching the filters, as CSV or XLSX (streamed)',
  tags: ['logs'],
  access: 'exportPersonal',
  file: LIST_EXPORT_FILE,
  query: AccessLogQuerySchema.omit({ cursor: true, limit: true }).extend({ format: ExportFormatSchema }),
  response: z.unknown(),
});

// ── Audit trail ──────────────────────────────────────────────────────────────

export const AuditTrailRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  member: MemberSchema.nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The customer the change concerns (the customer itself, or a restriction's, a note's…). */
  customer_id: z.number().int().nullable(),
  request_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditTrailRow = z.infer<typeof AuditTrailRowSchema>;

export const AuditTrailFiltersSchema = z.object({
  member: optional(MemberFilterSchema),
  entity: optional(z.enum(AUDIT_ENTITIES)),
  /** A customer's numeric id or exact user name. */
  customer: optional(z.string().trim().max(100)),
  ...DateRange,
});

export const AuditTrailQuerySchema = listQuerySchema(LOG_SORT_KEYS, 'at')
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .extend(AuditTrailFiltersSchema.shape);
export type AuditTrailQuery = z.input<typeof AuditTrailQuerySchema>;

export const listAuditTrail = defineEndpoint({
  method: 'GET',
  path: '/api/logs/audit',
  summary: 'The audit trail of every change, filtered by member, entity, customer and date, newest first',
  tags: ['logs'],
  access: 'read',
  query: AuditTrailQuerySchema,
  response: uncountedPageSchema(AuditTrailRowSchema),
});

export const countAuditTrail = defineEndpoint({
  method: 'GET',
  path: '/api/logs/audit/count',
  summary: 'How many audit-trail rows match the filters: exact up to 100,000, else an estimate',
  tags: ['logs'],
  access: 'read',
  query: AuditTrailFiltersSchema,
  response: CountSchema,
});

export const exportAuditTrail = defineEndpoint({
  method: 'GET',
  path: '/api/logs/audit/export',
  summary: 'Every audit-trail row matching the filters, as CSV or XLSX (streamed)',
  tags: ['logs'],
  access: 'exportPersonal',
  file: LIST_EXPORT_FILE,
  query: AuditTrailQuerySchema.omit({ cursor: true, limit: true }).extend({ format: ExportFormatSchema }),
  response: z.unknown(),
});

// ── Tamper evidence ──────────────────────────────────────────────────────────

export const LOG_NAMES = ['access', 'audit'] as const;
export type LogName = (typeof LOG_NAMES)[number];

/** Why verification stopped at a row. */
export const CHAIN_BREAKS = [
  /** The row's content or hash differs from what was chained. */
  'hash_mismatch',
  /** A signed seal names a hash the row no longer has, or a row that is gone. */
  'seal_mismatch',
  /** A checkpoint's signature does not verify with this deployment's secret. */
  'bad_signature',
  /** An audit row no link of the chain holds: it was written past the chain's trigger. */
  'unchained',
] as const;
export type ChainBreak = (typeof CHAIN_BREAKS)[number];

export const VerifyResultSchema = z.object({
  log: z.enum(LOG_NAMES),
  intact: z.boolean(),
  /** Rows whose hash was recomputed. */
  checked: z.number().int(),
  /** Intact: the last row verified (null for an empty log). */
  through_id: z.number().int().nullable(),
  /** Broken: the first row that fails, and why. */
  broken_id: z.number().int().nullable(),
  reason: z.enum(CHAIN_BREAKS).nullable(),
  /** Rows up to this id were removed by the retention job; the chain continues from its signed cut. */
  cut_through_id: z.number().int().nullable(),
  /** Signed seals of the chain head that were checked against the rows. */
  seals: z.number().int(),
  ms: z.number().int(),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

export const verifyLog = defineEndpoint({
  method: 'GET',
  path: '/api/logs/verify',
  summary:
    'Recompute the hash chain of the access log or the audit trail: intact through row N, or the first broken row',
  tags: ['logs'],
  access: 'read',
  errors: ['TOO_MANY_REQUESTS'],
  query: z.object({ log: z.enum(LOG_NAMES) }),
  response: VerifyResultSchema,
});

// ── Retention ────────────────────────────────────────────────────────────────

export const RetentionSchema = z.object({
  days: z.number().int(),
  /** 0 while the default applies (never set). */
  version: z.number().int(),
  minimum: z.number().int(),
  maximum: z.number().int(),
});
export type Retention = z.infer<typeof RetentionSchema>;

export const getRetention = defineEndpoint({
  method: 'GET',
  path: '/api/logs/retention',
  summary: 'How many days access-log rows are kept',
  tags: ['logs'],
  access: 'read',
  response: RetentionSchema,
});

export const SetRetentionBodySchema = z.object({
  days: z.number().int().min(ACCESS_LOG_RETENTION.minimum).max(ACCESS_LOG_RETENTION.maximum),
  /** The version loaded (0 while the default applied); a stale one is refused. */
  version: VersionSchema.or(z.literal(0)),
});
export type SetRetentionBody = z.infer<typeof SetRetentionBodySchema>;

export const setRetention = defineEndpoint({
  method: 'POST',
  path: '/api/logs/retention',
  summary: 'Change how many days access-log rows are kept (expired rows go after a signed cut)',
  tags: ['logs'],
  access: 'staff',
  errors: ['STALE_EDIT'],
  body: SetRetentionBodySchema,
  response: z.object({ success: z.literal(true), retention: RetentionSchema }),
});
