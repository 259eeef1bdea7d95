import { z } from 'zod';
import { CalendarDateSchema, TimeZoneNameSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { LIST_EXPORT_FILE } from '../file-types.ts';
import {
  CountSchema,
  DecimalStringSchema,
  ExportFormatSchema,
  listQuerySchema,
  MAX_SERIAL_ID,
  pageSchema,
  QueryIdSchema,
  queryInt,
  SerialIdSchema,
  uncountedPageSchema,
  VersionSchema,
} from '../list.ts';
import {
  BeneficiarySchema,
  BeneficiaryVaspSchema,
  CountryCodeSchema,
  LeiSchema,
  OriginatingVaspSchema,
  OriginatorSchema,
} from './travel-rule-ivms.ts';
import {
  PROOF_VERIFIERS,
  SELF_HOSTED_PROOF_STATES,
  SELF_HOSTED_PROOFS,
  SELF_HOSTED_SORT_KEYS,
  TRAVEL_RULE_CURRENCIES,
  TRAVEL_RULE_DIRECTIONS,
  TRAVEL_RULE_FIELDS,
  TRAVEL_RULE_JURISDICTIONS,
  TRAVEL_RULE_OPEN_STATES,
  TRAVEL_RULE_SORT_KEYS,
  TRAVEL_RULE_STATES,
  VASP_DUE_DILIGENCE,
  VASP_PROTOCOLS,
  VASP_SORT_KEYS,
  WALLET_KINDS,
} from './travel-rule-keys.ts';

export * from './travel-rule-ivms.ts';

const TAGS = ['compliance'];
const IdSchema = z.number().int().positive();
/** VASPs and their addresses count with 32-bit serials: a larger id names none. */
const VaspIdQuerySchema = queryInt(1, MAX_SERIAL_ID);
const ReasonSchema = z.string().trim().min(3).max(500);
const StaffNameSchema = z.string().nullable();

/**
 * A party as stored (IVMS101, docs/decisions/0026-travel-rule.md), with identity numbers and birth
 * dates masked unless the answer is a reveal: so the answer's shape is IVMS101's, its values not
 * re-validated.
 */
const StoredPartySchema = z.record(z.string(), z.unknown()).nullable();

// ── Rules per jurisdiction ──────────────────────────────────────────────────

export const TravelRuleJurisdictionRuleSchema = z.object({
  currency: z.enum(TRAVEL_RULE_CURRENCIES),
  /** At or above it the required fields must be present and verified. */
  threshold: DecimalStringSchema,
  /** Below the threshold: nothing applies, or the data travels unverified (Türkiye). */
  below_threshold: z.enum(['not_in_scope', 'unverified']),
  required_fields: z.array(z.enum(TRAVEL_RULE_FIELDS)).max(TRAVEL_RULE_FIELDS.length),
  /** Fields required below the threshold when `below_threshold` is `unverified`. */
  below_threshold_fields: z.array(z.enum(TRAVEL_RULE_FIELDS)).max(TRAVEL_RULE_FIELDS.length),
  /** From this amount a self-hosted wallet needs a proof of ownership (EU: 1,000 EUR); null: never. */
  self_hosted_proof_from: DecimalStringSchema.nullable(),
  /** How long a request for information waits before it is overdue. */
  answer_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90),
  /** How long records are kept (MASAK: 8 years); the retention job comes later. */
  retention_years: z.number().int().min(1).max(30),
});
export type TravelRuleJurisdictionRule = z.infer<typeof TravelRuleJurisdictionRuleSchema>;

export const TravelRuleRulesSchema = z.object(
  Object.fromEntries(TRAVEL_RULE_JURISDICTIONS.map((j) => [j, TravelRuleJurisdictionRuleSchema])) as Record<
    (typeof TRAVEL_RULE_JURISDICTIONS)[number],
    typeof TravelRuleJurisdictionRuleSchema
  >,
);
export type TravelRuleRules = z.infer<typeof TravelRuleRulesSchema>;

