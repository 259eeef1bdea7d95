import { z } from 'zod';
import { CalendarDateSchema, InstantSchema } from '../dates.ts';
import { RATE_QUOTES } from '../rules/assets.ts';
import { TravelRuleBlockSchema } from './travel-rule.ts';

/**
 * What the exchange sends Backdesk (decision 0025, "Ingestion"): one schema per kind of object, each
 * item validated on its own. Nothing is coerced: an amount is exact decimal text, an enum only its
 * known values, unknown fields are refused (strict), so a typo never passes as "not given".
 */

/** Most items a batch may hold; a larger one is refused whole (413 BATCH_TOO_LARGE). */
export const INGEST_BATCH_LIMIT = 10_000;

/** The exchange's own id of an object: visible ASCII, no spaces. */
export const ExternalIdSchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,128}$/, 'Visible ASCII characters, 1 to 128, no spaces')
  .meta({ description: "The exchange's own id of the object", example: 'wtx_9f3a01' });

/** The exchange's version of an object, incremented on every change; a newer one wins. */
export const IngestVersionSchema = z
  .number()
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .meta({ description: 'Incremented by the exchange on every change of the object; the highest wins' });

/**
 * An exact decimal as text, at most 18 digits before and 18 after the point (numeric(36,18)), never a
 * JSON number. `signed` allows a leading minus.
 */
export const exactDecimal = (options: { signed?: boolean; positive?: boolean } = {}) =>
  z
    .string()
    .regex(
      options.signed ? /^-?\d{1,18}(\.\d{1,18})?$/ : /^\d{1,18}(\.\d{1,18})?$/,
      'An exact decimal as text, such as "1250.50": up to 18 digits before and after the point',
    )
    .refine((value) => !options.positive || /[1-9]/.test(value), 'Must be greater than zero')
    .meta({ format: 'decimal', example: '1250.50' });

/** Digits after the point, for the asset catalogue's precision check. */
export const decimalScale = (value: string) => {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
};

const text = (max: number) => z.string().min(1).max(max);
const optionalText = (max: number) => text(max).nullable().optional();
const AssetCodeSchema = z.string().regex(/^[A-Z0-9]{1,16}$/, 'Upper-case letters and digits, 1 to 16');
const NetworkSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'Letters, digits, - and _, 1 to 32');

const keyed = { externalId: ExternalIdSchema, version: IngestVersionSchema };

export const CUSTOMER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const IngestCustomerSchema = z.strictObject({
  ...keyed,
  userName: z.string().regex(/^[\p{L}\p{N}._-]{1,64}$/u, 'Letters, digits, . _ -, 1 to 64'),
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: z.email().max(254).nullable().optional(),
  mobile: z
    .string()
    .regex(/^\+?[0-9 ()-]{4,32}$/, 'A phone number')
    .nullable()
    .optional(),
  status: z.enum(CUSTOMER_STATUSES),
  /** kyc: an individual; kyb: a business. */
  kycType: z.enum(['kyc', 'kyb']),
  birthDate: CalendarDateSchema.nullable().optional(),
  nationality: z
    .string()
    .regex(/^[A-Z]{2}$/, 'An ISO 3166-1 alpha-2 country code')
    .nullable()
    .optional(),
  createdAt: InstantSchema.optional(),
});
export type IngestCustomer = z.output<typeof IngestCustomerSchema>;

export const SIGN_IN_FAILURE_REASONS = ['bad_password', 'bad_two_factor', 'locked', 'restricted'] as const;
export const IngestSignInSchema = z
  .strictObject({
    ...keyed,
    customerExternalId: ExternalIdSchema,
    at: InstantSchema,
    ip: z.union([z.ipv4(), z.ipv6()]),
    deviceId: text(128),
    userAgent: optionalText(512),
    outcome: z.enum(['success', 'failure']),
    failureReason: z.enum(SIGN_IN_FAILURE_REASONS).nullable().optional(),
  })
  .refine((s) => (s.outcome === 'failure') === (s.failureReason != null), {
    message: 'A failed sign-in names its reason; a successful one has none',
    path: ['failureReason'],
  });
export type IngestSignIn = z.output<typeof IngestSignInSchema>;

