import { z } from 'zod';
import { CalendarDateSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  CountSchema,
  ExportFormatSchema,
  listQuerySchema,
  MAX_SERIAL_ID,
  QueryIdSchema,
  queryInt,
  SerialIdSchema,
  uncountedPageSchema,
  VersionSchema,
} from '../list.ts';
import { KYC_TYPE_LABELS } from '../rules/customer.ts';
import {
  KYC_CASE_ASSIGNEES,
  KYC_DOCUMENT_DECISIONS,
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_SORT_KEYS,
  KYC_DOCUMENT_STATUSES,
  KYC_QUEUE_SORT_KEYS,
  KYC_REASON_CODES,
  KYC_REJECTIONS,
  KYC_SLA_HOURS_RANGE,
  KYC_SLA_STATES,
  KYC_UPLOAD_CHANNELS,
} from './keys.ts';

/** An optional query filter: a blank value is no filter. */
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** A staff member as a list shows them. */
export const StaffRefSchema = z.object({ id: z.number().int(), display_name: z.string() });
export type StaffRef = z.infer<typeof StaffRefSchema>;

// ── Documents ────────────────────────────────────────────────────────────────────────────────────

export const KycDocumentRowSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  user_name: z.string(),
  /** The customer's name and surname as on their profile (null when they gave none). */
  customer_name: z.string().nullable(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** Null only for a record from before files were stored (it has no content to show). */
  sha256: z.string().nullable(),
  channel: z.enum(KYC_UPLOAD_CHANNELS),
  /** The member who uploaded it on the customer's behalf (channel `staff`). */
  uploaded_by: StaffRefSchema.nullable(),
  uploaded_at: z.string(),
  decided_at: z.string().nullable(),
  reviewer: StaffRefSchema.nullable(),
  reason_code: z.enum(KYC_REASON_CODES).nullable(),
  reason_text: z.string().nullable(),
  /** Internal: never shown to the customer. */
  comment: z.string().nullable(),
  /** YYYY-MM-DD, for kinds with an expiry (keys.ts KYC_KINDS_WITH_EXPIRY). */
  expires_on: z.string().nullable(),
  version: z.number().int(),
});
export type KycDocumentRow = z.infer<typeof KycDocumentRowSchema>;

export const KycDocumentFiltersSchema = z.object({
  kind: blankIsNone(z.enum(KYC_DOCUMENT_KINDS)),
  status: blankIsNone(z.enum(KYC_DOCUMENT_STATUSES)),
  /** A customer's exact user name or numeric id. */
  customer: blankIsNone(z.string().trim().max(100)),
  uploaded_from: blankIsNone(CalendarDateSchema),
  uploaded_to: blankIsNone(CalendarDateSchema),
  decided_from: blankIsNone(CalendarDateSchema),
  decided_to: blankIsNone(CalendarDateSchema),
  /** The deciding member's id. */
  reviewer: blankIsNone(queryInt(1, MAX_SERIAL_ID)),
});

export const KycDocumentsQuerySchema = listQuerySchema(KYC_DOCUMENT_SORT_KEYS, 'uploaded_at')
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .extend(KycDocumentFiltersSchema.shape);
export type KycDocumentsQuery = z.input<typeof KycDocumentsQuerySchema>;

export const listKycDocuments = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/documents',
  summary: 'KYC documents filtered by kind, status, customer, dates and reviewer; the total comes apart',
  tags: ['compliance'],
  access: 'read',
  query: KycDocumentsQuerySchema,
  response: uncountedPageSchema(KycDocumentRowSchema),
});

/** How many documents match the filters, asked apart from the page (paging never recounts). */
export const countKycDocuments = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/documents/count',
  summary: 'How many KYC documents match the filters: exact up to 100,000, else an estimate',
  tags: ['compliance'],
  access: 'read',
  query: KycDocumentFiltersSchema,
  response: CountSchema,
});

export const exportKycDocuments = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/documents/export',
  summary: "The filtered documents' metadata, streamed as CSV or XLSX (personal data)",
  tags: ['compliance'],
  access: 'exportPersonal',
  file: {
    types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    background: true,
  },
  query: KycDocumentFiltersSchema.extend({
    sort: z.enum(KYC_DOCUMENT_SORT_KEYS).default('uploaded_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    format: ExportFormatSchema.default('csv'),
  }),
  response: z.unknown(),
});

/** What the customer declared, to compare with the document (null fields: not given). */
export const KycProfileSchema = z.object({
  full_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  nationality: z.string().nullable(),
  address: z.string().nullable(),
});
export type KycProfile = z.infer<typeof KycProfileSchema>;