export const TravelRuleSettingsSchema = z.object({
  /** The exchange's own jurisdiction: a deployment setting (TRAVEL_RULE_JURISDICTION). */
  home: z.enum(TRAVEL_RULE_JURISDICTIONS),
  rules: TravelRuleRulesSchema,
  version: z.number().int(),
});
export type TravelRuleSettings = z.infer<typeof TravelRuleSettingsSchema>;

export const getTravelRuleSettings = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/settings',
  summary: "The travel rule's rules per jurisdiction and the exchange's own jurisdiction",
  tags: TAGS,
  access: 'read',
  response: TravelRuleSettingsSchema,
});

export const updateTravelRuleSettings = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/settings/update',
  summary: 'Change the rules per jurisdiction (audited; a stale version is refused)',
  tags: TAGS,
  access: 'configure',
  errors: ['STALE_EDIT'],
  body: z.object({ rules: TravelRuleRulesSchema, version: z.number().int().min(0) }),
  response: z.object({ success: z.literal(true), settings: TravelRuleSettingsSchema }),
});

// ── Records and the queue ───────────────────────────────────────────────────

const counterpartyFields = {
  wallet_kind: z.enum(WALLET_KINDS),
  counterparty_vasp_id: z.number().int().nullable(),
  counterparty_vasp_name: z.string().nullable(),
};

export const TravelRuleQueueItemSchema = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  direction: z.enum(TRAVEL_RULE_DIRECTIONS),
  customer_id: z.number().int(),
  user_name: z.string(),
  asset: z.string(),
  amount: z.string(),
  jurisdiction: z.enum(TRAVEL_RULE_JURISDICTIONS),
  currency: z.enum(TRAVEL_RULE_CURRENCIES),
  /** The amount in the jurisdiction's currency at the rate of the transfer's time; null without a rate. */
  amount_in_currency: z.string().nullable(),
  state: z.enum(TRAVEL_RULE_STATES),
  ...counterpartyFields,
  originator_name: z.string().nullable(),
  beneficiary_name: z.string().nullable(),
  /** The originator's first national identifier, masked (`•••• 1234`). */
  originator_identifier: z.string().nullable(),
  missing_fields: z.array(z.enum(TRAVEL_RULE_FIELDS)),
  deadline: z.string().nullable(),
  /** A deposit from a VASP held while its information is missing (the exchange does not credit it). */
  held: z.boolean(),
  /** Its release (mark verified) was asked by one officer and waits for a second member's approval. */
  awaiting_approval: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
});
export type TravelRuleQueueItem = z.infer<typeof TravelRuleQueueItemSchema>;

export const TravelRuleQueueFiltersSchema = z.object({
  state: z.enum(TRAVEL_RULE_OPEN_STATES).optional(),
  jurisdiction: z.enum(TRAVEL_RULE_JURISDICTIONS).optional(),
  direction: z.enum(TRAVEL_RULE_DIRECTIONS).optional(),
  vaspId: VaspIdQuerySchema.optional(),
});

export const TravelRuleQueueQuerySchema = listQuerySchema(TRAVEL_RULE_SORT_KEYS, 'created_at').extend({
  dir: z.enum(['asc', 'desc']).default('asc'),
  ...TravelRuleQueueFiltersSchema.shape,
});
export type TravelRuleQueueQuery = z.input<typeof TravelRuleQueueQuerySchema>;

export const listTravelRuleQueue = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/queue',
  summary: 'Transfers whose travel-rule record is not complete, oldest first; the total comes apart',
  tags: TAGS,
  access: 'read',
  query: TravelRuleQueueQuerySchema,
  response: uncountedPageSchema(TravelRuleQueueItemSchema),
});

/** Asked once per filter beside the first page, so paging and sorting never count again (decision 0031). */
export const countTravelRuleQueue = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/queue/count',
  summary: 'How many open records match the queue filters: exact up to 100,000, else an estimate',
  tags: TAGS,
  access: 'read',
  query: TravelRuleQueueFiltersSchema,
  response: CountSchema,
});

/**
 * The records opened in a range of days (the report's, in its zone), every state, with their parties in
 * clear: identity numbers and birth dates are in this file only, as its purpose. Personal data: admins
 * and supers, and each export is an audit row.
 */
