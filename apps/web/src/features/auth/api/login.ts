import type { LoginBody } from '@backdesk/contract';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';

const loginEndpoint = endpointRef((c) => c.authApi.login, 'POST', '/api/auth/login', 'public');

export const login = (body: LoginBody) => callEndpoint(loginEndpoint, { body });
