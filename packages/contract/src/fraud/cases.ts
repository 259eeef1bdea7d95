// Fraud check, cases: a customer's alerts investigated together — owner, follow-up date, comments,
// a timeline, a decision, and suspicious-activity report drafts (PDF) for the regulator.
import { z } from 'zod';
import { InstantSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { FILE_TYPES } from '../file-types.ts';
import { listQuerySchema, pageSchema, QueryIdSchema, queryInt, VersionSchema } from '../list.ts';
import { FRAUD_CASE_STATUSES, FRAUD_OUTCOMES, FRAUD_RULE_CODES, FRAUD_SEVERITIES } from './keys.ts';

export const FRAUD_CASE_SORT_KEYS = ['opened_at', 'follow_up_at'] as const;
/** How a case ends; a closed case always has one (migration 0026). */
export const FRAUD_CASE_DECISIONS = ['no_action', 'monitor', 'restrict', 'offboard', 'report'] as const;
export type FraudCaseDecision = (typeof FRAUD_CASE_DECISIONS)[number];
/** `me`: owned by the member asking; `none`: nobody owns it yet. */
export const FRAUD_CASE_OWNER_FILTERS = ['me', 'none'] as const;
/** The most alerts one call attaches or detaches (a bulk attach goes through the alerts' filter). */
export const MAX_CASE_ALERTS_PER_CALL = 500;
export const CASE_TEXT_MAX = { title: 200, narrative: 20_000, note: 2_000, comment: 5_000 } as const;

/** The things a timeline row can be; `case_event` rows say which in `event`. */
export const CASE_TIMELINE_KINDS = [
  'alert_raised',
  'alert_moved',
  'alert_closed',
  'comment',
  'restriction',
  'kyc_decision',
  'wallet_transaction',
  'p2p_trade',
  'case_event',
] as const;
export type CaseTimelineKind = (typeof CASE_TIMELINE_KINDS)[number];
export const CASE_EVENT_KINDS = [
  'opened',
  'alerts_attached',
  'alerts_detached',
  'owner',
  'follow_up',
  'follow_up_due',
  'closed',
  'reopened',
  'report',
] as const;
export type CaseEventKind = (typeof CASE_EVENT_KINDS)[number];

const MemberRefSchema = z.object({ id: z.number().int(), display_name: z.string() }).nullable();

export const FraudCaseSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  user_name: z.string(),
  title: z.string(),
  narrative: z.string(),
  status: z.enum(FRAUD_CASE_STATUSES),
  decision: z.enum(FRAUD_CASE_DECISIONS).nullable(),
  owner: MemberRefSchema,
  follow_up_at: z.string().nullable(),
  opened_at: z.string(),
  opened_by: MemberRefSchema,
  closed_at: z.string().nullable(),
  closed_by: MemberRefSchema,
  closing_note: z.string().nullable(),
  alert_count: z.number().int(),
  open_alert_count: z.number().int(),
  /** The highest severity among its alerts, null with none. */
  top_severity: z.enum(FRAUD_SEVERITIES).nullable(),
  version: z.number().int(),
});
export type FraudCase = z.infer<typeof FraudCaseSchema>;

export const CaseAlertSchema = z.object({
  id: z.number().int(),
  rule_code: z.enum(FRAUD_RULE_CODES),
  severity: z.enum(FRAUD_SEVERITIES),
  status: z.string(),
  outcome: z.string().nullable(),
  raised_at: z.string(),
  figures: z.record(z.string(), z.unknown()),
});
export type CaseAlert = z.infer<typeof CaseAlertSchema>;

export const CaseReportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_by: MemberRefSchema,
  created_at: z.string(),
});
export type CaseReport = z.infer<typeof CaseReportSchema>;

export const FraudCasesQuerySchema = listQuerySchema(FRAUD_CASE_SORT_KEYS, 'opened_at').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(FRAUD_CASE_STATUSES).optional(),
  owner: z.enum(FRAUD_CASE_OWNER_FILTERS).optional(),
  /** Part of the customer's user name, or the exact id. */
  customer: z.string().trim().max(100).optional(),
  customerId: QueryIdSchema.optional(),
  /** Only cases whose follow-up date has come. */
  due: z.enum(['yes']).optional(),
});
export type FraudCasesQuery = z.input<typeof FraudCasesQuerySchema>;

