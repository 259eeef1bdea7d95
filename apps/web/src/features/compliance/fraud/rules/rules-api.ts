import type { fraudApi } from '@backdesk/contract';
import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/api.ts';
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

export function useUpdateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: fraudApi.UpdateFraudRuleBody }) =>
      callEndpoint(api.update, { body: body as never, idempotencyKey: key }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: RULES_KEY }),
        client.invalidateQueries({ queryKey: ['fraud', 'runs'] }),
        client.invalidateQueries({ queryKey: ['audit', 'fraud_rule'] }),
      ]),
  });
}

export function useStartBacktest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: fraudApi.BacktestBody }) =>
      callEndpoint(api.backtest, { body: body as never, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: ['fraud', 'runs'] }),
  });
}
