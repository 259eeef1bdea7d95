import type * as ContractModule from '@backdesk/contract';
import type { EndpointDef } from '@backdesk/contract';
import type * as AuthContractModule from '@backdesk/contract/auth';

export type Contract = typeof ContractModule;
export type AuthContract = typeof AuthContractModule;

/** Loads a schema module on first use, once; a failed load is tried again by the next call. */
function lazyModule<M>(importer: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () => {
    loading ??= importer().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * The contract's schemas (and zod with them) load on first use instead of with the entry: the
 * sign-in page must be interactive within 150 KB (issue 10) and the whole contract, with zod and
 * decimal.js, is ~40 KB.
 */
export const loadContract = lazyModule(() => import('@backdesk/contract'));

/**
 * Only the sign-in endpoints' schemas (packages/contract/src/auth.ts: zod, no decimal.js, no other
 * area): what /login needs to validate its answers without fetching the whole contract.
 */
export const loadAuthContract = lazyModule(() => import('@backdesk/contract/auth'));

/**
 * Names an endpoint without loading its schemas: the request can start at once, and the descriptor
 * is picked from its schema module (`source`) when the response has to be parsed. `method`, `path`
 * and `access` are checked against the contract's literal types, so they cannot drift from it;
 * `access` lets the page hide what the server would refuse (`useCan` in features/auth/can.ts)
 * before any schema loads.
 */
export interface EndpointRef<E extends EndpointDef, M = Contract> {
  method: E['method'];
  path: E['path'];
  access: E['access'];
  source: () => Promise<M>;
  select: (module: M) => E;
}

/** A ref factory for the endpoints of one schema module. */
export const endpointRefsFrom =
  <M>(source: () => Promise<M>) =>
  <E extends EndpointDef>(
    select: (module: M) => E,
    method: E['method'],
    path: E['path'],
    access: E['access'],
  ): EndpointRef<E, M> => ({ select, source, method, path, access });

/** Refs into the whole contract (`c.crmApi.…`, `c.transactionsApi.…`). */
export const endpointRef = endpointRefsFrom(loadContract);

/** Refs into the sign-in endpoints' own module (`c.login`, `c.getCaptcha`…). */
export const authEndpointRef = endpointRefsFrom(loadAuthContract);
