// Fraud rules: each rule's current setting, its versions, a change as a new version, its backtest
// and its quality (how often its closed alerts were right).
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listQuerySchema, pageSchema, VersionSchema } from '../list.ts';
import { BACKTEST_DAY_RANGE, BACKTEST_DAYS, FRAUD_RULE_CODES, type FraudRuleCode } from './keys.ts';
import { FraudSeveritySchema, RULE_PARAMS } from './rule-params.ts';

export const FraudRuleCodeSchema = z.enum(FRAUD_RULE_CODES);
const ParamsRecordSchema = z.record(z.string(), z.unknown());

export { BACKTEST_DAY_RANGE, BACKTEST_DAYS, BACKTEST_PERIODS } from './keys.ts';

/** The windows a rule's quality is counted over. */
export const RULE_QUALITY_DAYS = [30, 90] as const;

/** A rule's alerts raised in the last `days` days, and what the closed ones turned out to be. */
export const RuleQualitySchema = z.object({
  days: z.number().int(),
  raised: z.number().int(),
  closed: z.number().int(),
  confirmed: z.number().int(),
  false_positive: z.number().int(),
  /** confirmed ÷ closed, 0–1; null while none is closed. */
  precision: z.number().nullable(),
  /** false positives ÷ closed, 0–1; null while none is closed. */
  false_positive_rate: z.number().nullable(),
});
export type RuleQuality = z.infer<typeof RuleQualitySchema>;

export const FraudRuleSchema = z.object({
  code: FraudRuleCodeSchema,
  /** The rule row's version: what an edit sends back (a stale one is refused). */
  version: z.number().int(),
  current_version: z.number().int(),
  params: ParamsRecordSchema,
  severity: FraudSeveritySchema,
  enabled: z.boolean(),
  reason: z.string().nullable(),
  changed_by: z.string().nullable(),
  changed_at: z.string(),
  quality: z.array(RuleQualitySchema),
});
export type FraudRule = z.infer<typeof FraudRuleSchema>;

export const listFraudRules = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/rules',
  summary: 'The fraud rules with their current setting and quality over 30 and 90 days',
  tags: ['compliance'],
  access: 'read',
  response: z.object({ items: z.array(FraudRuleSchema) }),
});

export const FraudRuleVersionSchema = z.object({
  rule_code: FraudRuleCodeSchema,
  version: z.number().int(),
  params: ParamsRecordSchema,
  severity: FraudSeveritySchema,
  enabled: z.boolean(),
  reason: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type FraudRuleVersion = z.infer<typeof FraudRuleVersionSchema>;

export const FRAUD_RULE_VERSION_SORT_KEYS = ['version'] as const;
export const FraudRuleVersionsQuerySchema = listQuerySchema(FRAUD_RULE_VERSION_SORT_KEYS, 'version').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  code: FraudRuleCodeSchema,
});

export const listFraudRuleVersions = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/rules/versions',
  summary: "A rule's versions: who changed what, when and why",
  tags: ['compliance'],
  access: 'read',
  query: FraudRuleVersionsQuerySchema,
  response: pageSchema(FraudRuleVersionSchema),
});

/** A proposed setting: its params checked against the rule's own schema, issues under `params.<field>`. */
const settingShape = {
  code: FraudRuleCodeSchema,
  params: ParamsRecordSchema,
  severity: FraudSeveritySchema,
  enabled: z.boolean(),
};
const checkParams = (b: { code: FraudRuleCode; params: unknown }, ctx: z.core.$RefinementCtx) => {
  const parsed = RULE_PARAMS[b.code].safeParse(b.params);
  if (parsed.success) return;
  // The rule's own issues as they are (code, bounds), under `params.<field>`, so forms word them.
  for (const issue of parsed.error.issues)
    ctx.addIssue({ ...issue, path: ['params', ...issue.path] } as z.core.$ZodRawIssue);
};

export const FraudRuleSettingBodySchema = z.strictObject(settingShape).superRefine(checkParams);
export type FraudRuleSettingBody = z.input<typeof FraudRuleSettingBodySchema>;

/** A setting to backtest, over the last `days` days (7 to 90; 30 when not given). */
export const BacktestBodySchema = z
  .strictObject({
    ...settingShape,
    days: z.number().int().min(BACKTEST_DAY_RANGE.min).max(BACKTEST_DAY_RANGE.max).default(BACKTEST_DAYS),
  })
  .superRefine(checkParams);
export type BacktestBody = z.input<typeof BacktestBodySchema>;

export const UpdateFraudRuleBodySchema = z
  .strictObject({ ...settingShape, version: VersionSchema, reason: z.string().trim().min(3).max(500) })
  .superRefine(checkParams);
export type UpdateFraudRuleBody = z.input<typeof UpdateFraudRuleBodySchema>;

export const updateFraudRule = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/rules/update',
  summary: "Change a rule's setting as a new version, with a reason; a rescan of the rule follows",
  tags: ['compliance'],
  access: 'configure',
  errors: ['FRAUD_RULE_NOT_FOUND', 'STALE_EDIT', 'FRAUD_RULE_UNCHANGED'],
  idempotent: true,
  body: UpdateFraudRuleBodySchema,
  response: z.object({
    success: z.literal(true),
    rule: FraudRuleSchema,
    /** The rescan of the rule's history; null when the new setting switched it off. */
    rescanRunId: z.number().int().nullable(),
  }),
});

export const backtestFraudRule = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/rules/backtest',
  summary:
    'Start a backtest: the alerts the current and the proposed setting would have raised over the last 7 to 90 days (30 by default)',
  tags: ['compliance'],
  access: 'configure',
  idempotent: true,
  body: BacktestBodySchema,
  response: z.object({ success: z.literal(true), runId: z.number().int() }),
});

/** What a backtest run stores as its result: one figure set per setting. */
export const BacktestFiguresSchema = z.object({
  alerts: z.number().int(),
  customers: z.number().int(),
  sample: z.array(z.object({ customerId: z.number().int(), userName: z.string(), alerts: z.number().int() })),
});
export type BacktestFigures = z.infer<typeof BacktestFiguresSchema>;
export const BacktestResultSchema = z.object({
  rule: FraudRuleCodeSchema,
  from: z.string(),
  to: z.string(),
  current: BacktestFiguresSchema,
  proposed: BacktestFiguresSchema,
});
export type BacktestResult = z.infer<typeof BacktestResultSchema>;

/** A backtest run's params (the rules part writes and reads them). */
export const BacktestRunParamsSchema = z.object({
  rule: FraudRuleCodeSchema,
  params: ParamsRecordSchema,
  severity: FraudSeveritySchema,
  enabled: z.boolean(),
  days: z.number().int().min(1).max(366),
});
export type BacktestRunParams = z.infer<typeof BacktestRunParamsSchema>;
