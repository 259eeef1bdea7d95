import { fraudApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { registerEndpoint } from '../../../../lib/endpoint-route.ts';
import { createChanges } from '../../../platform/audit/changes.ts';
import type { FraudRuns } from '../runs/fraud-runs.ts';
import { createFraudRulesRepository } from './fraud-rules.repository.ts';
import { type CountCandidates, createFraudRulesService } from './fraud-rules.service.ts';

/** Wires the rules: their list and versions, a change as a new version, and the `backtest` run. */
export function registerFraudRules(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; runs: Pick<FraudRuns, 'start' | 'handle'>; countCandidates: CountCandidates },
) {
  const service = createFraudRulesService({
    db: deps.db,
    clock: deps.clock,
    repo: createFraudRulesRepository(),
    changes: createChanges(deps.db),
    runs: deps.runs,
    countCandidates: deps.countCandidates,
  });
  deps.runs.handle('backtest', service.runBacktest);

  registerEndpoint(app, fraudApi.listFraudRules, () => service.list());
  registerEndpoint(app, fraudApi.listFraudRuleVersions, ({ query }) => service.versions(query));
  registerEndpoint(app, fraudApi.updateFraudRule, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.update(body, actor)),
  }));
  registerEndpoint(app, fraudApi.backtestFraudRule, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.backtest(body, actor)),
  }));
  return service;
}
