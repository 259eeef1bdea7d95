import * as authRoutes from '@backdesk/contract/routes/auth';
import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef } from '../../lib/contract.ts';

const signoutEndpoint = authEndpointRef(authRoutes.signout);

export const signout = () => callEndpoint(signoutEndpoint);

/**
 * Fire-and-forget variant for the expiry flow: `keepalive` lets the request finish even though
 * the page is about to be replaced by /login.
 */
export function signoutBeforeLeaving(): void {
  fetch(signoutEndpoint.path, {
    method: signoutEndpoint.method,
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {});
}