/** What the exchange says of a wallet transaction; under_review and rejected are Backdesk's decisions. */
export const INGEST_WALLET_STATUSES = ['pending', 'completed', 'failed'] as const;
export const IngestWalletTransactionSchema = z
  .strictObject({
    ...keyed,
    customerExternalId: ExternalIdSchema,
    type: z.enum(['deposit', 'withdrawal', 'transfer', 'fee']),
    asset: AssetCodeSchema,
    network: NetworkSchema,
    amount: exactDecimal({ positive: true }),
    fee: exactDecimal().optional(),
    fromAddress: optionalText(128),
    toAddress: optionalText(128),
    txHash: optionalText(128),
    status: z.enum(INGEST_WALLET_STATUSES),
    /** Deposits only. */
    channel: z.enum(['bank_transfer', 'instant_payment', 'on_chain']).nullable().optional(),
    createdAt: InstantSchema,
    updatedAt: InstantSchema.optional(),
    /** Deposits and withdrawals: the travel rule's data, when the exchange has it (decision 0026). */
    travelRule: TravelRuleBlockSchema.optional(),
  })
  .refine((t) => t.type === 'deposit' || t.channel == null, {
    message: 'Only a deposit has a channel',
    path: ['channel'],
  })
  .refine((t) => t.travelRule === undefined || t.type === 'deposit' || t.type === 'withdrawal', {
    message: 'Only a deposit or a withdrawal carries travel-rule data',
    path: ['travelRule'],
  });
export type IngestWalletTransaction = z.output<typeof IngestWalletTransactionSchema>;

export const IngestP2pOfferSchema = z.strictObject({
  ...keyed,
  sellerExternalId: ExternalIdSchema,
  /** What is sold, e.g. USDT-TRC20. */
  contract: z.string().regex(/^[A-Z0-9]{1,16}(-[A-Za-z0-9]{1,16})?$/, 'Such as USDT-TRC20'),
  accountAddress: optionalText(128),
  unitPrice: exactDecimal({ positive: true }),
  rankSeller: z.number().int().min(0).max(1_000_000).nullable().optional(),
  message: optionalText(1000),
  status: z.enum(['active', 'suspended']),
  createdAt: InstantSchema,
});
export type IngestP2pOffer = z.output<typeof IngestP2pOfferSchema>;

/** A trade's resolution after a dispute is Backdesk's decision; the exchange reports the rest. */
export const IngestP2pTradeSchema = z.strictObject({
  ...keyed,
  offerExternalId: ExternalIdSchema,
  buyerExternalId: ExternalIdSchema,
  amount: exactDecimal({ positive: true }),
  status: z.enum(['pending', 'disputed', 'cancelled', 'completed']),
  disputeReason: optionalText(1000),
  createdAt: InstantSchema,
});
export type IngestP2pTrade = z.output<typeof IngestP2pTradeSchema>;

export const IngestAssetSchema = z.strictObject({
  ...keyed,
  asset: AssetCodeSchema,
  network: NetworkSchema,
  name: optionalText(100),
  precision: z.number().int().min(0).max(18),
  isFiat: z.boolean(),
});
export type IngestAsset = z.output<typeof IngestAssetSchema>;

export const IngestRateSchema = z.strictObject({
  ...keyed,
  asset: AssetCodeSchema,
  quote: z.enum(RATE_QUOTES),
  rate: exactDecimal({ positive: true }),
  at: InstantSchema,
});
export type IngestRate = z.output<typeof IngestRateSchema>;

/** A balance snapshot: the exchange is the ledger; keyed by customer and asset, no id of its own. */
export const IngestBalanceSchema = z.strictObject({
  customerExternalId: ExternalIdSchema,
  asset: AssetCodeSchema,
  version: IngestVersionSchema,
  available: exactDecimal(),
  locked: exactDecimal(),
  asOf: InstantSchema,
});
export type IngestBalance = z.output<typeof IngestBalanceSchema>;

export const INGEST_ITEM_STATUSES = ['applied', 'unchanged', 'stale', 'refused'] as const;
/** One item's answer; `index` is its place in the batch (its line, from 0, for NDJSON). */
export const IngestItemResultSchema = z.object({
  index: z.number().int().nonnegative(),
  externalId: z.string().nullable(),
  status: z.enum(INGEST_ITEM_STATUSES),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type IngestItemResult = z.output<typeof IngestItemResultSchema>;

export const IngestResponseSchema = z.object({
  received: z.number().int().nonnegative(),
  applied: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  stale: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  results: z.array(IngestItemResultSchema),
});
export type IngestResponse = z.output<typeof IngestResponseSchema>;
