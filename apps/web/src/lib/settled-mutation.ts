import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** A change's own handlers; when it reloads is the helper's. */
export interface SettledMutationOptions<I, R>
  extends Pick<UseMutationOptions<R, Error, I>, 'onSuccess' | 'onError'> {
  /**
   * Stay pending until the reload is done, so `mutateAsync` resolves (and the caller's own onSuccess
   * runs) with the stored state already loaded: for a form or panel that shows the saved value once the
   * change returns, and must not show the old one in between.
   */
  awaitReload?: boolean;
}

/** One query key (`['crm', 'customers']`), or several (`[['fraud', 'rules'], ['audit']]`). */
export type InvalidatedKeys = QueryKey | readonly QueryKey[];

const keyList = (keys: InvalidatedKeys): readonly QueryKey[] =>
  keys.length > 0 && keys.every(Array.isArray) ? (keys as readonly QueryKey[]) : [keys as QueryKey];

/**
 * A mutation that reloads the queries under `keys` once it settles: after a refusal too, the list shows
 * what is stored. The reload is not awaited (unless `awaitReload`): a caller's own onSuccess (its
 * toast) runs first, before the refetched data can unmount the component that asked.
 */
export function useSettledMutation<I, R>(
  keys: InvalidatedKeys,
  mutationFn: (input: I) => Promise<R>,
  { awaitReload = false, ...handlers }: SettledMutationOptions<I, R> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...handlers,
    mutationFn,
    onSettled: () => {
      const reloads = Promise.all(keyList(keys).map((queryKey) => client.invalidateQueries({ queryKey })));
      return awaitReload ? reloads : undefined;
    },
  });
}