export const exportTravelRuleRecords = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/records/export',
  summary:
    'Travel-rule records opened in a range, with their parties in clear, as CSV or XLSX (personal data)',
  tags: TAGS,
  access: 'exportPersonal',
  errors: ['REPORT_UNKNOWN_TIME_ZONE', 'REPORT_RANGE_REVERSED', 'REPORT_RANGE_TOO_LONG'],
  file: LIST_EXPORT_FILE,
  query: z.object({
    /** First and last day (inclusive) the records were opened, in `tz`; by default the last 30 days. */
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    tz: TimeZoneNameSchema.default('UTC'),
    direction: z.enum(TRAVEL_RULE_DIRECTIONS).optional(),
    state: z.enum(TRAVEL_RULE_STATES).optional(),
    format: ExportFormatSchema.default('csv'),
  }),
  response: z.unknown(),
});

export const TravelRuleRecordSchema = TravelRuleQueueItemSchema.extend({
  network: z.string(),
  from_address: z.string().nullable(),
  to_address: z.string().nullable(),
  tx_hash: z.string().nullable(),
  transferred_at: z.string(),
  required_fields: z.array(z.enum(TRAVEL_RULE_FIELDS)),
  /** Whether the rule asks for verification (at or above the threshold). */
  verification_required: z.boolean(),
  state_reason: z.string().nullable(),
  state_changed_by: StaffNameSchema,
  state_changed_at: z.string(),
  self_hosted_proof: z
    .object({ method: z.enum(SELF_HOSTED_PROOFS), checked_by: StaffNameSchema, checked_at: z.string() })
    .nullable(),
  originator: StoredPartySchema,
  beneficiary: StoredPartySchema,
  originating_vasp: StoredPartySchema,
  beneficiary_vasp: StoredPartySchema,
  /** Whether identity numbers and birth dates are masked (every answer but a reveal). */
  masked: z.boolean(),
});
export type TravelRuleRecord = z.infer<typeof TravelRuleRecordSchema>;

export const getTravelRuleRecord = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/records/detail',
  summary: "One transfer's travel-rule record, identity numbers and birth dates masked",
  tags: TAGS,
  access: 'read',
  errors: ['TRAVEL_RULE_RECORD_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema }),
  response: TravelRuleRecordSchema,
});

export const revealTravelRuleRecord = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/records/reveal',
  summary: 'The record with identity numbers and birth dates shown; every reveal is audited',
  tags: TAGS,
  access: 'operate',
  errors: ['TRAVEL_RULE_RECORD_NOT_FOUND'],
  body: z.object({ id: IdSchema }),
  response: TravelRuleRecordSchema,
});

const recordAnswer = z.object({ success: z.literal(true), record: TravelRuleRecordSchema });
const RECORD_ERRORS = ['TRAVEL_RULE_RECORD_NOT_FOUND', 'STALE_EDIT', 'TRAVEL_RULE_RECORD_CLOSED'] as const;

/** A party left out stays as it is; null clears it. */
export const EditTravelRuleRecordBodySchema = z.object({
  id: IdSchema,
  version: VersionSchema,
  originator: OriginatorSchema.nullable().optional(),
  beneficiary: BeneficiarySchema.nullable().optional(),
  originating_vasp: OriginatingVaspSchema.nullable().optional(),
  beneficiary_vasp: BeneficiaryVaspSchema.nullable().optional(),
});
export type EditTravelRuleRecordBody = z.input<typeof EditTravelRuleRecordBodySchema>;

export const editTravelRuleRecord = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/records/update',
  summary: "Enter or correct a record's IVMS101 parties; its missing fields are worked out again",
  tags: TAGS,
  access: 'operate',
  errors: [...RECORD_ERRORS],
  body: EditTravelRuleRecordBodySchema,
  response: recordAnswer,
});

