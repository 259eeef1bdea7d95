import type { EndpointDef, EndpointQuery, EndpointResponse, ListTotal } from '@backdesk/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import i18next from 'i18next';
import { callEndpoint } from '../../lib/api.ts';
import type { EndpointRef } from '../../lib/contract.ts';
import { queryClient } from '../../lib/query-client.ts';
import { LIST_PARAMS } from './list-search.ts';

/** What a list shows of one response: its rows, its total and the cursors of the pages around it. */
export interface ListPage<Row> {
  rows: Row[];
  total?: ListTotal;
  nextCursor: string | null;
  prevCursor: string | null;
}

/** A list's URL search as the kit handles it: every value a string, but `limit`. */
export type SearchValues = Record<string, string | number | undefined>;

type PageRow<E extends EndpointDef> = EndpointResponse<E> extends { items: (infer R)[] } ? R : never;

export interface ListSourceOptions<E extends EndpointDef, P extends ListPage<unknown>> {
  /** The contract's GET endpoint of the list. */
  endpoint: EndpointRef<E>;
  /** Where the list's queries live in the cache; a mutation invalidates this prefix. */
  queryKey: readonly unknown[];
  /** `client`: the endpoint answers every row (a short list); the kit sorts them and shows no pages. */
  mode?: 'server' | 'client';
  /** Rows and paging of a response; by default the contract's page `{ items, total, nextCursor, … }`. */
  read?: (response: EndpointResponse<E>) => P;
  /** Instead of the plain call and `read`, e.g. to word a failure as R25 does. */
  fetchPage?: (query: EndpointQuery<E>, signal: AbortSignal) => Promise<P>;
  /**
   * A total asked apart from the page and keyed by the filters alone, so paging never recounts: the
   * list's count endpoint (answering `{ total }` for the filters), or a function that asks it.
   */
  count?: EndpointRef<EndpointDef> | ((filters: SearchValues, signal: AbortSignal) => Promise<ListTotal>);
  /** URL parameters the endpoint does not take, e.g. the id of an open detail drawer. */
  local?: readonly string[];
  /** Background refresh in ms (false: none); a hook, so a page can pause it. */
  useRefresh?: () => number | false;
}

/** A list's page type may carry more than rows (a fee schedule's customer types, say). */
export type ListSource<P extends ListPage<unknown> = ListPage<unknown>> = ReturnType<
  typeof listSource<EndpointDef, P>
>;

const defined = (values: SearchValues): SearchValues =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));

const readPage = (response: unknown): ListPage<never> => {
  const page = response as {
    items: never[];
    total: ListTotal;
    nextCursor: string | null;
    prevCursor: string | null;
  };
  return { rows: page.items, total: page.total, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
};

const noRefresh = () => false as const;

/** How long a fetched page counts as current. */
const FRESH_MS = 5_000;

/**
 * The data side of a list, declared once per list: which endpoint answers it, how a URL search
 * becomes its query, and the query options the page, the route loader and the app's startup share —
 * so all three hit the same cache entry.
 */
export function listSource<E extends EndpointDef, P extends ListPage<unknown> = ListPage<PageRow<E>>>(
  options: ListSourceOptions<E, P>,
) {
  const local = new Set<string>(options.local ?? []);
  const countEndpoint = options.count;
  const count =
    typeof countEndpoint === 'function' || countEndpoint === undefined
      ? countEndpoint
      : async (filters: SearchValues, signal: AbortSignal) =>
          // The list's filters are the count endpoint's query; the server validates them again.
          ((await callEndpoint(countEndpoint, { query: filters as never, signal })) as { total: ListTotal })
            .total;
  const mode = options.mode ?? 'server';
  const read = (options.read ?? readPage) as (response: EndpointResponse<E>) => P;
  // The route validated the search and the server validates the query again (400 with issues).
  const fetchPage =
    options.fetchPage ??
    (async (query: EndpointQuery<E>, signal: AbortSignal) =>
      read(await callEndpoint(options.endpoint, { query, signal })));

  /** The endpoint's query: the search without local parameters (a client list sends none). */
  const query = (search: SearchValues): SearchValues =>
    mode === 'client'
      ? {}
      : defined(Object.fromEntries(Object.entries(search).filter(([key]) => !local.has(key))));

  /** The filters alone: what a total, an export, "Clear" and a saved filter are about. */
  const filters = (search: SearchValues): SearchValues =>
    defined(
      Object.fromEntries(
        Object.entries(search).filter(
          ([key]) => !local.has(key) && !(LIST_PARAMS as readonly string[]).includes(key),
        ),
      ),
    );

  const pageOptions = (search: SearchValues, refresh: number | false = false) => {
    const q = query(search);
    return queryOptions({
      queryKey: [...options.queryKey, 'list', q],
      queryFn: ({ signal }) => fetchPage(q as EndpointQuery<E>, signal),
      placeholderData: keepPreviousData,
      refetchInterval: refresh,
      // The route loader fetched these rows a moment ago: the page mounting must not fetch them again
      // (and render the table twice). A mutation invalidates the list whatever its age.
      staleTime: FRESH_MS,
    });
  };

  /** The total keeps the page's background refresh: a refreshed page never sits under a stale total. */
  const countOptions = (search: SearchValues, refresh: number | false = false) => {
    const f = filters(search);
    return queryOptions({
      queryKey: [...options.queryKey, 'count', f],
      queryFn: ({ signal }) => (count ? count(f, signal) : Promise.resolve(undefined)),
      enabled: Boolean(count),
      refetchInterval: refresh,
      staleTime: FRESH_MS,
    });
  };

  return {
    endpoint: options.endpoint as EndpointRef<EndpointDef>,
    queryKey: options.queryKey,
    mode,
    local,
    hasCount: Boolean(count),
    query,
    filters,
    pageOptions,
    countOptions,
    useRefresh: options.useRefresh ?? noRefresh,
    /**
     * The route loader: fetches the page the URL names (and its total) unless the cache has it.
     * Entering the page waits for it, so the page renders with its rows; a filter change on the page
     * does not (the table keeps its previous rows meanwhile). A failure shows on the page, never as a
     * failed navigation.
     */
    prefetch: async (
      search: SearchValues,
      cause: 'enter' | 'preload' | 'stay',
      namespaces: readonly string[] = [],
    ) => {
      const loading = Promise.all([
        // The kit's own words load with the first list, not with the sign-in page; the page's own words
        // too, so its first render is its last (no text swapped in later, moving the list down).
        i18next.loadNamespaces(['list', ...namespaces]),
        queryClient.ensureQueryData(pageOptions(search)),
        count ? queryClient.ensureQueryData(countOptions(search)) : undefined,
      ]).catch(() => {});
      if (cause !== 'stay') await loading;
    },
  };
}
