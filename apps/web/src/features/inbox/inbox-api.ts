import type { inboxApi } from '@backdesk/contract';
import type { TeamQueueKind } from '@backdesk/contract/inbox/keys';
import * as inboxRoutes from '@backdesk/contract/routes/inbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSource } from '../../components/list-page/list-source.ts';
import { callEndpoint } from '../../lib/api.ts';
import { inboxRef } from '../../lib/contract.ts';
import { useSettledMutation } from '../../lib/settled-mutation.ts';

/** The inbox endpoints, named without loading the contract (lib/contract.ts). */
export const inboxEndpoints = {
  list: inboxRef(inboxRoutes.listInbox),
  count: inboxRef(inboxRoutes.countInbox),
  summary: inboxRef(inboxRoutes.inboxSummary),
  mark: inboxRef(inboxRoutes.markInbox),
  assign: inboxRef(inboxRoutes.assignInbox),
  queues: inboxRef(inboxRoutes.listTeamQueues),
  next: inboxRef(inboxRoutes.takeNextFromQueue),
  routing: inboxRef(inboxRoutes.updateQueueRouting),
  away: inboxRef(inboxRoutes.setAway),
};

/** Everything the inbox shows lives under this key: a live inbox event refreshes all of it. */
export const INBOX_KEY = ['inbox'] as const;

export const inboxSource = listSource({
  endpoint: inboxEndpoints.list,
  queryKey: [...INBOX_KEY, 'list'],
  count: inboxEndpoints.count,
});

export const inboxSummaryQuery = queryOptions({
  queryKey: [...INBOX_KEY, 'summary'],
  queryFn: ({ signal }) => callEndpoint(inboxEndpoints.summary, { signal }),
  // Kept current by live events (live-events.ts); this is the fallback when the stream is down.
  refetchInterval: 120_000,
});

export const useInboxSummary = (enabled = true) => useQuery({ ...inboxSummaryQuery, enabled });

/** The dashboard's view of the queue: all open work, what is assigned to the member, or unread. */
export const OPEN_WORK_VIEWS = ['open', 'mine', 'unread'] as const;
export type OpenWorkView = (typeof OPEN_WORK_VIEWS)[number];
const OPEN_WORK_FILTER: Record<OpenWorkView, { assigned?: 'me'; read?: 'unread' }> = {
  open: {},
  mine: { assigned: 'me' },
  unread: { read: 'unread' },
};
/** How many items the dashboard shows; the inbox holds the rest. */
export const OPEN_WORK_LIMIT = 5;

/** The oldest open items of a view (the first to breach their SLA), and how many the view holds. */
export const openWorkQuery = (view: OpenWorkView) =>
  queryOptions({
    // Under INBOX_KEY: a live inbox event refreshes it with the header count.
    queryKey: [...INBOX_KEY, 'open-work', view],
    queryFn: async ({ signal }) => {
      const filters = { state: 'open' as const, ...OPEN_WORK_FILTER[view] };
      const [page, { total }] = await Promise.all([
        callEndpoint(inboxEndpoints.list, {
          query: { ...filters, dir: 'asc', limit: OPEN_WORK_LIMIT },
          signal,
        }),
        callEndpoint(inboxEndpoints.count, { query: filters, signal }),
      ]);
      return { items: page.items, total };
    },
    refetchInterval: 120_000,
  });

/** The /inbox search that lists the same view in full. */
export const openWorkSearch = (view: OpenWorkView) => ({
  ...OPEN_WORK_FILTER[view],
  sort: 'opened_at' as const,
  dir: 'asc' as const,
});

export const useOpenWork = (view: OpenWorkView) => useQuery(openWorkQuery(view));

// The inbox shows the items marked or assigned once the call returns, not as they were.
const useInboxMutation = <V, R>(call: (variables: V) => Promise<R>) =>
  useSettledMutation(INBOX_KEY, call, { awaitReload: true });

export const useMarkInbox = () =>
  useInboxMutation((body: { ids: number[]; read: boolean }) => callEndpoint(inboxEndpoints.mark, { body }));

export const useAssignInbox = () =>
  useInboxMutation((body: { id: number; version: number; assign: boolean }) =>
    callEndpoint(inboxEndpoints.assign, { body }),
  );

/** The team queues the member takes work from (under INBOX_KEY: refreshed with the inbox, and by `queues` events). */
export const teamQueuesQuery = queryOptions({
  queryKey: [...INBOX_KEY, 'queues'],
  queryFn: ({ signal }) => callEndpoint(inboxEndpoints.queues, { signal }),
  refetchInterval: 120_000,
});

export const useTeamQueues = () => useQuery(teamQueuesQuery);

export const useTakeNext = () =>
  useInboxMutation((kind: TeamQueueKind) => callEndpoint(inboxEndpoints.next, { body: { kind } }));

export const useUpdateRouting = () =>
  useInboxMutation((body: inboxApi.UpdateQueueRoutingBody) => callEndpoint(inboxEndpoints.routing, { body }));

export const useSetAway = () =>
  useInboxMutation((until: string | null) => callEndpoint(inboxEndpoints.away, { body: { until } }));
