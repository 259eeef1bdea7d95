import type { EndpointBody, EndpointDef, fraudApi } from '@backdesk/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../../lib/api.ts';
import { useSettledMutation } from '../../../../lib/settled-mutation.ts';
import { alertEndpoints as api } from './endpoints.ts';

/** Everything fraud check shows lives under this key: a change refreshes all of it (and live events too). */
export const FRAUD_KEY = ['fraud'] as const;
const ALERTS = [...FRAUD_KEY, 'alerts'] as const;

export const alertsSource = listSource({
  endpoint: api.list,
  queryKey: ALERTS,
  // The open drawer's alert id is the page's own, not a filter of the list.
  local: ['alert'],
  // Alerts are raised and moved by others all day: the list keeps itself current.
  useRefresh: () => 30_000,
});

export const alertDetailOptions = (id: number) =>
  queryOptions({
    queryKey: [...ALERTS, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(api.detail, { query: { id }, signal }),
  });

export const useAlertDetail = (id: number | undefined) =>
  useQuery({ ...alertDetailOptions(id ?? 0), enabled: id !== undefined });

export const useLinkedCustomers = (customerId: number | undefined) =>
  useQuery({
    queryKey: [...FRAUD_KEY, 'linked', customerId],
    queryFn: ({ signal }) => callEndpoint(api.linked, { query: { id: customerId! }, signal }),
    enabled: customerId !== undefined,
    staleTime: 60_000,
  });

/** A customer's alerts, newest first (the customer page's tab). */
export const useCustomerAlerts = (customerId: number) =>
  useQuery({
    queryKey: [...ALERTS, 'customer', customerId],
    queryFn: ({ signal }) =>
      callEndpoint(api.list, { query: { customer: String(customerId), limit: 50 }, signal }),
  });

/** The alert states that are still work: every one but closed. */
const OPEN_ALERT_STATUSES = ['open', 'investigating', 'escalated'] as const;

/**
 * How many of a customer's alerts are not closed: each open state's exact total (one row read each),
 * summed; undefined until all three have answered.
 */
export function useCustomerOpenAlerts(customerId: number): number | undefined {
  const totals = useQueries({
    queries: OPEN_ALERT_STATUSES.map((status) => ({
      queryKey: [...ALERTS, 'customer', customerId, 'open', status],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callEndpoint(api.list, { query: { customer: String(customerId), status, limit: 1 }, signal }),
    })),
  });
  if (totals.some((q) => !q.data)) return undefined;
  return totals.reduce((sum, q) => sum + (q.data?.total.value ?? 0), 0);
}

/** After any change: the lists, the detail, the history and the inbox count may all differ. */
const ALERT_KEYS = [FRAUD_KEY, ['audit', 'fraud_alert'], ['inbox'], ['approvals']];
// The alert's drawer shows the stored alert once an action returns, never the old one in between.
const AWAIT = { awaitReload: true };

type Body<E extends keyof typeof fraudApi> = (typeof fraudApi)[E] extends EndpointDef
  ? NonNullable<EndpointBody<(typeof fraudApi)[E]>>
  : never;

/** The alert's actions; creating ones take the Idempotency-Key the form made when it opened. */
export function useAlertActions() {
  return {
    move: useSettledMutation(
      ALERT_KEYS,
      (body: Body<'moveFraudAlert'>) => callEndpoint(api.move, { body }),
      AWAIT,
    ),
    assign: useSettledMutation(
      ALERT_KEYS,
      (body: Body<'assignFraudAlert'>) => callEndpoint(api.assign, { body }),
      AWAIT,
    ),
    comment: useSettledMutation(
      ALERT_KEYS,
      ({ key, ...body }: Body<'commentFraudAlert'> & { key: string }) =>
        callEndpoint(api.comment, { body, idempotencyKey: key }),
      AWAIT,
    ),
    restrict: useSettledMutation(
      ALERT_KEYS,
      ({ key, ...body }: Body<'restrictFromFraudAlert'> & { key: string }) =>
        callEndpoint(api.restrict, { body, idempotencyKey: key }),
      AWAIT,
    ),
    block: useSettledMutation(
      ALERT_KEYS,
      ({ key, ...body }: Body<'addBlocklistEntry'> & { key: string }) =>
        callEndpoint(api.block, { body, idempotencyKey: key }),
      AWAIT,
    ),
    openCase: useSettledMutation(
      ALERT_KEYS,
      ({ key, ...body }: Body<'openFraudCase'> & { key: string }) =>
        callEndpoint(api.openCase, { body, idempotencyKey: key }),
      AWAIT,
    ),
    bulk: useSettledMutation(
      ALERT_KEYS,
      ({ key, ...body }: Body<'bulkFraudAlerts'> & { key?: string }) =>
        callEndpoint(api.bulk, { body, ...(key ? { idempotencyKey: key } : {}) }),
      AWAIT,
    ),
  };
}
