import { authApi } from '@backdesk/contract';
import { callEndpoint } from '../../../lib/api.ts';

export const signout = () => callEndpoint(authApi.signout);

/**
 * Fire-and-forget variant for the expiry flow: `keepalive` lets the request finish even though
 * the page is about to be replaced by /login.
 */
export function signoutBeforeLeaving(): void {
  fetch(authApi.signout.path, { method: authApi.signout.method, credentials: 'same-origin', keepalive: true }).catch(
    () => {},
  );
}