export const KycDocumentDetailSchema = z.object({
  document: KycDocumentRowSchema,
  profile: KycProfileSchema,
  /** The customer's other documents, newest first (for the side-by-side view and "next"). */
  siblings: z.array(KycDocumentRowSchema),
});
export type KycDocumentDetail = z.infer<typeof KycDocumentDetailSchema>;

export const getKycDocument = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/documents/detail',
  summary: "One document's metadata, the customer's declared profile and their other documents",
  tags: ['compliance'],
  access: 'read',
  errors: ['KYC_DOCUMENT_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema }),
  response: KycDocumentDetailSchema,
});

/**
 * The file itself for the viewer (fetch it as a blob and draw it). Every call is audited: who viewed
 * whose document. Served as an attachment (a browser opening the address saves it, never renders
 * it), with nosniff, a sandboxing CSP and no caching. A quarantined document is refused (410).
 */
export const getKycDocumentContent = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/documents/content',
  summary: "A document's file for the in-page viewer (as an attachment); every view is audited",
  tags: ['compliance'],
  access: 'read',
  errors: ['KYC_DOCUMENT_NOT_FOUND', 'NOT_FOUND', 'KYC_DOCUMENT_QUARANTINED'],
  file: { types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] },
  query: z.object({ id: QueryIdSchema }),
  response: z.unknown(),
});

/** The same file as an attachment: taking a copy out is an export of personal data. */
export const downloadKycDocument = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/documents/download',
  summary: "A document's file as a download (personal data); audited",
  tags: ['compliance'],
  access: 'exportPersonal',
  errors: ['KYC_DOCUMENT_NOT_FOUND', 'NOT_FOUND', 'KYC_DOCUMENT_QUARANTINED'],
  file: { types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] },
  query: z.object({ id: QueryIdSchema }),
  response: z.unknown(),
});

export const UploadKycDocumentQuerySchema = z.object({
  customer_id: QueryIdSchema,
  kind: z.enum(KYC_DOCUMENT_KINDS),
  /** Only for kinds with an expiry. */
  expires_on: blankIsNone(CalendarDateSchema),
});
export type UploadKycDocumentQuery = z.input<typeof UploadKycDocumentQuerySchema>;

/**
 * Upload on the customer's behalf: `multipart/form-data` with one file part named `file`; what it is
 * goes in the query. The same file sent again for the same customer while it is pending (or a retried
 * Idempotency-Key) answers the first document with `created: false`.
 */
export const uploadKycDocument = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/documents/upload',
  summary: "Upload a document on a customer's behalf (multipart, field `file`)",
  tags: ['compliance'],
  access: 'operate',
  errors: [
    'CUSTOMER_NOT_FOUND',
    'KYC_KIND_NOT_FOR_CUSTOMER',
    'KYC_EXPIRY_NOT_APPLICABLE',
    'KYC_FILE_MISSING',
    'KYC_FILE_EMPTY',
    'KYC_FILE_TOO_LARGE',
    'KYC_FILE_TYPE_REFUSED',
    'KYC_FILE_TOO_MANY_PIXELS',
    'KYC_FILE_ACTIVE_CONTENT',
    'KYC_FILE_ENCRYPTED',
    'KYC_FILE_INFECTED',
    'KYC_FILE_UNREADABLE',
    'KYC_FILE_SCAN_UNAVAILABLE',
  ],
  idempotent: true,
  multipart: { file: 'file' },
  query: UploadKycDocumentQuerySchema,
  response: z.object({ success: z.literal(true), created: z.boolean(), document: KycDocumentRowSchema }),
});

const issue = (ctx: z.core.$RefinementCtx, path: string, rule: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message, params: { rule } });

export const DecideKycDocumentBodySchema = z
  .object({
    id: z.number().int().positive(),
    version: VersionSchema,
    decision: z.enum(KYC_DOCUMENT_DECISIONS),
    /** With `reject`: why. */
    reason_code: z.enum(KYC_REASON_CODES).optional(),
    /** Required with reason `other`, optional with the others. */
    reason_text: z.string().trim().min(3).max(500).optional(),
    /** With `reject`: final, or a request for a new file. */
    rejection: z.enum(KYC_REJECTIONS).optional(),
    /** Internal comment, never shown to the customer. */
    comment: z.string().trim().max(2000).optional(),
    /** With `approve`, for kinds with an expiry: the date printed on the document. */
    expires_on: CalendarDateSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'reject') {
      if (!b.reason_code) issue(ctx, 'reason_code', 'reason_required', 'Choose a reason');
      if (!b.rejection)
        issue(ctx, 'rejection', 'rejection_required', 'Choose final rejection or resubmission');
      if (b.reason_code === 'other' && !b.reason_text)
        issue(ctx, 'reason_text', 'reason_text_required', 'Describe the reason');
      if (b.expires_on)
        issue(ctx, 'expires_on', 'expiry_only_on_approval', 'An expiry date goes with an approval');
    } else {
      if (b.reason_code)
        issue(ctx, 'reason_code', 'reason_only_on_rejection', 'A reason goes with a rejection');
      if (b.rejection) issue(ctx, 'rejection', 'reason_only_on_rejection', 'A reason goes with a rejection');
      if (b.reason_text)
        issue(ctx, 'reason_text', 'reason_only_on_rejection', 'A reason goes with a rejection');
    }
  });
