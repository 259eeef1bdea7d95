import type { CaptchaChallenge, EndpointResponse } from '@backdesk/contract';
import type * as authContract from '@backdesk/contract/auth';
import { array, boolean, type Check, number, object, optional, string } from '../../lib/answer-check.ts';

// The sign-in page's answers read before it is usable, without zod (lib/answer-check.ts): each mirrors
// its schema in packages/contract/src/auth.ts, and auth-answers.test.ts holds it to that schema.

export const checkCaptchaChallenge: Check<CaptchaChallenge> = object({
  parameters: object({
    algorithm: string,
    nonce: string,
    salt: string,
    cost: number,
    keyLength: number,
    keyPrefix: string,
    keySignature: optional(string),
    expiresAt: optional(number),
  }),
  signature: optional(string),
});

export const checkSsoProviders: Check<EndpointResponse<typeof authContract.listSsoProviders>> = object({
  items: array(object({ id: string, name: string })),
  password: boolean,
});
