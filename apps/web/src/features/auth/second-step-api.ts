import * as twoFactorRoutes from '@backdesk/contract/routes/two-factor';
import { twoFactorRef } from '../../lib/contract.ts';

/** The sign-in's second step (packages/contract/src/two-factor.ts), public: the challenge is the proof of the first. */
export const secondStepEndpoints = {
  code: twoFactorRef(twoFactorRoutes.verifySignInCode),
  passkeyOptions: twoFactorRef(twoFactorRoutes.signInPasskeyOptions),
  passkey: twoFactorRef(twoFactorRoutes.verifySignInPasskey),
};
