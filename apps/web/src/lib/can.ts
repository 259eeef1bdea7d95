import { type Access, hasCapability } from '@backdesk/contract/access';
import { useCallback } from 'react';
import { useAuth } from './auth-store.ts';

/** Anything that names who may call it: an endpoint ref (lib/contract.ts) or a descriptor. */
export interface Guarded {
  access: Access;
}

/**
 * `can(endpoint)`: whether the signed-in member may call it, from the endpoint's own `access` and the
 * contract's role matrix — the same rule the server enforces, so the page shows only what will work.
 */
export function useCan(): (endpoint: Guarded) => boolean {
  const roles = useAuth().user?.user_roles;
  return useCallback((endpoint: Guarded) => hasCapability(roles ?? [], endpoint.access), [roles]);
}
