// What other areas may use of Transactions (test/module-boundaries.test.ts holds them to this entry).
export { readAmountCatalogue } from './assets/amount-catalogue.ts';
export { assetsIngest, ratesIngest } from './assets/assets.ingest.ts';
export { p2pOffersIngest, p2pTradesIngest } from './p2p/p2p.ingest.ts';
export { walletTransactionsIngest } from './wallet/wallet-transactions.ingest.ts';