export const listFraudCases = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/cases',
  summary: 'Fraud cases, filtered by status, owner, customer and follow-up',
  tags: ['compliance'],
  access: 'read',
  query: FraudCasesQuerySchema,
  response: pageSchema(FraudCaseSchema),
});

export const getFraudCase = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/cases/detail',
  summary: 'One case with its alerts and its report drafts',
  tags: ['compliance'],
  access: 'read',
  errors: ['FRAUD_CASE_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema }),
  response: z.object({
    case: FraudCaseSchema,
    alerts: z.array(CaseAlertSchema),
    reports: z.array(CaseReportSchema),
  }),
});

export const CaseTimelineEntrySchema = z.object({
  /** Unique within the timeline: kind and the row's id. */
  key: z.string(),
  kind: z.enum(CASE_TIMELINE_KINDS),
  at: z.string(),
  member: z.string().nullable(),
  /** What the web app words: an event's kind, an alert's rule, a transaction's type and amount… */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type CaseTimelineEntry = z.infer<typeof CaseTimelineEntrySchema>;

export const getFraudCaseTimeline = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/cases/timeline',
  summary:
    "A case's timeline: alerts, comments, restrictions, KYC decisions, the transactions and trades in question",
  tags: ['compliance'],
  access: 'read',
  errors: ['FRAUD_CASE_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema, limit: queryInt(1, 1000).default(500) }),
  response: z.object({ items: z.array(CaseTimelineEntrySchema), truncated: z.boolean() }),
});

export const LinkedCustomerSchema = z.object({
  customer_id: z.number().int(),
  user_name: z.string(),
  /** What they share: device, ip, address, counterparty. */
  via: z.array(z.string()),
});

export const getFraudCaseLinked = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/cases/linked',
  summary:
    "Other customers sharing a device, sign-in address, wallet address or P2P counterparty with the case's customer",
  tags: ['compliance'],
  access: 'read',
  errors: ['FRAUD_CASE_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema }),
  response: z.object({ items: z.array(LinkedCustomerSchema), available: z.boolean() }),
});

const AlertIdsSchema = z.array(z.number().int().positive()).min(1).max(MAX_CASE_ALERTS_PER_CALL);

export const OpenFraudCaseBodySchema = z.object({
  customerId: z.number().int().positive(),
  alertIds: z.array(z.number().int().positive()).max(MAX_CASE_ALERTS_PER_CALL).default([]),
  title: z.string().trim().max(CASE_TEXT_MAX.title).optional(),
});
export type OpenFraudCaseBody = z.input<typeof OpenFraudCaseBodySchema>;

export const openFraudCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/open',
  summary: "Open a case for a customer with alerts, or join the customer's open case",
  tags: ['compliance'],
  access: 'operate',
  errors: ['CUSTOMER_NOT_FOUND', 'FRAUD_CASE_ALERT_INVALID', 'FRAUD_CASE_ALERT_IN_OTHER_CASE'],
  idempotent: true,
  body: OpenFraudCaseBodySchema,
  response: z.object({ success: z.literal(true), case: FraudCaseSchema, joined: z.boolean() }),
});

export const attachFraudCaseAlerts = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/attach',
  summary: "Attach alerts of the case's customer to an open case",
  tags: ['compliance'],
  access: 'operate',
  errors: [
    'FRAUD_CASE_NOT_FOUND',
    'FRAUD_CASE_CLOSED',
    'FRAUD_CASE_ALERT_INVALID',
    'FRAUD_CASE_ALERT_IN_OTHER_CASE',
  ],
  idempotent: true,
  body: z.object({ caseId: z.number().int().positive(), alertIds: AlertIdsSchema }),
  response: z.object({ success: z.literal(true), case: FraudCaseSchema, attached: z.number().int() }),
});

export const detachFraudCaseAlerts = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/detach',
  summary: 'Detach alerts from an open case',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_CASE_NOT_FOUND', 'FRAUD_CASE_CLOSED', 'FRAUD_CASE_ALERT_NOT_IN_CASE'],
  idempotent: true,
  body: z.object({ caseId: z.number().int().positive(), alertIds: AlertIdsSchema }),
  response: z.object({ success: z.literal(true), case: FraudCaseSchema, detached: z.number().int() }),
});

