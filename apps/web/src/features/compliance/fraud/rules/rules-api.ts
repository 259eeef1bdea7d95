import type { fraudApi } from '@backdesk/contract';
import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/api.ts';
import { useSettledMutation } from '../../../../lib/settled-mutation.ts';
import { ruleEndpoints as api } from './endpoints.ts';

const RULES_KEY = ['fraud', 'rules'] as const;

export const useRules = () =>
  useQuery({ queryKey: RULES_KEY, queryFn: ({ signal }) => callEndpoint(api.list, { signal }) });

/** A rule's versions, newest first (the last 200: a rule changes a few times a year). */
export const useRuleVersions = (code: FraudRuleCode | undefined) =>
  useQuery({
    queryKey: [...RULES_KEY, 'versions', code],
    queryFn: ({ signal }) => callEndpoint(api.versions, { query: { code: code!, limit: 200 }, signal }),
    enabled: code !== undefined,
  });

// The editor shows the stored rule (and the run it started) once a change returns, not the old one.
const AWAIT = { awaitReload: true };

/** A rule's change shows in the rules, the rescan it starts and the rule's history. */
export const useUpdateRule = () =>
  useSettledMutation(
    [RULES_KEY, ['fraud', 'runs'], ['audit', 'fraud_rule']],
    ({ key, body }: { key: string; body: fraudApi.UpdateFraudRuleBody }) =>
      callEndpoint(api.update, { body: body as never, idempotencyKey: key }),
    AWAIT,
  );

export const useStartBacktest = () =>
  useSettledMutation(
    ['fraud', 'runs'],
    ({ key, body }: { key: string; body: fraudApi.BacktestBody }) =>
      callEndpoint(api.backtest, { body: body as never, idempotencyKey: key }),
    AWAIT,
  );
