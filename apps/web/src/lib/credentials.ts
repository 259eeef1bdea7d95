import { hasPanelAccess } from '@backdesk/contract/roles';
import * as authRoutes from '@backdesk/contract/routes/auth';
import { callEndpoint } from './api.ts';
import { authStore } from './auth-store.ts';
import { authEndpointRef } from './contract.ts';

const credentials = authEndpointRef(authRoutes.getCredentials);

/**
 * The signed-in member. `intercept: false` because this is also the probe that tells a visitor
 * apart from a member: "no session" is then the normal answer, not an expiry to announce; and its
 * schema loads only for a member's answer, so a visitor's /login fetches no zod.
 */
export const getCredentials = () => callEndpoint(credentials, { intercept: false, schemaOnSuccess: true });

/**
 * Reads the member again after a change the sign-in gate depends on (a new password, two-factor set
 * up), so the router lets them past it.
 */
export async function reloadCredentials(): Promise<void> {
  const user = await getCredentials();
  authStore.signIn(user, hasPanelAccess(user.user_roles));
}
