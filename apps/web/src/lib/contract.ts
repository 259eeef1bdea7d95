import type * as ContractModule from '@backdesk/contract';
import type { EndpointDef } from '@backdesk/contract';

export type Contract = typeof ContractModule;

let loading: Promise<Contract> | undefined;

/**
 * The contract's schemas (and zod with them) load on first use instead of with the entry: the
 * sign-in page must be interactive within 150 KB (issue 2, part 13) and zod alone is ~23 KB.
 */
export const loadContract = (): Promise<Contract> => {
  loading ??= import('@backdesk/contract').catch((error: unknown) => {
    loading = undefined; // let the next call try again
    throw error;
  });
  return loading;
};

/**
 * Names an endpoint without loading the contract: the request can start at once, and the schema is
 * picked from the contract when the response has to be parsed. `method`, `path` and `access` are
 * checked against the contract's literal types, so they cannot drift from it; `access` lets the page
 * hide what the server would refuse (`useCan` in features/auth/can.ts) before any schema loads.
 */
export interface EndpointRef<E extends EndpointDef> {
  method: E['method'];
  path: E['path'];
  access: E['access'];
  select: (contract: Contract) => E;
}

export const endpointRef = <E extends EndpointDef>(
  select: (contract: Contract) => E,
  method: E['method'],
  path: E['path'],
  access: E['access'],
): EndpointRef<E> => ({ select, method, path, access });
