import { authApi } from '@backdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';

/**
 * The signed-in member. `intercept: false` because this is also the probe that tells a visitor
 * apart from a member: "no session" is then the normal answer, not an expiry to announce.
 */
export const getCredentials = () => callEndpoint(authApi.getCredentials, { intercept: false });

export const credentialsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'credentials'], queryFn: getCredentials, staleTime: 60_000 });
