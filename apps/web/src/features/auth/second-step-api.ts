import { twoFactorRef } from '../../lib/contract.ts';

/** The sign-in's second step (packages/contract/src/two-factor.ts), public: the challenge is the proof of the first. */
export const secondStepEndpoints = {
  code: twoFactorRef((c) => c.verifySignInCode, 'POST', '/api/auth/two-factor/code', 'public'),
  passkeyOptions: twoFactorRef(
    (c) => c.signInPasskeyOptions,
    'POST',
    '/api/auth/two-factor/passkey/options',
    'public',
  ),
  passkey: twoFactorRef((c) => c.verifySignInPasskey, 'POST', '/api/auth/two-factor/passkey', 'public'),
};
