import { publicApi } from '@backdesk/contract';
import { balancesIngest, customersIngest, signInsIngest } from './modules/crm/index.ts';
import type { IngestRoute } from './modules/platform/ingest/ingest.module.ts';
import {
  assetsIngest,
  p2pOffersIngest,
  p2pTradesIngest,
  ratesIngest,
  walletTransactionsIngest,
} from './modules/transactions/index.ts';

/**
 * The exchange's data in (decision 0025): each area owns its kind, the platform the HTTP side. Read
 * by the app (the endpoints) and by the ingestion threads (the kinds, by name).
 */
export const INGEST_ROUTES: readonly IngestRoute[] = [
  { endpoint: publicApi.ingestAssets, kind: assetsIngest },
  { endpoint: publicApi.ingestRates, kind: ratesIngest },
  { endpoint: publicApi.ingestCustomers, kind: customersIngest },
  { endpoint: publicApi.ingestSignIns, kind: signInsIngest },
  { endpoint: publicApi.ingestWalletTransactions, kind: walletTransactionsIngest },
  { endpoint: publicApi.ingestP2pOffers, kind: p2pOffersIngest },
  { endpoint: publicApi.ingestP2pTrades, kind: p2pTradesIngest },
  { endpoint: publicApi.ingestBalances, kind: balancesIngest },
];

/** The ingestion thread's entry beside this module: the sources under tsx, the bundle's own file. */
export const INGEST_THREAD_ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './ingest-worker.ts' : './ingest-worker.mjs',
  import.meta.url,
);
