// Fraud check's long runs (rescan, backtest, rescreen): progress and log are rows every node reads.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listQuerySchema, pageSchema, QueryIdSchema, queryInt } from '../list.ts';
import { FRAUD_RUN_KINDS, FRAUD_RUN_STATUSES } from './keys.ts';

export const FRAUD_RUN_SORT_KEYS = ['created_at'] as const;
export const FRAUD_RUN_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type FraudRunLogLevel = (typeof FRAUD_RUN_LOG_LEVELS)[number];

export const FraudRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FRAUD_RUN_KINDS),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(FRAUD_RUN_STATUSES),
  progress_done: z.number().int(),
  progress_total: z.number().int().nullable(),
  /** What the run's handler returned (a backtest's figures, a rescan's count). */
  result: z.record(z.string(), z.unknown()).nullable(),
  cancel_requested: z.boolean(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type FraudRun = z.infer<typeof FraudRunSchema>;

/** A log line: `message` is a key of the web's `fraudRules:runLog.*`, `params` fill it. */
export const FraudRunLogEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  level: z.enum(FRAUD_RUN_LOG_LEVELS),
  message: z.string(),
  params: z.record(z.string(), z.unknown()),
});
export type FraudRunLogEntry = z.infer<typeof FraudRunLogEntrySchema>;

export const FraudRunsQuerySchema = listQuerySchema(FRAUD_RUN_SORT_KEYS, 'created_at').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  kind: z.enum(FRAUD_RUN_KINDS).optional(),
  status: z.enum(FRAUD_RUN_STATUSES).optional(),
});
export type FraudRunsQuery = z.input<typeof FraudRunsQuerySchema>;

export const listFraudRuns = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/runs',
  summary: 'Fraud check runs (rescans, backtests, rescreens), newest first',
  tags: ['compliance'],
  access: 'read',
  query: FraudRunsQuerySchema,
  response: pageSchema(FraudRunSchema),
});

export const getFraudRun = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/runs/detail',
  summary: 'One run with its log lines after `afterSeq` (poll it while the run is under way)',
  tags: ['compliance'],
  access: 'read',
  errors: ['FRAUD_RUN_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema, afterSeq: queryInt(0, 2_147_483_647).default(0) }),
  response: z.object({ run: FraudRunSchema, log: z.array(FraudRunLogEntrySchema) }),
});

export const cancelFraudRun = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/runs/cancel',
  summary: 'Ask a queued or running run to stop; it ends cancelled at its next step',
  tags: ['compliance'],
  access: 'operate',
  errors: ['FRAUD_RUN_NOT_FOUND', 'FRAUD_RUN_FINISHED'],
  body: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  response: z.object({ success: z.literal(true), run: FraudRunSchema }),
});
