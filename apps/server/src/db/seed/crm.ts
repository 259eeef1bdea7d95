import type { CopyTable } from './tables.ts';

/** CRM tables filled after the core tables (restrictions, balances, KYC documents and decisions, notes). */
export const CRM_COPY_TABLES: readonly CopyTable[] = [];