export const requestTravelRuleInformation = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/records/request-information',
  summary: 'Ask the customer or counterparty for the missing data, with a deadline',
  tags: TAGS,
  access: 'operate',
  errors: [...RECORD_ERRORS, 'TRAVEL_RULE_WRONG_STATE'],
  body: z.object({
    id: IdSchema,
    version: VersionSchema,
    note: ReasonSchema,
    /** Hours until the deadline; the jurisdiction's `answer_hours` when left out. */
    answer_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .optional(),
  }),
  response: recordAnswer,
});

export const verifyTravelRuleRecord = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/records/verify',
  summary:
    "Mark the record verified and complete; refused while a required field is missing. A held deposit or a withdrawal at or above the jurisdiction's threshold is released only once a second member approves (four-eyes): this call then asks for that approval",
  tags: TAGS,
  access: 'operate',
  errors: [
    ...RECORD_ERRORS,
    'TRAVEL_RULE_WRONG_STATE',
    'TRAVEL_RULE_FIELDS_MISSING',
    'TRAVEL_RULE_APPROVAL_PENDING',
    'APPROVAL_EXPIRED',
  ],
  body: z.object({ id: IdSchema, version: VersionSchema }),
  response: recordAnswer,
});

const closeBody = z.object({ id: IdSchema, version: VersionSchema, reason: ReasonSchema });

export const returnTravelRuleRecord = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/records/return',
  summary: 'Return the transfer: its gaps stayed open (final)',
  tags: TAGS,
  access: 'operate',
  errors: [...RECORD_ERRORS, 'TRAVEL_RULE_WRONG_STATE'],
  body: closeBody,
  response: recordAnswer,
});

export const rejectTravelRuleRecord = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/records/reject',
  summary: 'Reject the transfer (final)',
  tags: TAGS,
  access: 'operate',
  errors: [...RECORD_ERRORS, 'TRAVEL_RULE_WRONG_STATE'],
  body: closeBody,
  response: recordAnswer,
});

// ── The VASP directory ──────────────────────────────────────────────────────

export const VaspSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lei: z.string().nullable(),
  jurisdiction: z.enum(TRAVEL_RULE_JURISDICTIONS).nullable(),
  country: z.string().nullable(),
  licence: z.string().nullable(),
  protocol: z.enum(VASP_PROTOCOLS),
  due_diligence: z.enum(VASP_DUE_DILIGENCE),
  review_date: z.string().nullable(),
  address_count: z.number().int(),
  /** TRP (decision 0030): the base of its endpoints, and whether each side's credential is set. */
  trp_url: z.string().nullable(),
  trp_inbound: z.boolean(),
  trp_outbound: z.boolean(),
  /** The first characters of the token we issued it, to tell which one it holds; null: none issued. */
  trp_inbound_prefix: z.string().nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Vasp = z.infer<typeof VaspSchema>;

export const VaspAddressSchema = z.object({
  id: z.number().int(),
  vasp_id: z.number().int().nullable(),
  network: z.string(),
  address: z.string(),
  /** A range: every address starting with `address` on the network. */
  is_prefix: z.boolean(),
  self_hosted: z.boolean(),
  proof_method: z.enum(SELF_HOSTED_PROOFS).nullable(),
  proof_checked_by: StaffNameSchema,
  proof_checked_at: z.string().nullable(),
  /** The customer a self-hosted wallet belongs to. */
  customer_id: z.number().int().nullable(),
  created_at: z.string(),
  version: z.number().int(),
  /** A signed message's evidence: the text the customer signed and the signature. */
  proof_message: z.string().nullable(),
  proof_signature: z.string().nullable(),
  /** A test transfer's hash, and the customer's deposit Backdesk matched it to. */
  proof_tx_hash: z.string().nullable(),
  proof_transaction_id: z.number().int().nullable(),
  /** Who vouches for the evidence; null for a proof recorded without it (before migration 0061). */
  proof_verified_by: z.enum(PROOF_VERIFIERS).nullable(),
});
export type VaspAddress = z.infer<typeof VaspAddressSchema>;

