// Free of zod, so route definitions and pages can read the KYC enums before the schemas load.
// Each enum exists here once; the schemas, the server's SQL and the web app import it from here.

/** What a KYC document is (docs/product-rules.md R37). */
export const KYC_DOCUMENT_KINDS = [
  'passport',
  'national_id_front',
  'national_id_back',
  'driving_licence',
  'residence_permit',
  'proof_of_address',
  'selfie',
  'selfie_with_document',
  'company_registration',
  'articles',
  'shareholder_register',
  'signatory_id',
] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

/** Kinds printed with an expiry date: an officer may record it, and an expired one is not approved. */
export const KYC_KINDS_WITH_EXPIRY = [
  'passport',
  'national_id_front',
  'national_id_back',
  'driving_licence',
  'residence_permit',
  'signatory_id',
] as const satisfies readonly KycDocumentKind[];

/** Kinds only a business (kyc_type "kyb") files. */
export const KYC_BUSINESS_KINDS = [
  'company_registration',
  'articles',
  'shareholder_register',
  'signatory_id',
] as const satisfies readonly KycDocumentKind[];

export const kindHasExpiry = (kind: string): boolean =>
  (KYC_KINDS_WITH_EXPIRY as readonly string[]).includes(kind);
export const isBusinessKind = (kind: string): boolean =>
  (KYC_BUSINESS_KINDS as readonly string[]).includes(kind);

/** `rejected` is final: only a new upload can be approved afterwards. */
export const KYC_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'resubmission_requested'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

export const KYC_REASON_CODES = [
  'unreadable',
  'expired',
  'name_mismatch',
  'unsupported_kind',
  'suspected_forgery',
  'other',
] as const;
export type KycReasonCode = (typeof KYC_REASON_CODES)[number];

/** A decision on one document. */
export const KYC_DOCUMENT_DECISIONS = ['approve', 'reject'] as const;
export type KycDocumentDecision = (typeof KYC_DOCUMENT_DECISIONS)[number];
/** A rejection is final (`rejected`) or asks the customer for a new file (`resubmission_requested`). */
export const KYC_REJECTIONS = ['final', 'resubmission'] as const;
export type KycRejection = (typeof KYC_REJECTIONS)[number];

/** Who brought a document in: the customer's own app, or a member on the customer's behalf. */
export const KYC_UPLOAD_CHANNELS = ['customer', 'staff'] as const;
export type KycUploadChannel = (typeof KYC_UPLOAD_CHANNELS)[number];

/** What the decisions journal records: one document's decision, or the customer's level. */
export const KYC_DECISION_KINDS = ['approved', 'rejected', 'resubmission_requested', 'level'] as const;
export type KycDecisionKind = (typeof KYC_DECISION_KINDS)[number];

/** KYC levels, 0 (nothing verified) to 3 (enhanced); what each unlocks is R38. */
export const KYC_LEVELS = [0, 1, 2, 3] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
/** P2P trading needs this level (R38). */
export const P2P_MIN_KYC_LEVEL = 2;

/** A case's age against the SLA: `due_soon` from 75 % of it, `breached` past it (R39). */
export const KYC_SLA_STATES = ['ok', 'due_soon', 'breached'] as const;
export type KycSlaState = (typeof KYC_SLA_STATES)[number];
export const KYC_SLA_DUE_SOON_SHARE = 0.75;
export const KYC_SLA_DEFAULT_HOURS = 24;
export const KYC_SLA_HOURS_RANGE = { min: 1, max: 720 } as const;

/** Queue filter by assignment. */
export const KYC_CASE_ASSIGNEES = ['any', 'me', 'unassigned', 'assigned'] as const;
export type KycCaseAssignee = (typeof KYC_CASE_ASSIGNEES)[number];

export const KYC_DOCUMENT_SORT_KEYS = ['uploaded_at', 'decided_at'] as const;
export const KYC_QUEUE_SORT_KEYS = ['waiting_since'] as const;
/** URL filter parameters of the documents list and the queue. */
export const KYC_DOCUMENT_FILTER_KEYS = [
  'kind',
  'status',
  'customer',
  'uploaded_from',
  'uploaded_to',
  'decided_from',
  'decided_to',
  'reviewer',
] as const;
export const KYC_QUEUE_FILTER_KEYS = ['assignee', 'sla', 'customer'] as const;

export * from './travel-rule-keys.ts';
