import { z } from 'zod';
import { TRAVEL_RULE_DIRECTIONS } from '../compliance/travel-rule-keys.ts';
import { CalendarDateSchema, TimeZoneNameSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { DecimalStringSchema, SerialIdSchema, VersionSchema } from '../list.ts';
import { DEPOSIT_CHANNELS, REPORT_GROUPINGS, REPORT_NAMES, SOURCE_CHECK_STATUSES } from './keys.ts';

export * from './keys.ts';

/**
 * Reports (decision 0014). Every report answers the same shape, so one page renders them all: a value per
 * measure per period of the range and of the previous period of the same length, and breakdown tables
 * by a dimension. Every figure is a decimal string: counts, sums of amounts, durations in seconds.
 */

const FilterText = z.string().trim().min(1).max(40).optional();

/**
 * The range and grouping of a report. `groupBy` and `tz` are checked by the server so an unknown one
 * is refused with its own error code (REPORT_UNKNOWN_GROUPING, REPORT_UNKNOWN_TIME_ZONE); their
 * schemas take any short text, and the OpenAPI document names what is accepted (`meta`).
 */
export const ReportQuerySchema = z.object({
  /** First day, in the display time zone. */
  from: CalendarDateSchema,
  /** Last day (inclusive), in the display time zone. */
  to: CalendarDateSchema,
  /** An IANA time zone, e.g. Europe/Istanbul: days start at its midnight. */
  tz: TimeZoneNameSchema,
  /** day | week | month */
  groupBy: z
    .string()
    .min(1)
    .max(16)
    .meta({
      enum: [...REPORT_GROUPINGS],
      description:
        'The length of each period of the series. Another value is refused with REPORT_UNKNOWN_GROUPING.',
      example: 'day',
    }),
  asset: FilterText,
  network: FilterText,
  /** The deposit report's channel (DEPOSIT_CHANNELS); another matches no deposit. */
  channel: FilterText.meta({ enum: [...DEPOSIT_CHANNELS] }),
  customerType: FilterText,
  /** The travel-rule report's direction; another is refused (a misspelt one would count nothing). */
  direction: z.enum(TRAVEL_RULE_DIRECTIONS).optional(),
});
export type ReportQuery = z.input<typeof ReportQuerySchema>;

/** What a figure counts, so the page formats it: a count, an amount of one asset, money, seconds, a share. */
export const REPORT_UNITS = ['count', 'amount', 'currency', 'seconds', 'percent'] as const;
export const ReportUnitSchema = z.enum(REPORT_UNITS);
export type ReportUnit = z.infer<typeof ReportUnitSchema>;

export const ReportMeasureSchema = z.object({ key: z.string(), unit: ReportUnitSchema });
export type ReportMeasure = z.infer<typeof ReportMeasureSchema>;

const Figures = z.record(z.string(), z.string().nullable());

export const ReportPeriodSchema = z.object({
  /** First day of the period (YYYY-MM-DD, display zone). */
  start: z.string(),
  /** The aligned period of the previous range (same position), or null past its end. */
  previousStart: z.string().nullable(),
  values: Figures,
  previous: Figures.nullable(),
});
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;

export const ReportBreakdownSchema = z.object({
  key: z.string(),
  /** The dimension names of each row's `keys`, in order (e.g. ["asset", "network"]). */
  dimensions: z.array(z.string()),
  measures: z.array(ReportMeasureSchema),
  rows: z.array(z.object({ keys: z.array(z.string()), values: Figures, previous: Figures })),
});
export type ReportBreakdown = z.infer<typeof ReportBreakdownSchema>;

export const ReportSchema = z.object({
  report: z.enum(REPORT_NAMES),
  range: z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    tz: z.string(),
    groupBy: z.enum(REPORT_GROUPINGS),
  }),
  /** The measures of the time series, in order. */
  measures: z.array(ReportMeasureSchema),
  periods: z.array(ReportPeriodSchema),
  /** Totals over the range and the previous range. */
  totals: z.object({ values: Figures, previous: Figures }),
  breakdowns: z.array(ReportBreakdownSchema),
  /** Sections waiting for data that does not exist yet (e.g. fraud alerts before fraud check existed). */
  pending: z.array(z.string()),
  generatedAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

const report = (path: `/api/panel/${string}`, summary: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    summary,
    tags: ['reports'],
    access: 'read',
    errors: [
      'REPORT_UNKNOWN_GROUPING',
      'REPORT_UNKNOWN_TIME_ZONE',
      'REPORT_RANGE_REVERSED',
      'REPORT_RANGE_TOO_LONG',
    ],
    query: ReportQuerySchema,
    response: ReportSchema,
  });