export const VaspsQuerySchema = listQuerySchema(VASP_SORT_KEYS, 'name').extend({
  dir: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(100).optional(),
  jurisdiction: z.enum(TRAVEL_RULE_JURISDICTIONS).optional(),
  due_diligence: z.enum(VASP_DUE_DILIGENCE).optional(),
});
export type VaspsQuery = z.input<typeof VaspsQuerySchema>;

export const listVasps = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/vasps',
  summary: 'The VASP directory: counterparties with their due diligence',
  tags: TAGS,
  access: 'read',
  query: VaspsQuerySchema,
  response: pageSchema(VaspSchema),
});

export const getVasp = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/vasps/detail',
  summary: 'One VASP with the addresses attributed to it',
  tags: TAGS,
  access: 'read',
  errors: ['VASP_NOT_FOUND'],
  query: z.object({ id: VaspIdQuerySchema }),
  response: z.object({ vasp: VaspSchema, addresses: z.array(VaspAddressSchema) }),
});

export const VaspBodySchema = z.object({
  name: z.string().trim().min(2).max(200),
  lei: LeiSchema.nullable(),
  jurisdiction: z.enum(TRAVEL_RULE_JURISDICTIONS).nullable(),
  country: CountryCodeSchema.nullable(),
  licence: z.string().trim().min(1).max(200).nullable(),
  protocol: z.enum(VASP_PROTOCOLS),
  due_diligence: z.enum(VASP_DUE_DILIGENCE),
  review_date: CalendarDateSchema.nullable(),
});
export type VaspBody = z.input<typeof VaspBodySchema>;

const vaspAnswer = z.object({ success: z.literal(true), vasp: VaspSchema });

export const createVasp = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/create',
  summary: 'Add a counterparty to the VASP directory',
  tags: TAGS,
  access: 'configure',
  errors: ['VASP_LEI_TAKEN'],
  body: VaspBodySchema,
  response: vaspAnswer,
});

export const updateVasp = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/update',
  summary: "Change a VASP's details or due diligence (a stale version is refused)",
  tags: TAGS,
  access: 'configure',
  errors: ['VASP_NOT_FOUND', 'STALE_EDIT', 'VASP_LEI_TAKEN'],
  body: VaspBodySchema.extend({ id: SerialIdSchema, version: VersionSchema }),
  response: vaspAnswer,
});

export const deleteVasp = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/delete',
  summary: 'Remove a VASP no record names',
  tags: TAGS,
  access: 'configure',
  errors: ['VASP_NOT_FOUND', 'STALE_EDIT', 'VASP_IN_USE'],
  body: z.object({ id: SerialIdSchema, version: VersionSchema }),
  response: z.object({ success: z.literal(true) }),
});

const AddressTextSchema = z
  .string()
  .trim()
  .min(4)
  .max(128)
  .regex(/^[A-Za-z0-9:._-]+$/, 'Letters, digits and : . _ - only');

export const AddVaspAddressBodySchema = z
  .object({
    /** The VASP the address belongs to; null with `self_hosted` for a customer's own wallet. */
    vasp_id: SerialIdSchema.nullable(),
    network: z.string().trim().min(2).max(32).toUpperCase(),
    address: AddressTextSchema,
    is_prefix: z.boolean().default(false),
    self_hosted: z.boolean().default(false),
    /** Always null: a proof is recorded with its evidence (recordSelfHostedProof); kept so old callers read why. */
    proof_method: z.enum(SELF_HOSTED_PROOFS).nullable().default(null),
    /** The customer whose own wallet it is: every self-hosted wallet names one, a VASP's address none. */
    customer_id: IdSchema.nullable().default(null),
  })
  .refine((b) => (b.vasp_id === null) === b.self_hosted, {
    path: ['vasp_id'],
    message: 'An address belongs to a VASP or is self-hosted, not both',
    params: { rule: 'vasp_or_self_hosted' },
  })
  // A proof goes with its evidence, checked on its own endpoint (recordSelfHostedProof).
  .refine((b) => b.proof_method === null, {
    path: ['proof_method'],
    message: 'Record the proof with its evidence on the self-hosted wallets list',
    params: { rule: 'proof_with_evidence' },
  })
  .refine((b) => (b.customer_id !== null) === b.self_hosted, {
    path: ['customer_id'],
    message: "A self-hosted wallet names its customer; a VASP's address names none",
    params: { rule: 'self_hosted_customer' },
  });
