import { fraudApi } from '@backdesk/contract';
import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../../config/config.ts';
import type { Db } from '../../../../db/client.ts';
import { type Clock, daysBefore } from '../../../../lib/clock.ts';
import type { FraudRuns } from '../runs/fraud-runs.ts';
import { createFraudEngine, type FraudEngine } from './fraud-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fraud check's engine: tests drive `app.fraudEngine.evaluatePending()` instead of the loop. */
    fraudEngine: FraudEngine;
  }
}

/** A rescan without a span covers the last 90 days. */
const DEFAULT_RESCAN_DAYS = 90;

export interface FraudEngineModuleDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'jobs'>;
  runs: Pick<FraudRuns, 'handle'>;
}

/**
 * The engine on this node: the `rescan` run handler everywhere, and the evaluator loop where jobs
 * run (started when the app is ready, stopped at drain and close). Tests call `evaluatePending()`.
 */
export function registerFraudEngine(
  app: FastifyInstance,
  { db, clock, config, runs }: FraudEngineModuleDeps,
) {
  const engine = createFraudEngine({ db, clock, log: app.log });
  app.decorate('fraudEngine', engine);
  // Events written and not yet evaluated, all nodes: a growing figure means the evaluators lag.
  app.metrics.gauge(
    'backdesk_fraud_events_waiting',
    'Fraud events queued and not yet evaluated, all nodes',
    () => engine.waiting(),
  );

  runs.handle('rescan', async (raw, ctx) => {
    const params = fraudApi.RescanRunParamsSchema.parse(raw);
    const to = params.to ? new Date(params.to) : clock.now();
    const from = params.from ? new Date(params.from) : daysBefore(to, params.days ?? DEFAULT_RESCAN_DAYS);
    return engine.rescan({ from, to }, params.rules as FraudRuleCode[] | undefined, ctx);
  });

  if (config.jobs) {
    app.addHook('onReady', () => engine.start());
    app.drain.onDrain(() => engine.stop());
    app.addHook('onClose', () => engine.stop());
  }
  return engine;
}
