import * as twoFactorRoutes from '@backdesk/contract/routes/two-factor';
import { twoFactorRef } from '../../../lib/contract.ts';

/** The two-factor endpoints (packages/contract/src/two-factor.ts), named without loading their schemas. */
export const twoFactorEndpoints = {
  status: twoFactorRef(twoFactorRoutes.getTwoFactorStatus),
  startTotp: twoFactorRef(twoFactorRoutes.startTotpEnrolment),
  confirmTotp: twoFactorRef(twoFactorRoutes.confirmTotpEnrolment),
  passkeyOptions: twoFactorRef(twoFactorRoutes.passkeyRegistrationOptions),
  addPasskey: twoFactorRef(twoFactorRoutes.addPasskey),
  removePasskey: twoFactorRef(twoFactorRoutes.removePasskey),
  renewRecoveryCodes: twoFactorRef(twoFactorRoutes.renewRecoveryCodes),
  disable: twoFactorRef(twoFactorRoutes.disableTwoFactor),
  setRequirement: twoFactorRef(twoFactorRoutes.setTwoFactorRequirement),
  resetMember: twoFactorRef(twoFactorRoutes.resetMemberTwoFactor),
};

export const TWO_FACTOR_STATUS_KEY = ['settings', 'two-factor'] as const;
