import { z } from 'zod';
import { AUDIT_ENTITIES } from './audit-vocabulary.ts';
import { defineEndpoint } from './endpoint.ts';
import { listQuerySchema, pageSchema, VersionSchema } from './list.ts';
import { ReasonSchema } from './transactions/shared.ts';

/**
 * Four-eyes (docs/product-rules.md): a change one member asks for and a different member approves
 * or rejects before it applies. A request nobody decides in time expires.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What can be asked for; the web app translates each as `approvals:kinds.<kind>`. */
export const APPROVAL_KINDS = [
  'withdrawal_release',
  'kyc_level_approval',
  'fraud_alerts_bulk',
  'customer_types_move',
  'travel_rule_release',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_SORT_KEYS = ['requested_at', 'expires_at'] as const;

const MemberRefSchema = z.object({ id: z.number().int(), user_name: z.string(), display_name: z.string() });

export const ApprovalRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  /** The record the approved change applies to. */
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string(),
  /** What the approval will apply, as the requester saw it. */
  payload: z.record(z.string(), z.unknown()),
  /** As of now: a pending request past `expires_at` reads `expired` even before the sweep marks it. */
  status: z.enum(APPROVAL_STATUSES),
  requested_by: MemberRefSchema,
  request_reason: z.string().nullable(),
  requested_at: z.string(),
  expires_at: z.string(),
  decided_by: MemberRefSchema.nullable(),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  version: z.number().int(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

export const ApprovalListQuerySchema = listQuerySchema(APPROVAL_SORT_KEYS, 'requested_at').extend({
  status: z.enum(APPROVAL_STATUSES).default('pending'),
  kind: z.enum(APPROVAL_KINDS).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entity_id: z.string().trim().min(1).max(100).optional(),
});
export type ApprovalListQuery = z.input<typeof ApprovalListQuerySchema>;

export const listApprovalRequests = defineEndpoint({
  method: 'GET',
  path: '/api/approvals',
  summary: 'Four-eyes requests, pending ones by default, oldest first',
  tags: ['approvals'],
  access: 'read',
  query: ApprovalListQuerySchema,
  response: pageSchema(ApprovalRequestSchema),
});

const decision = { id: z.number().int().positive(), version: VersionSchema };

/** What deciding any request can be refused for, approving or rejecting alike. */
const DECISION_REFUSALS = [
  'APPROVAL_NOT_FOUND',
  'APPROVAL_EXPIRED',
  'APPROVAL_ALREADY_DECIDED',
  'STALE_EDIT',
  'APPROVAL_OWN_REQUEST',
] as const;

export const approveApprovalRequest = defineEndpoint({
  method: 'POST',
  path: '/api/approvals/approve',
  summary: "Approves a pending request (never one's own) and applies its change",
  tags: ['approvals'],
  access: 'approve',
  errors: [
    ...DECISION_REFUSALS,
    'CUSTOMER_NOT_FOUND',
    'KYC_LEVEL_BELOW_TIER',
    'WALLET_TRANSACTION_NOT_FOUND',
    'INVALID_TRANSITION',
    'CUSTOMER_RESTRICTED',
    'BELOW_LIMIT_MINIMUM',
    'ABOVE_LIMIT_MAXIMUM',
    'DAILY_CAP_EXCEEDED',
    'MONTHLY_CAP_EXCEEDED',
    // A bulk request's action, applied on approval (fraud_alerts_bulk).
    'FRAUD_ASSIGNEE_INVALID',
    'FRAUD_CASE_NOT_FOUND',
    'FRAUD_CASE_CLOSED',
    'FRAUD_CASE_ALERT_INVALID',
    'FRAUD_CASE_ALERT_IN_OTHER_CASE',
    // A held transfer's travel-rule release (travel_rule_release), verified on approval.
    'TRAVEL_RULE_RECORD_NOT_FOUND',
    'TRAVEL_RULE_RECORD_CLOSED',
    'TRAVEL_RULE_WRONG_STATE',
    'TRAVEL_RULE_FIELDS_MISSING',
  ],
  idempotent: true,
  body: z.object({ ...decision, reason: ReasonSchema.optional() }),
  response: ApprovalRequestSchema,
});

export const rejectApprovalRequest = defineEndpoint({
  method: 'POST',
  path: '/api/approvals/reject',
  summary: "Rejects a pending request (never one's own), with a reason",
  tags: ['approvals'],
  access: 'approve',
  errors: [...DECISION_REFUSALS, 'WALLET_TRANSACTION_NOT_FOUND', 'INVALID_TRANSITION'],
  idempotent: true,
  body: z.object({ ...decision, reason: ReasonSchema }),
  response: ApprovalRequestSchema,
});

/** Asking is part of deciding (a first approval asks), so withdrawing one's request needs `approve` too. */
export const cancelApprovalRequest = defineEndpoint({
  method: 'POST',
  path: '/api/approvals/cancel',
  summary: 'Withdraws a pending request; only the member who asked may',
  tags: ['approvals'],
  access: 'approve',
  errors: [
    'APPROVAL_NOT_FOUND',
    'APPROVAL_EXPIRED',
    'APPROVAL_ALREADY_DECIDED',
    'APPROVAL_NOT_REQUESTER',
    'STALE_EDIT',
  ],
  idempotent: true,
  body: z.object({ ...decision, reason: ReasonSchema.optional() }),
  response: ApprovalRequestSchema,
});
