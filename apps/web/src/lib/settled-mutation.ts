import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that reloads the queries under `key` once it settles: after a refusal too, the list shows
 * what is stored. The reload is not awaited: a caller's own onSuccess (its toast) runs first, before
 * the refetched data can unmount the component that asked.
 */
export function useSettledMutation<I, R>(key: QueryKey, mutationFn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
