import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef } from '../../lib/contract.ts';

const credentials = authEndpointRef((c) => c.getCredentials, 'GET', '/api/auth/credentials', 'read');

/**
 * The signed-in member. `intercept: false` because this is also the probe that tells a visitor
 * apart from a member: "no session" is then the normal answer, not an expiry to announce.
 */
export const getCredentials = () => callEndpoint(credentials, { intercept: false });
