import type * as ContractModule from '@backdesk/contract';
import type { EndpointDef, EndpointResponse } from '@backdesk/contract';
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
 * The whole contract, for the forms' schemas (use-contract-form), loaded on first use instead of with
 * the entry: the sign-in page must be interactive within 150 KB (decision 0022) and the contract, with zod
 * and decimal.js, is ~40 KB. Endpoints load their own area's module only (the refs below).
 */
export const loadContract = lazyModule(() => import('@backdesk/contract'));

/**
 * Only the sign-in endpoints' schemas (packages/contract/src/auth.ts: zod, no decimal.js, no other
 * area): what /login needs to validate its answers without fetching the whole contract.
 */
export const loadAuthContract = lazyModule(() => import('@backdesk/contract/auth'));

/**
 * Names an endpoint without loading its schemas: the request can start at once, and the descriptor
 * is loaded (`load`: its schema module, then the endpoint in it) when the response has to be parsed.
 * `method`, `path` and `access` come from the contract's generated route table
 * (`@backdesk/contract/routes/<area>`, `npm run contract:routes`), whose literal types must equal the
 * descriptor's; `access` lets the page hide what the server would refuse (`useCan` in lib/can.ts)
 * before any schema loads.
 */
export interface EndpointRef<E extends EndpointDef> {
  method: E['method'];
  path: E['path'];
  access: E['access'];
  load: () => Promise<E>;
  /**
   * Reads a success without the schema module: a hand check as strict as the schema (lib/answer-check.ts),
   * for an answer the sign-in page needs before zod may load. callEndpoint then never calls `load`.
   */
  check?: (json: unknown) => EndpointResponse<E>;
}

/** The ref, its answer read by a hand check instead of the contract's schema (see EndpointRef.check). */
export const checkedBy = <E extends EndpointDef>(
  ref: EndpointRef<E>,
  check: (json: unknown) => EndpointResponse<E>,
): EndpointRef<E> => ({ ...ref, check });

/** The names of a schema module's exports that are endpoints. */
type EndpointName<M> = { [K in keyof M]: M[K] extends EndpointDef ? K : never }[keyof M] & string;

/** What a ref is named by: the descriptor's method, path and access, as the route table holds them. */
type RouteFields<E> = E extends EndpointDef ? Pick<E, 'method' | 'path' | 'access'> : never;

/** One entry of a generated route table: the export's name and its descriptor's literal strings. */
type RouteOf<M, N extends EndpointName<M>> = { name: N } & RouteFields<M[N]>;

/**
 * A ref factory for the endpoints of one schema module. Each page imports its area's route table as a
 * namespace (`import * as crmRoutes from '@backdesk/contract/routes/crm'`), so the build keeps only
 * the routes it names. `select` adapts the descriptor when the web parses more than the contract says.
 */
export function endpointRefsFrom<M>(source: () => Promise<M>) {
  function ref<N extends EndpointName<M>>(route: RouteOf<M, N>): EndpointRef<M[N] & EndpointDef>;
  function ref<N extends EndpointName<M>, E extends EndpointDef & RouteFields<M[N]>>(
    route: RouteOf<M, N>,
    select: (module: M) => E,
  ): EndpointRef<E>;
  function ref(
    route: { name: string } & Pick<EndpointDef, 'method' | 'path' | 'access'>,
    select?: (module: M) => EndpointDef,
  ) {
    const { name, method, path, access } = route;
    return {
      method,
      path,
      access,
      load: async () => {
        const module = await source();
        return select ? select(module) : (module as Record<string, EndpointDef>)[name]!;
      },
    };
  }
  return ref;
}

/**
 * One area's endpoints, its schema module loaded on first use: a page builds the zod schemas of the
 * areas it calls, not the whole contract's (building them all was one long task of the first load,
 * decision 0022).
 */
const areaRefs = <M>(importer: () => Promise<M>) => endpointRefsFrom(lazyModule(importer));

export const approvalsRef = areaRefs(() => import('@backdesk/contract/areas/approvals'));
export const bulkRef = areaRefs(() => import('@backdesk/contract/areas/bulk'));
export const auditRef = areaRefs(() => import('@backdesk/contract/areas/audit'));
export const complianceRef = areaRefs(() => import('@backdesk/contract/areas/compliance'));
export const crmRef = areaRefs(() => import('@backdesk/contract/areas/crm'));
export const dashboardRef = areaRefs(() => import('@backdesk/contract/areas/dashboard'));
export const exportsRef = areaRefs(() => import('@backdesk/contract/areas/exports'));
export const fraudRef = areaRefs(() => import('@backdesk/contract/areas/fraud'));
export const inboxRef = areaRefs(() => import('@backdesk/contract/areas/inbox'));
export const logsRef = areaRefs(() => import('@backdesk/contract/areas/logs'));
export const integrationsRef = areaRefs(() => import('@backdesk/contract/areas/integrations'));
export const webhooksRef = areaRefs(() => import('@backdesk/contract/areas/webhooks'));
export const membersRef = areaRefs(() => import('@backdesk/contract/areas/members'));
export const scimTokensRef = areaRefs(() => import('@backdesk/contract/areas/scim-tokens'));
export const reportsRef = areaRefs(() => import('@backdesk/contract/areas/reports'));
export const savedViewsRef = areaRefs(() => import('@backdesk/contract/areas/saved-views'));
export const settingsRef = areaRefs(() => import('@backdesk/contract/areas/settings'));
export const transactionsRef = areaRefs(() => import('@backdesk/contract/areas/transactions'));
export const twoFactorRef = areaRefs(() => import('@backdesk/contract/areas/two-factor'));

/** Refs into the sign-in endpoints' own module (`c.login`, `c.getCaptcha`…). */
export const authEndpointRef = endpointRefsFrom(loadAuthContract);
