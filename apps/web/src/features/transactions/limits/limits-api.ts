import type { EndpointBody, TransactionLimit, transactionsApi } from '@backdesk/contract';
import * as transactionsRoutes from '@backdesk/contract/routes/transactions';
import { useQuery } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { transactionsRef } from '../../../lib/contract.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';

/** The limit endpoints, named without loading the contract (lib/contract.ts). */
export const limitEndpoints = {
  list: transactionsRef(transactionsRoutes.listTransactionLimits),
  create: transactionsRef(transactionsRoutes.createTransactionLimit),
  update: transactionsRef(transactionsRoutes.updateTransactionLimit),
  delete: transactionsRef(transactionsRoutes.deleteTransactionLimit),
};

/** docs/product-rules.md R25: only a success flag with a limits array counts; anything else empties the list. */
export function limitsOf(response: unknown): TransactionLimit[] {
  if (!response || typeof response !== 'object') return [];
  const { success, limits } = response as { success?: unknown; limits?: unknown };
  return success === true && Array.isArray(limits) ? (limits as TransactionLimit[]) : [];
}

const KEY = ['transactions', 'limits'] as const;

/** Every limit at once (a short list): the list kit sorts it in the browser. */
export const limitsSource = listSource({
  endpoint: limitEndpoints.list,
  queryKey: KEY,
  mode: 'client',
  read: (response) => ({ rows: limitsOf(response), nextCursor: null, prevCursor: null }),
});

/** The limits for the tester; the same cache entry as the list. */
export const useLimits = () => useQuery({ ...limitsSource.pageOptions({}), select: (page) => page.rows });

type LimitBody = EndpointBody<typeof transactionsApi.createTransactionLimit>;

/** Creating or deleting reloads the list (docs/product-rules.md R14); one key per user action makes a retry harmless. */
export const useCreateLimit = () =>
  useSettledMutation(KEY, ({ limit, key }: { limit: LimitBody; key: string }) =>
    callEndpoint(limitEndpoints.create, { body: limit, idempotencyKey: key }),
  );

/** An edit is version-checked, so a retry after success is refused as stale rather than applied twice. */
export const useUpdateLimit = () =>
  useSettledMutation(KEY, (body: EndpointBody<typeof transactionsApi.updateTransactionLimit>) =>
    callEndpoint(limitEndpoints.update, { body }),
  );

export const useDeleteLimit = () =>
  useSettledMutation(KEY, ({ lid, key }: { lid: number; key: string }) =>
    callEndpoint(limitEndpoints.delete, { body: { lid }, idempotencyKey: key }),
  );