export type DecideKycDocumentBody = z.input<typeof DecideKycDocumentBodySchema>;

export const decideKycDocument = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/documents/decide',
  summary: 'Approve or reject a document (final or resubmission), at the version seen',
  tags: ['compliance'],
  access: 'operate',
  errors: [
    'KYC_DOCUMENT_NOT_FOUND',
    'KYC_DOCUMENT_QUARANTINED',
    'STALE_EDIT',
    'KYC_DOCUMENT_FINAL',
    'KYC_EXPIRY_NOT_APPLICABLE',
    'KYC_DOCUMENT_EXPIRED',
  ],
  idempotent: true,
  body: DecideKycDocumentBodySchema,
  response: z.object({ success: z.literal(true), document: KycDocumentRowSchema }),
});

// ── The customer's KYC: documents, decisions, level ──────────────────────────────────────────────

export const KycDecisionEntrySchema = z.object({
  /** `document`: one document was decided; `level`: the customer's level was. */
  scope: z.enum(['document', 'level']),
  id: z.number().int(),
  /** approved | rejected | resubmission_requested (documents); approved | rejected (level). */
  decision: z.string(),
  document_id: z.number().int().nullable(),
  document_kind: z.enum(KYC_DOCUMENT_KINDS).nullable(),
  level: z.number().int().nullable(),
  reason_code: z.string().nullable(),
  reason_text: z.string().nullable(),
  comment: z.string().nullable(),
  member: StaffRefSchema.nullable(),
  at: z.string(),
});
export type KycDecisionEntry = z.infer<typeof KycDecisionEntrySchema>;

export const KycCaseSchema = z.object({
  customer_id: z.number().int(),
  user_name: z.string(),
  customer_name: z.string().nullable(),
  kyc_type_label: z.enum(KYC_TYPE_LABELS),
  kyc_level: z.number().int(),
  pending_documents: z.number().int(),
  /** When the oldest document still waiting arrived. */
  waiting_since: z.string(),
  /** waiting_since + the SLA hours setting. */
  due_at: z.string(),
  sla_state: z.enum(KYC_SLA_STATES),
  assignee: StaffRefSchema.nullable(),
  assigned_at: z.string().nullable(),
});
export type KycCase = z.infer<typeof KycCaseSchema>;

export const CustomerKycSchema = z.object({
  customer: z.object({
    id: z.number().int(),
    user_name: z.string(),
    customer_name: z.string().nullable(),
    kyc_type_label: z.enum(KYC_TYPE_LABELS),
    kyc_status: z.string(),
    kyc_level: z.number().int(),
    customer_type: z.string(),
    /** The level the customer's tier requires: the level cannot go below it (R38). */
    tier_required_level: z.number().int(),
    /** The customer's version: send it with a level decision. */
    version: z.number().int(),
  }),
  profile: KycProfileSchema,
  documents: z.array(KycDocumentRowSchema),
  /** Newest first, up to 100. */
  decisions: z.array(KycDecisionEntrySchema),
  /** The open case when documents are waiting. */
  case: KycCaseSchema.nullable(),
});
export type CustomerKyc = z.infer<typeof CustomerKycSchema>;

export const getCustomerKyc = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/customer',
  summary: "A customer's KYC: profile, documents, decisions, level and open case",
  tags: ['compliance'],
  access: 'read',
  errors: ['CUSTOMER_NOT_FOUND'],
  query: z.object({ customer_id: QueryIdSchema }),
  response: CustomerKycSchema,
});

export const SetKycLevelBodySchema = z.object({
  customer_id: z.number().int().positive(),
  level: z.number().int().min(0).max(3),
  /** The customer's version as loaded. */
  version: VersionSchema,
  comment: z.string().trim().max(2000).optional(),
});
export type SetKycLevelBody = z.input<typeof SetKycLevelBodySchema>;

export const setKycLevel = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/level',
  summary: "Decide a customer's KYC level (0–3); their kyc_status follows it",
  tags: ['compliance'],
  access: 'operate',
  errors: [
    'CUSTOMER_NOT_FOUND',
    'STALE_EDIT',
    'KYC_LEVEL_BELOW_TIER',
    'KYC_SECOND_APPROVAL_SAME_MEMBER',
    'KYC_SECOND_APPROVAL_DIFFERS',
    'APPROVAL_EXPIRED',
    'APPROVAL_ALREADY_DECIDED',
    'CONFLICT',
  ],
  idempotent: true,
  body: SetKycLevelBodySchema,
  response: z.object({
    success: z.literal(true),
    kyc: CustomerKycSchema,
    /**
     * Set when the level waits for a second member (a customer with fraud alerts, R63): this first
     * approval is recorded as a four-eyes request and the level is unchanged until another approves.
     */
    approval: z
      .object({ id: z.number().int(), approvals: z.number().int(), required: z.number().int() })
      .optional(),
  }),
});

