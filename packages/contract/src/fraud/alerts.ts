// Fraud check, alerts (decision 0018): the list, one alert with its evidence, the workflow, assignment,
// comments, restricting the customer, linked customers and bulk actions over a whole filter.
import { z } from 'zod';
import { BULK_REFUSALS, BulkConfirmationShape, BulkResultShape } from '../bulk.ts';
import { RESTRICTION_KINDS } from '../crm/keys.ts';
import { CalendarDateSchema, InstantSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { LIST_EXPORT_FILE } from '../file-types.ts';
import {
  ExportFormatSchema,
  listQuerySchema,
  MAX_SERIAL_ID,
  pageSchema,
  queryInt,
  SerialIdSchema,
  VersionSchema,
} from '../list.ts';
import {
  FRAUD_ALERT_STATUSES,
  FRAUD_EVIDENCE_KINDS,
  FRAUD_OUTCOMES,
  FRAUD_RULE_CODES,
  FRAUD_SEVERITIES,
} from './keys.ts';

/** The alert list's sort keys; both are never null, so keyset paging holds (R24). */
export const FRAUD_ALERT_SORT_KEYS = ['raised_at', 'updated_at'] as const;
export type FraudAlertSortKey = (typeof FRAUD_ALERT_SORT_KEYS)[number];

/** The largest id of a bigserial table a query may name; beyond it no record exists. */
const MAX_BIG_ID = Number.MAX_SAFE_INTEGER;
const AlertIdSchema = z.number().int().positive().max(MAX_BIG_ID);

/** An optional query filter: a blank value is no filter. */
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const MemberRefSchema = z.object({ id: z.number().int(), display_name: z.string() });

export const FraudAlertRowSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  user_name: z.string(),
  rule_code: z.enum(FRAUD_RULE_CODES),
  rule_version: z.number().int(),
  severity: z.enum(FRAUD_SEVERITIES),
  status: z.enum(FRAUD_ALERT_STATUSES),
  outcome: z.enum(FRAUD_OUTCOMES).nullable(),
  window_start: z.string(),
  window_end: z.string(),
  event_at: z.string(),
  raised_at: z.string(),
  updated_at: z.string(),
  assignee: MemberRefSchema.nullable(),
  case_id: z.number().int().nullable(),
  closed_at: z.string().nullable(),
  closed_by: MemberRefSchema.nullable(),
  closing_note: z.string().nullable(),
  version: z.number().int(),
});
export type FraudAlertRow = z.infer<typeof FraudAlertRowSchema>;

/** `me`: the caller; `none`: nobody yet; a number: that member. */
const AssigneeFilterSchema = z.union([z.enum(['me', 'none']), queryInt(1, MAX_SERIAL_ID)]);

/** What the list, the export and the bulk actions select by. */
export const FraudAlertFiltersSchema = z.object({
  rule: blankIsNone(z.enum(FRAUD_RULE_CODES)),
  severity: blankIsNone(z.enum(FRAUD_SEVERITIES)),
  status: blankIsNone(z.enum(FRAUD_ALERT_STATUSES)),
  /** A customer's exact user name or numeric id. */
  customer: blankIsNone(z.string().trim().max(100)),
  assignee: blankIsNone(AssigneeFilterSchema),
  /** Raised on or after this day (UTC), and on or before that one. */
  raised_from: blankIsNone(CalendarDateSchema),
  raised_to: blankIsNone(CalendarDateSchema),
});
export type FraudAlertFilters = z.input<typeof FraudAlertFiltersSchema>;

export const FraudAlertsQuerySchema = listQuerySchema(FRAUD_ALERT_SORT_KEYS, 'raised_at')
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .extend(FraudAlertFiltersSchema.shape);
export type FraudAlertsQuery = z.input<typeof FraudAlertsQuerySchema>;

export const listFraudAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/alerts',
  summary: 'Fraud alerts filtered by rule, severity, status, customer, assignee and date',
  tags: ['compliance'],
  access: 'read',
  query: FraudAlertsQuerySchema,
  response: pageSchema(FraudAlertRowSchema),
});

export const exportFraudAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/alerts/export',
  summary: 'The filtered alerts, every page, streamed as CSV or XLSX (personal data)',
  tags: ['compliance'],
  access: 'exportPersonal',
  file: LIST_EXPORT_FILE,
  query: FraudAlertFiltersSchema.extend({
    sort: z.enum(FRAUD_ALERT_SORT_KEYS).default('raised_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    format: ExportFormatSchema.default('csv'),
  }),
  response: z.unknown(),
});

