import type { fraudApi } from '@backdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../../lib/api.ts';
import { useSettledMutation } from '../../../../lib/settled-mutation.ts';
import { runEndpoints as api } from './endpoints.ts';

export const RUNS_KEY = ['fraud', 'runs'] as const;

/** A run still under way: its panel polls it. */
export const isUnderWay = (run: Pick<fraudApi.FraudRun, 'status'> | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

export const runsSource = listSource({
  endpoint: api.list,
  queryKey: RUNS_KEY,
  // The run open in the drawer is the page's own, not a filter.
  local: ['run'],
  useRefresh: () => 10_000,
});

/** How often an unfinished run is read again: its progress and log are rows any node writes. */
const POLL_MS = 1_000;

export const runOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: [...RUNS_KEY, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(api.detail, { query: { id: id ?? 0, afterSeq: 0 }, signal }),
    // No run yet (a rule's backtest not started): nothing to ask for.
    enabled: id !== undefined,
    refetchInterval: (query) => (isUnderWay(query.state.data?.run) ? POLL_MS : false),
  });

export const useRun = (id: number | undefined) => useQuery(runOptions(id));

// The run's panel shows it cancelled once the call returns, not still running.
export const useCancelRun = () =>
  useSettledMutation(RUNS_KEY, (id: number) => callEndpoint(api.cancel, { body: { id } }), {
    awaitReload: true,
  });
