import * as authRoutes from '@backdesk/contract/routes/auth';
import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef, checkedBy } from '../../lib/contract.ts';
import { checkCaptchaChallenge } from './auth-answers.ts';

const captchaEndpoint = checkedBy(authEndpointRef(authRoutes.getCaptcha), checkCaptchaChallenge);

export const getCaptcha = (signal?: AbortSignal) => callEndpoint(captchaEndpoint, { signal });
