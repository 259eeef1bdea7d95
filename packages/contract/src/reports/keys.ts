// Free of zod, so the report routes and pages can read the report vocabulary before the schemas load.

/** The eight reports (routes /reports/<slug>), in the order the index lists them. */
export const REPORT_NAMES = [
  'compliance',
  'csc',
  'customers',
  'financial',
  'fraud-security',
  'p2p',
  'transactions',
  'travel-rule',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest range a report covers; its previous period doubles what is read. */
export const REPORT_MAX_DAYS = 5 * 366;

/** The reporting currency of the financial report's totals (the rate table's unit). */
export const REPORTING_CURRENCY = 'USD';

/** A KYC decision is late when its review took longer than this. */
export const KYC_REVIEW_SLA_HOURS = 24;

/** The deposit report's vocabularies: how a deposit arrived, its source-of-funds check and hold. */
export const DEPOSIT_CHANNELS = ['bank_transfer', 'instant_payment', 'on_chain'] as const;
export const SOURCE_CHECK_STATUSES = ['pending', 'passed', 'review', 'failed'] as const;
export const HOLD_STATES = ['none', 'held', 'released'] as const;

/** The filters a report query may carry; each report reads the ones that fit it. */
export const REPORT_FILTER_KEYS = ['asset', 'network', 'channel', 'customerType', 'direction'] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

/** What each report can be filtered by (the page shows these filters, the server reads these). */
export const REPORT_FILTERS: Record<ReportName, readonly ReportFilterKey[]> = {
  compliance: [],
  csc: ['asset', 'network', 'channel'],
  customers: ['customerType'],
  financial: ['asset', 'network'],
  'fraud-security': [],
  p2p: ['asset'],
  transactions: ['asset', 'network'],
  'travel-rule': ['direction'],
};

/** Sections a report shows only once the data exists (none today: fraud check brought fraud alerts). */
export const REPORT_PENDING_SECTIONS: Partial<Record<ReportName, readonly string[]>> = {};