// ── The queue ────────────────────────────────────────────────────────────────────────────────────

export const KycQueueFiltersSchema = z.object({
  assignee: blankIsNone(z.enum(KYC_CASE_ASSIGNEES)),
  sla: blankIsNone(z.enum(KYC_SLA_STATES)),
  /** A customer's exact user name or numeric id. */
  customer: blankIsNone(z.string().trim().max(100)),
});

export const KycQueueQuerySchema = listQuerySchema(KYC_QUEUE_SORT_KEYS, 'waiting_since').extend(
  KycQueueFiltersSchema.shape,
);
export type KycQueueQuery = z.input<typeof KycQueueQuerySchema>;

export const listKycQueue = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/queue',
  summary:
    'Customers waiting for a KYC decision, oldest first, with age, SLA state and assignee; the total comes apart',
  tags: ['compliance'],
  access: 'read',
  query: KycQueueQuerySchema,
  response: uncountedPageSchema(KycCaseSchema),
});

export const countKycQueue = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/queue/count',
  summary: 'How many cases match the queue filters: exact up to 100,000, else an estimate',
  tags: ['compliance'],
  access: 'read',
  query: KycQueueFiltersSchema,
  response: CountSchema,
});

const CaseResultSchema = z.object({ success: z.literal(true), case: KycCaseSchema });
const CustomerIdBodySchema = z.object({ customer_id: z.number().int().positive() });

export const assignKycCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/queue/assign',
  summary: "Take a customer's case (refused when another member holds it)",
  tags: ['compliance'],
  access: 'operate',
  errors: ['KYC_CASE_NOT_FOUND', 'KYC_CASE_TAKEN'],
  body: CustomerIdBodySchema,
  response: CaseResultSchema,
});

export const claimNextKycCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/queue/next',
  summary: 'Claim the oldest unassigned case; null when none is left',
  tags: ['compliance'],
  access: 'operate',
  idempotent: true,
  body: z.object({}).strict(),
  response: z.object({
    success: z.literal(true),
    case: KycCaseSchema.nullable(),
    /**
     * The document the review opens on (the case's oldest pending one), so its viewer can ask for the
     * file with the claim's answer; null when no case was claimed.
     */
    first_document_id: z.number().int().nullable(),
  }),
});

export const releaseKycCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/queue/release',
  summary: 'Give back a case one holds',
  tags: ['compliance'],
  access: 'operate',
  errors: ['KYC_CASE_NOT_FOUND', 'KYC_CASE_NOT_YOURS'],
  body: CustomerIdBodySchema,
  response: CaseResultSchema,
});

export const reassignKycCase = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/queue/reassign',
  summary: 'Give a case to another member, or to nobody (admin and super)',
  tags: ['compliance'],
  access: 'supervise',
  errors: ['KYC_ASSIGNEE_INVALID', 'KYC_CASE_NOT_FOUND'],
  body: CustomerIdBodySchema.extend({ member_id: SerialIdSchema.nullable() }),
  response: CaseResultSchema,
});

/** Members who may hold and decide cases: the reviewer filter and the reassign choice. */
export const listKycReviewers = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/reviewers',
  summary: 'Active members who may decide KYC',
  tags: ['compliance'],
  access: 'read',
  response: z.object({ items: z.array(StaffRefSchema) }),
});

// ── Settings ─────────────────────────────────────────────────────────────────────────────────────

export const KycSettingsSchema = z.object({ sla_hours: z.number().int(), version: z.number().int() });
export type KycSettings = z.infer<typeof KycSettingsSchema>;

export const getKycSettings = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/settings',
  summary: 'The KYC queue settings (SLA hours)',
  tags: ['compliance'],
  access: 'read',
  response: KycSettingsSchema,
});

export const updateKycSettings = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/settings/update',
  summary: 'Change the KYC SLA hours, at the version seen',
  tags: ['compliance'],
  access: 'configure',
  errors: ['STALE_EDIT'],
  body: z.object({
    sla_hours: z.number().int().min(KYC_SLA_HOURS_RANGE.min).max(KYC_SLA_HOURS_RANGE.max),
    /** 0 when the setting was never changed (the default applies). */
    version: z.number().int().min(0),
  }),
  response: z.object({ success: z.literal(true), settings: KycSettingsSchema }),
});
