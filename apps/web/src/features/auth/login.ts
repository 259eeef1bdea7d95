import type { LoginBody } from '@backdesk/contract';
import * as authRoutes from '@backdesk/contract/routes/auth';
import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef } from '../../lib/contract.ts';

const loginEndpoint = authEndpointRef(authRoutes.login);

export const login = (body: LoginBody) => callEndpoint(loginEndpoint, { body });