export type AddVaspAddressBody = z.input<typeof AddVaspAddressBodySchema>;

export const addVaspAddress = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/addresses/add',
  summary: "Attribute an address or a range to a VASP, or mark it a customer's self-hosted wallet",
  tags: TAGS,
  access: 'configure',
  errors: ['VASP_NOT_FOUND', 'VASP_ADDRESS_EXISTS', 'CUSTOMER_NOT_FOUND'],
  body: AddVaspAddressBodySchema,
  response: z.object({ success: z.literal(true), address: VaspAddressSchema }),
});

export const removeVaspAddress = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/addresses/remove',
  summary: 'Remove an address attribution',
  tags: TAGS,
  access: 'configure',
  errors: ['VASP_ADDRESS_NOT_FOUND', 'VASP_ADDRESS_IN_USE'],
  body: z.object({ id: SerialIdSchema }),
  response: z.object({ success: z.literal(true) }),
});

// ── Self-hosted wallets (docs/decisions/0026-travel-rule.md, "Self-hosted wallets") ────────

export const SelfHostedWalletSchema = VaspAddressSchema.extend({
  /** The customer's user name, for the link to their page. */
  user_name: z.string().nullable(),
  /** Open travel-rule records resting on the wallet, whose missing fields its proof can change. */
  open_records: z.number().int(),
});
export type SelfHostedWallet = z.infer<typeof SelfHostedWalletSchema>;

export const SelfHostedQuerySchema = listQuerySchema(SELF_HOSTED_SORT_KEYS, 'proof_checked_at').extend({
  dir: z.enum(['asc', 'desc']).default('asc'),
  /** An address (its start) or a customer's user name. */
  q: z.string().trim().max(128).optional(),
  proof: z.enum(SELF_HOSTED_PROOF_STATES).optional(),
  network: z.string().trim().min(2).max(32).toUpperCase().optional(),
  customerId: QueryIdSchema.optional(),
});
export type SelfHostedQuery = z.input<typeof SelfHostedQuerySchema>;

export const listSelfHostedWallets = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/travel-rule/self-hosted',
  summary: "Customers' self-hosted wallets with their proof of ownership, a missing proof first",
  tags: TAGS,
  access: 'read',
  query: SelfHostedQuerySchema,
  response: pageSchema(SelfHostedWalletSchema),
});

/** Printable text and line breaks: no other control character in a message a customer signed. */
const PROOF_MESSAGE_TEXT = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;

/**
 * A proof's evidence, by method: the message the customer signed (naming the wallet, and a challenge
 * or the customer) and its signature; or the hash of the small test transfer they sent from it.
 */
export const SelfHostedProofBodySchema = z
  .object({
    id: SerialIdSchema,
    version: VersionSchema,
    proof_method: z.enum(SELF_HOSTED_PROOFS),
    message: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .regex(PROOF_MESSAGE_TEXT, 'No control characters but line breaks and tabs')
      .nullable()
      .default(null),
    /** 0x hex (EVM's r‖s‖v), or base64 (Bitcoin's message signatures). */
    signature: z
      .string()
      .trim()
      .min(16)
      .max(512)
      .regex(/^[A-Za-z0-9+/=]+$/, 'Hex or base64 only')
      .nullable()
      .default(null),
    tx_hash: z
      .string()
      .trim()
      .min(16)
      .max(128)
      .regex(/^[A-Za-z0-9]+$/, 'Letters and digits only')
      .nullable()
      .default(null),
  })
  .superRefine((b, ctx) => {
    const needs =
      b.proof_method === 'signed_message' ? (['message', 'signature'] as const) : (['tx_hash'] as const);
    const refuses =
      b.proof_method === 'signed_message' ? (['tx_hash'] as const) : (['message', 'signature'] as const);
    for (const field of needs)
      if (b[field] === null)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `A ${b.proof_method} proof needs its ${field}`,
          params: { rule: 'proof_evidence_required' },
        });
    for (const field of refuses)
      if (b[field] !== null)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `A ${b.proof_method} proof carries no ${field}`,
          params: { rule: 'proof_evidence_other_method' },
        });
  });