export const reportDepositCsc = report(
  '/api/panel/report-deposit-csc',
  'Deposits by source-check status, channel, asset and network, held and released',
);
export const reportFinancial = report(
  '/api/panel/report-financial',
  'Deposits, withdrawals, fees and net flow per asset, with totals in the reporting currency',
);
export const reportTransactions = report(
  '/api/panel/report-transactions',
  'Wallet transaction counts and volumes by type, status, asset and network',
);
export const reportP2p = report(
  '/api/panel/report-p2p',
  'P2P trade volume, count, completion time, cancellations, disputes and their settlement',
);
export const reportCompliance = report(
  '/api/panel/report-compliance',
  'KYC decisions by outcome and reason, review times, SLA breaches, per officer',
);
export const reportCustomers = report(
  '/api/panel/report-customers',
  'Sign-ups, the KYC funnel, tiers, active customers and churn',
);
export const reportFraudSecurity = report(
  '/api/panel/report-fraud-security',
  'Restrictions added and lifted, and staff refused access',
);

export const reportTravelRule = report(
  '/api/panel/report-travel-rule',
  'Travel-rule records in scope by direction, completeness, counterparty VASP, deadlines passed, returned and rejected',
);

export const DepositReportsConfigSchema = z.object({
  channels: z.array(z.enum(DEPOSIT_CHANNELS)),
  sourceCheckStatuses: z.array(z.enum(SOURCE_CHECK_STATUSES)),
  assets: z.array(z.string()),
  /** Networks with the asset each carries. */
  networks: z.array(z.object({ asset: z.string(), network: z.string() })),
  groupings: z.array(z.enum(REPORT_GROUPINGS)),
});
export type DepositReportsConfig = z.infer<typeof DepositReportsConfigSchema>;

export const getDepositReportsConfig = defineEndpoint({
  method: 'GET',
  path: '/api/panel/get-deposit-reports-config',
  summary: 'What the deposit report can be filtered and grouped by',
  tags: ['reports'],
  access: 'read',
  response: DepositReportsConfigSchema,
});

export const ReportRateSchema = z.object({
  id: z.number().int(),
  asset: z.string(),
  valid_from: z.string(),
  rate: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type ReportRate = z.infer<typeof ReportRateSchema>;

export const listReportRates = defineEndpoint({
  method: 'GET',
  path: '/api/panel/report-rates',
  summary: 'The dated rates that convert each asset into the reporting currency',
  tags: ['reports'],
  access: 'read',
  response: z.object({ currency: z.string(), items: z.array(ReportRateSchema) }),
});

const AssetCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{2,10}$/, 'Use the asset code, e.g. BTC');

export const SetReportRateBodySchema = z.object({
  asset: AssetCodeSchema,
  valid_from: CalendarDateSchema,
  rate: DecimalStringSchema,
  /** The version loaded when editing an existing rate; absent when adding one. */
  id: SerialIdSchema.optional(),
  version: VersionSchema.optional(),
});
export type SetReportRateBody = z.input<typeof SetReportRateBodySchema>;

export const setReportRate = defineEndpoint({
  method: 'POST',
  path: '/api/panel/report-rates',
  summary: 'Add a dated rate, or change one with the version loaded',
  tags: ['reports'],
  access: 'configure',
  errors: ['REPORT_RATE_EXISTS', 'REPORT_RATE_NOT_FOUND', 'STALE_EDIT'],
  idempotent: true,
  body: SetReportRateBodySchema,
  response: z.object({ success: z.literal(true), rate: ReportRateSchema }),
});
