import { Loader } from '@mantine/core';
import { type QueryKey, useIsFetching } from '@tanstack/react-query';

/**
 * Whether the query under `queryKey` (that one, not the ones below it) is fetching. A component that
 * shows only this is drawn when a fetch starts and ends; the page around it is not.
 */
export function useFetching(queryKey: QueryKey): boolean {
  return useIsFetching({ queryKey, exact: true }) > 0;
}

/** A small spinner while the query under `queryKey` fetches again. */
export function FetchingLoader({ queryKey, label }: { queryKey: QueryKey; label: string }) {
  return useFetching(queryKey) ? <Loader size="sm" aria-label={label} /> : null;
}
