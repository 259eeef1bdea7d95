import { Loader } from '@mantine/core';
import { type QueryKey, useIsFetching } from '@tanstack/react-query';

/**
 * A small spinner while the query under `queryKey` fetches again. It watches the fetch on its own,
 * so the page around it is not drawn again (twice) each time a fetch starts and ends.
 */
export function FetchingLoader({ queryKey, label }: { queryKey: QueryKey; label: string }) {
  const fetching = useIsFetching({ queryKey, exact: true }) > 0;
  return fetching ? <Loader size="sm" aria-label={label} /> : null;
}
