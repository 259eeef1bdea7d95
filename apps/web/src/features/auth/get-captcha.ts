import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef } from '../../lib/contract.ts';

const captchaEndpoint = authEndpointRef((c) => c.getCaptcha, 'GET', '/api/auth/captcha', 'public');

export const getCaptcha = (signal?: AbortSignal) => callEndpoint(captchaEndpoint, { signal });