/** One event behind an alert, resolved to what a member reads; `ref_id` names the row. */
export const FraudEvidenceSchema = z.object({
  kind: z.enum(FRAUD_EVIDENCE_KINDS),
  ref_id: z.number().int(),
  at: z.string().nullable(),
  /** What the row says, by field (amount as an exact decimal string); empty when it is gone. */
  fields: z.record(z.string(), z.string().nullable()),
});
export type FraudEvidence = z.infer<typeof FraudEvidenceSchema>;

export const FraudAlertCommentSchema = z.object({
  id: z.number().int(),
  member: MemberRefSchema,
  body: z.string(),
  created_at: z.string(),
});
export type FraudAlertComment = z.infer<typeof FraudAlertCommentSchema>;

const Figures = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const FraudAlertDetailSchema = z.object({
  alert: FraudAlertRowSchema,
  /** The thresholds in force when it was raised (the rule's version then), and the figures that crossed them. */
  params: Figures,
  figures: Figures,
  /** The rule's setting now, to compare: null when the rule has no current version. */
  current: z
    .object({
      version: z.number().int(),
      params: Figures,
      severity: z.enum(FRAUD_SEVERITIES),
      enabled: z.boolean(),
    })
    .nullable(),
  evidence: z.array(FraudEvidenceSchema),
  comments: z.array(FraudAlertCommentSchema),
});
export type FraudAlertDetail = z.infer<typeof FraudAlertDetailSchema>;

export const getFraudAlert = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/alerts/detail',
  summary: 'One alert: its figures, the thresholds in force, the evidence resolved and comments',
  tags: ['compliance'],
  access: 'read',
  errors: ['FRAUD_ALERT_NOT_FOUND'],
  query: z.object({ id: queryInt(1, MAX_BIG_ID) }),
  response: FraudAlertDetailSchema,
});

const issue = (ctx: z.core.$RefinementCtx, path: string, rule: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message, params: { rule } });

/** A closing note: why the alert was closed, for whoever reads it later. */
const NoteSchema = z.string().trim().min(3).max(2000);

export const MoveFraudAlertBodySchema = z
  .object({
    id: AlertIdSchema,
    version: VersionSchema,
    status: z.enum(FRAUD_ALERT_STATUSES),
    /** With `closed`: what the investigation found, and why (required). */
    outcome: z.enum(FRAUD_OUTCOMES).optional(),
    note: NoteSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'closed') {
      if (!b.outcome) issue(ctx, 'outcome', 'outcome_required', 'Choose an outcome');
      if (!b.note) issue(ctx, 'note', 'note_required', 'Write a closing note');
    } else {
      if (b.outcome) issue(ctx, 'outcome', 'outcome_only_on_close', 'An outcome goes with closing');
      if (b.note) issue(ctx, 'note', 'note_only_on_close', 'A closing note goes with closing');
    }
  });
export type MoveFraudAlertBody = z.input<typeof MoveFraudAlertBodySchema>;

const AlertResponse = z.object({ success: z.literal(true), alert: FraudAlertRowSchema });

export const moveFraudAlert = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/alerts/move',
  summary: 'Move an alert along its workflow; closing takes an outcome and a note',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_ALERT_NOT_FOUND', 'STALE_EDIT', 'FRAUD_ALERT_TRANSITION'],
  body: MoveFraudAlertBodySchema,
  response: AlertResponse,
});

export const AssignFraudAlertBodySchema = z.object({
  id: AlertIdSchema,
  version: VersionSchema,
  /** null: nobody. */
  assignee_id: SerialIdSchema.nullable(),
});
export type AssignFraudAlertBody = z.input<typeof AssignFraudAlertBodySchema>;

export const assignFraudAlert = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/alerts/assign',
  summary: 'Assign an open alert to a member (or to nobody)',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_ALERT_NOT_FOUND', 'STALE_EDIT', 'FRAUD_ALERT_CLOSED', 'FRAUD_ASSIGNEE_INVALID'],
  body: AssignFraudAlertBodySchema,
  response: AlertResponse,
});

export const CommentFraudAlertBodySchema = z.object({
  id: AlertIdSchema,
  body: z.string().trim().min(1).max(4000),
});
export type CommentFraudAlertBody = z.input<typeof CommentFraudAlertBodySchema>;

export const commentFraudAlert = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/alerts/comment',
  summary: 'Add an internal comment to an alert; send an Idempotency-Key so a retry adds it once',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_ALERT_NOT_FOUND'],
  idempotent: true,
  body: CommentFraudAlertBodySchema,
  response: z.object({ success: z.literal(true), comment: FraudAlertCommentSchema }),
});

