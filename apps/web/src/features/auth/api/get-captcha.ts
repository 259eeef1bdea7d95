import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';

const captchaEndpoint = endpointRef((c) => c.authApi.getCaptcha, 'GET', '/api/auth/captcha', 'public');

export const getCaptcha = (signal?: AbortSignal) => callEndpoint(captchaEndpoint, { signal });
