import { z } from 'zod';
import { KYC_DOCUMENT_KINDS } from '../compliance/keys.ts';
import { KycDocumentRowSchema } from '../compliance/kyc.ts';
import { CalendarDateSchema } from '../dates.ts';
import type { ErrorCode } from '../error-catalogue.ts';
import type { IntegrationScope } from '../integrations/scopes.ts';
import { definePublicEndpoint } from './endpoint.ts';
import {
  ExternalIdSchema,
  INGEST_BATCH_LIMIT,
  IngestAssetSchema,
  IngestBalanceSchema,
  IngestCustomerSchema,
  IngestP2pOfferSchema,
  IngestP2pTradeSchema,
  IngestRateSchema,
  IngestResponseSchema,
  IngestSignInSchema,
  IngestWalletTransactionSchema,
} from './ingest-items.ts';

/** What every ingestion batch may answer besides its items' own codes (which are in each result). */
const BATCH_ERRORS = ['BATCH_TOO_LARGE'] as const satisfies readonly ErrorCode[];

/**
 * One ingestion endpoint (decision 0025): one object, a JSON array or NDJSON of at most 10,000; each
 * item answered on its own (`results`), HTTP 200 whenever the body could be read. Items are checked
 * one by one by the server, not as a whole by the body schema, which is here for the document.
 */
const ingestEndpoint = <P extends string, S extends z.ZodType>(
  path: P,
  summary: string,
  scope: IntegrationScope,
  item: S,
) =>
  definePublicEndpoint({
    method: 'POST',
    path: `/api/v1/ingest/${path}` as `/api/v1/ingest/${P}`,
    summary,
    tags: ['ingest'],
    scope,
    idempotent: true,
    batch: { maxItems: INGEST_BATCH_LIMIT },
    errors: BATCH_ERRORS,
    body: z.union([item, z.array(item).max(INGEST_BATCH_LIMIT)]),
    response: IngestResponseSchema,
  });

export const ingestAssets = ingestEndpoint(
  'assets',
  'Upsert the asset catalogue: an asset on a network, its precision, whether it is fiat',
  'ingest:rates',
  IngestAssetSchema,
);
export const ingestRates = ingestEndpoint(
  'rates',
  'Upsert price rates: an asset in TRY, USD or EUR at a time',
  'ingest:rates',
  IngestRateSchema,
);
export const ingestCustomers = ingestEndpoint(
  'customers',
  "Upsert customers: profile, status, KYC type; a staff edit awaiting the exchange's echo is never undone",
  'ingest:customers',
  IngestCustomerSchema,
);
export const ingestSignIns = ingestEndpoint(
  'sign-ins',
  "Customers' sign-ins on the exchange: address, device, outcome",
  'ingest:sign-ins',
  IngestSignInSchema,
);
export const ingestWalletTransactions = ingestEndpoint(
  'wallet-transactions',
  'Upsert deposits and withdrawals: amounts as exact decimal text, status transitions by version',
  'ingest:wallet',
  IngestWalletTransactionSchema,
);
export const ingestP2pOffers = ingestEndpoint(
  'p2p-offers',
  'Upsert P2P offers',
  'ingest:p2p',
  IngestP2pOfferSchema,
);
export const ingestP2pTrades = ingestEndpoint(
  'p2p-trades',
  'Upsert P2P trades: status transitions and disputes',
  'ingest:p2p',
  IngestP2pTradeSchema,
);
export const ingestBalances = ingestEndpoint(
  'balances',
  'Balance snapshots per customer and asset: the exchange is the ledger',
  'ingest:wallet',
  IngestBalanceSchema,
);

export const INGEST_ENDPOINTS = [
  ingestAssets,
  ingestRates,
  ingestCustomers,
  ingestSignIns,
  ingestWalletTransactions,
  ingestP2pOffers,
  ingestP2pTrades,
  ingestBalances,
] as const;

/**
 * A KYC document the customer gave the exchange: `multipart/form-data` with one file part `file`,
 * what it is in the query. Through the same intake as a staff upload (type by its bytes, metadata
 * stripped, active or encrypted content refused) and into the same review queue; the same file sent
 * again while pending (or a retried Idempotency-Key) answers the first document, `created: false`.
 */
export const ingestDocument = definePublicEndpoint({
  method: 'POST',
  path: '/api/v1/ingest/documents',
  summary: "A customer's KYC document (multipart, field `file`), through the intake and its refusals",
  tags: ['ingest'],
  scope: 'ingest:documents',
  idempotent: true,
  multipart: { file: 'file' },
  errors: [
    'CUSTOMER_UNKNOWN',
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
  query: z.strictObject({
    customerExternalId: ExternalIdSchema,
    kind: z.enum(KYC_DOCUMENT_KINDS),
    /** Only for kinds with an expiry. */
    expiresOn: CalendarDateSchema.optional(),
  }),
  response: z.object({ created: z.boolean(), document: KycDocumentRowSchema }),
});