export const UpdateFraudCaseBodySchema = z.object({
  id: z.number().int().positive(),
  version: VersionSchema,
  title: z.string().trim().max(CASE_TEXT_MAX.title).optional(),
  narrative: z.string().max(CASE_TEXT_MAX.narrative).optional(),
  /** null: nobody owns it. */
  ownerId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  /** null clears it; the case comes back into the owner's inbox at this moment. */
  followUpAt: InstantSchema.nullable().optional(),
});
export type UpdateFraudCaseBody = z.input<typeof UpdateFraudCaseBodySchema>;

export const updateFraudCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/update',
  summary: "Change an open case's title, narrative, owner or follow-up date",
  tags: ['compliance'],
  access: 'operate',
  errors: [
    'FRAUD_CASE_NOT_FOUND',
    'FRAUD_CASE_CLOSED',
    'STALE_EDIT',
    'FRAUD_CASE_OWNER_INVALID',
    'FRAUD_CASE_FOLLOW_UP_PAST',
  ],
  body: UpdateFraudCaseBodySchema,
  response: z.object({ success: z.literal(true), case: FraudCaseSchema }),
});

export const commentFraudCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/comment',
  summary: 'Add a comment to a case',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_CASE_NOT_FOUND'],
  idempotent: true,
  body: z.object({
    id: z.number().int().positive(),
    body: z.string().trim().min(1).max(CASE_TEXT_MAX.comment),
  }),
  response: z.object({ success: z.literal(true), id: z.number().int() }),
});

export const closeFraudCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/close',
  summary: 'Close a case with a decision and a note, closing its open alerts with the outcome given for each',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_CASE_NOT_FOUND', 'FRAUD_CASE_CLOSED', 'STALE_EDIT', 'FRAUD_CASE_ALERT_OUTCOMES'],
  body: z.object({
    id: z.number().int().positive(),
    version: VersionSchema,
    decision: z.enum(FRAUD_CASE_DECISIONS),
    note: z.string().trim().min(3).max(CASE_TEXT_MAX.note),
    /**
     * A case that closes closes its work: each of its alerts still open is closed with an outcome —
     * this one for all, or its own in `alert_outcomes` (which wins). Refused when one is left without.
     */
    alert_outcome: z.enum(FRAUD_OUTCOMES).optional(),
    alert_outcomes: z
      .array(z.object({ id: z.number().int().positive(), outcome: z.enum(FRAUD_OUTCOMES) }))
      // One each for a case's alerts listed on its page; a larger case closes them with one for all.
      .max(2_000)
      .optional(),
  }),
  response: z.object({ success: z.literal(true), case: FraudCaseSchema }),
});

/**
 * A closed case comes back to work, with the reason on its timeline and in the audit trail; its alerts
 * keep the outcomes they were closed with (each can be reopened on its own).
 */
export const reopenFraudCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/reopen',
  summary: 'Reopen a closed case with a reason; its alerts keep their outcomes',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_CASE_NOT_FOUND', 'FRAUD_CASE_NOT_CLOSED', 'FRAUD_CASE_OTHER_OPEN', 'STALE_EDIT'],
  body: z.object({
    id: z.number().int().positive(),
    version: VersionSchema,
    reason: z.string().trim().min(3).max(CASE_TEXT_MAX.note),
  }),
  response: z.object({ success: z.literal(true), case: FraudCaseSchema }),
});

export const draftFraudCaseReport = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/cases/report',
  summary: 'Generate a suspicious-activity report draft (PDF), stored with the case; audited',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_CASE_NOT_FOUND'],
  idempotent: true,
  body: z.object({ id: z.number().int().positive(), lang: z.enum(['en', 'tr']).default('en') }),
  response: z.object({ success: z.literal(true), report: CaseReportSchema }),
});

/** The draft as a download: it holds personal data, so taking it out is an export; audited. */
export const downloadFraudCaseReport = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/cases/report/download',
  summary: 'A report draft as a PDF download (personal data); audited',
  tags: ['compliance'],
  access: 'exportPersonal',
  errors: ['FRAUD_CASE_REPORT_NOT_FOUND', 'NOT_FOUND'],
  file: { types: [FILE_TYPES.pdf] },
  query: z.object({ id: QueryIdSchema }),
  response: z.unknown(),
});
