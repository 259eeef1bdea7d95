import type { LoginBody } from '@backdesk/contract';
import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef } from '../../lib/contract.ts';

const loginEndpoint = authEndpointRef((c) => c.login, 'POST', '/api/auth/login', 'public');

export const login = (body: LoginBody) => callEndpoint(loginEndpoint, { body });
