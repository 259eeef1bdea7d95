import { authApi } from '@backdesk/contract';
import { callEndpoint } from '../../../lib/api.ts';

export const getCaptcha = (signal?: AbortSignal) => callEndpoint(authApi.getCaptcha, { signal });
