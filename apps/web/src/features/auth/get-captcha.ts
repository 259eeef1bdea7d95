import * as authRoutes from '@backdesk/contract/routes/auth';
import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef } from '../../lib/contract.ts';

const captchaEndpoint = authEndpointRef(authRoutes.getCaptcha);

export const getCaptcha = (signal?: AbortSignal) => callEndpoint(captchaEndpoint, { signal });