export type SelfHostedProofBody = z.input<typeof SelfHostedProofBodySchema>;

export const recordSelfHostedProof = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/self-hosted/proof',
  summary:
    "Record how a customer proved a self-hosted wallet theirs, with its evidence: a signed message (on EVM networks Backdesk recovers its signer) or a test transfer (matched to the customer's deposit from the wallet). The member recording it is the one who checked it, now; the open records resting on it are evaluated again",
  tags: TAGS,
  access: 'operate',
  errors: [
    'VASP_ADDRESS_NOT_FOUND',
    'STALE_EDIT',
    'VASP_ADDRESS_NOT_SELF_HOSTED',
    'PROOF_MESSAGE_WITHOUT_ADDRESS',
    'PROOF_SIGNATURE_MALFORMED',
    'PROOF_SIGNER_MISMATCH',
    'PROOF_TEST_TRANSFER_NOT_FOUND',
  ],
  body: SelfHostedProofBodySchema,
  response: z.object({ success: z.literal(true), wallet: SelfHostedWalletSchema }),
});

// ── TRP with a VASP (docs/decisions/0030-travel-rule-protocol.md) ─────────

export const ConfigureVaspTrpBodySchema = z
  .object({
    id: SerialIdSchema,
    version: VersionSchema,
    /** The base of the VASP's TRP endpoints (https://trp.example.com/trp/v1); null unlinks it. */
    url: z
      .string()
      .trim()
      .max(500)
      .url()
      .refine((v) => /^https?:\/\//.test(v), { message: 'An http(s) URL', params: { rule: 'url' } })
      .nullable(),
    /** The bearer token the VASP issued us, presented on every message to it; omitted, kept. */
    outbound_token: z.string().trim().min(16).max(500).optional(),
    /** Issue a new token for the VASP to present to us (the old one stops working); shown once. */
    issue_inbound: z.boolean().default(false),
    /** Withdraw the token we issued it: its messages are refused until a new one is issued. */
    revoke_inbound: z.boolean().default(false),
  })
  .refine((b) => !(b.issue_inbound && b.revoke_inbound), {
    path: ['revoke_inbound'],
    message: 'Issue a token or revoke it, not both',
    params: { rule: 'trp_issue_or_revoke' },
  });
export type ConfigureVaspTrpBody = z.input<typeof ConfigureVaspTrpBodySchema>;

export const configureVaspTrp = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/trp',
  summary: "Link a VASP over TRP: its endpoints' address, its token for us, a new token for it (shown once)",
  tags: TAGS,
  access: 'configure',
  errors: ['VASP_NOT_FOUND', 'STALE_EDIT'],
  body: ConfigureVaspTrpBodySchema,
  response: z.object({
    success: z.literal(true),
    vasp: VaspSchema,
    /** The new token for the VASP to present to us, when one was issued: it is not shown again. */
    inbound_token: z.string().nullable(),
  }),
});

/**
 * One row of a directory import: a VASP as the form takes it, its LEI required — the import matches
 * the directory by LEI, so a second import of the same file changes nothing.
 */
export const VaspImportRowSchema = VaspBodySchema.extend({ lei: LeiSchema });
export type VaspImportRow = z.input<typeof VaspImportRowSchema>;

/** How many rows one import takes: a directory, not a bulk load. */
export const VASP_IMPORT_MAX_ROWS = 1000;

export const importVasps = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/import',
  summary:
    'Import VASPs (rows from a CSV or JSON file): all rows or none, matched by LEI, each change audited',
  tags: TAGS,
  access: 'configure',
  errors: ['VASP_IMPORT_DUPLICATE_LEI'],
  body: z.object({ rows: z.array(VaspImportRowSchema).min(1).max(VASP_IMPORT_MAX_ROWS) }),
  response: z.object({
    success: z.literal(true),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
  }),
});