export const RestrictFromFraudAlertBodySchema = z
  .object({
    id: AlertIdSchema,
    kind: z.enum(RESTRICTION_KINDS),
    reason: z.string().trim().min(3).max(500),
    endsAt: InstantSchema.optional(),
  })
  .refine((b) => !b.endsAt || new Date(b.endsAt) > new Date(), {
    path: ['endsAt'],
    message: 'The end must be in the future',
    params: { rule: 'end_before_start' },
  });
export type RestrictFromFraudAlertBody = z.input<typeof RestrictFromFraudAlertBodySchema>;

export const restrictFromFraudAlert = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/alerts/restrict',
  summary: "Restrict the alert's customer (the restrictions page's kinds), recorded on the alert",
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_ALERT_NOT_FOUND', 'CUSTOMER_NOT_FOUND', 'RESTRICTION_OVERLAPS'],
  idempotent: true,
  body: RestrictFromFraudAlertBodySchema,
  response: z.object({ success: z.literal(true), restriction_id: z.number().int() }),
});

// ── Linked customers ─────────────────────────────────────────────────────────────────────────────

export const FRAUD_LINK_KINDS = ['device', 'ip', 'wallet_address', 'p2p_counterparty'] as const;
export type FraudLinkKind = (typeof FRAUD_LINK_KINDS)[number];

export const FraudLinkedCustomerSchema = z.object({
  customer_id: z.number().int(),
  user_name: z.string(),
  /** What they share with the customer, and a few of the shared values. */
  links: z.array(z.object({ kind: z.enum(FRAUD_LINK_KINDS), values: z.array(z.string()) })),
});
export type FraudLinkedCustomer = z.infer<typeof FraudLinkedCustomerSchema>;

export const getLinkedCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/customers/linked',
  summary: 'Other customers sharing a device, sign-in address, wallet address or P2P counterparty',
  tags: ['compliance'],
  access: 'read',
  errors: ['CUSTOMER_NOT_FOUND'],
  query: z.object({ id: queryInt(1, MAX_BIG_ID) }),
  response: z.object({ items: z.array(FraudLinkedCustomerSchema), truncated: z.boolean() }),
});

// ── Bulk actions over a whole filter ─────────────────────────────────────────────────────────────

export const FRAUD_BULK_ACTIONS = ['assign', 'close_false_positive', 'attach_case'] as const;
export type FraudBulkAction = (typeof FRAUD_BULK_ACTIONS)[number];
/** The most alerts one bulk action changes; a wider filter is narrowed first. */
export const FRAUD_BULK_MAX = 5000;

export const BulkFraudAlertsBodySchema = z
  .object({
    /** The list's filter, not ids: every page of it. Closed alerts are never changed. */
    filter: FraudAlertFiltersSchema,
    action: z.enum(FRAUD_BULK_ACTIONS),
    /** `assign`: the member (null: nobody). */
    assignee_id: SerialIdSchema.nullable().optional(),
    /** `close_false_positive`: the one closing note. */
    note: NoteSchema.optional(),
    /** `attach_case`: the case. */
    case_id: z.number().int().positive().max(MAX_BIG_ID).optional(),
    /** true: only count what would change. */
    dry_run: z.boolean(),
    /** On apply: the count the member confirmed; a different count now is refused. */
    expected: z.number().int().min(0).max(FRAUD_BULK_MAX).optional(),
    ...BulkConfirmationShape,
  })
  .superRefine((b, ctx) => {
    if (b.action === 'assign' && b.assignee_id === undefined)
      issue(ctx, 'assignee_id', 'assignee_required', 'Choose a member');
    if (b.action === 'close_false_positive' && !b.note)
      issue(ctx, 'note', 'note_required', 'Write a closing note');
    if (b.action === 'attach_case' && !b.case_id) issue(ctx, 'case_id', 'case_required', 'Choose a case');
    if (!b.dry_run && b.expected === undefined)
      issue(ctx, 'expected', 'expected_required', 'Confirm the count first');
  });
export type BulkFraudAlertsBody = z.input<typeof BulkFraudAlertsBodySchema>;

export const bulkFraudAlerts = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/alerts/bulk',
  summary:
    'Assign, close as false positive or attach to a case every open alert of a filter (count first; above the threshold, four-eyes)',
  tags: ['compliance'],
  access: 'operate',
  errors: [
    'FRAUD_ASSIGNEE_INVALID',
    'FRAUD_BULK_TOO_MANY',
    'FRAUD_BULK_CHANGED',
    'FRAUD_CASE_NOT_FOUND',
    'FRAUD_CASE_CLOSED',
    'FRAUD_CASE_ALERT_INVALID',
    'FRAUD_CASE_ALERT_IN_OTHER_CASE',
    ...BULK_REFUSALS,
  ],
  idempotent: true,
  body: BulkFraudAlertsBodySchema,
  response: z.object({ success: z.literal(true), ...BulkResultShape }),
});
