import { authApi, type LoginBody } from '@backdesk/contract';
import { callEndpoint } from '../../../lib/api.ts';

export const login = (body: LoginBody) => callEndpoint(authApi.login, { body });
