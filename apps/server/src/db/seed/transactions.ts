import type { CopyTable } from './tables.ts';

/** Transactions-area tables filled after the core tables (commission rules, settings, reviews). */
export const TRANSACTION_COPY_TABLES: readonly CopyTable[] = [];
