import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';

export interface FraudCheckDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/**
 * Fraud check (issue 13), its parts in the order they depend on each other: the runs every long job
 * reports through, the engine that raises alerts, the rules and the blocklist, alerts, cases,
 * screening, and the demo's live activity. A part gets what it needs from an earlier one as
 * functions, never by importing its service.
 */
export function registerFraudCheck(app: FastifyInstance, deps: FraudCheckDeps): void {
  void app;
  void deps;
}
