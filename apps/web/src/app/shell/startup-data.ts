import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { customersSource } from '../../features/crm/customers/get-customers.ts';
import { limitsSource } from '../../features/transactions/limits/limits-api.ts';
import { offersSource, tradesSource } from '../../features/transactions/p2p/p2p-api.ts';
import { queryClient } from '../../lib/query-client.ts';

// The lists' default URL state (their routes' validateSearch of an empty URL), so the pages find these
// queries already in the cache.
const FIRST_PAGE = { sort: 'created_at', dir: 'desc' } as const;

/**
 * The customers' first page and total, asked as the signed-in layout starts loading (its route
 * loader), beside the page's code rather than after it: the customer list, the app's main screen,
 * then renders as soon as its code is in. Only what the cache does not hold yet is fetched.
 */
let prefetched = false;

export function prefetchStartupData(): void {
  // The layout's loader runs again on every navigation: the startup data is asked once.
  if (prefetched) return;
  prefetched = true;
  void queryClient.prefetchQuery(customersSource.pageOptions(FIRST_PAGE));
  void queryClient.prefetchQuery(customersSource.countOptions(FIRST_PAGE));
}

/**
 * docs/product-rules.md R17: on mount the app initialises customers (only if not yet loaded), P2P data and limits,
 * and P2P data refreshes in the background every 60 seconds (paused from the P2P pages).
 */
export function useStartupData(): void {
  const client = useQueryClient();
  const refresh = tradesSource.useRefresh();
  useEffect(() => {
    // ensureQueryData fetches only what the cache does not hold yet: "only if not yet loaded".
    void client.ensureQueryData(customersSource.pageOptions(FIRST_PAGE)).catch(() => {});
    void client.ensureQueryData(limitsSource.pageOptions({})).catch(() => {});
  }, [client]);
  useQuery(tradesSource.pageOptions(FIRST_PAGE, refresh));
  useQuery(tradesSource.countOptions(FIRST_PAGE, refresh));
  useQuery(offersSource.pageOptions(FIRST_PAGE, refresh));
}
