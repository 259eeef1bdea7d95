import { twoFactorRef } from '../../../lib/contract.ts';

/** The two-factor endpoints (packages/contract/src/two-factor.ts), named without loading their schemas. */
export const twoFactorEndpoints = {
  status: twoFactorRef((c) => c.getTwoFactorStatus, 'GET', '/api/settings/two-factor', 'read'),
  startTotp: twoFactorRef((c) => c.startTotpEnrolment, 'POST', '/api/settings/two-factor/totp/start', 'read'),
  confirmTotp: twoFactorRef(
    (c) => c.confirmTotpEnrolment,
    'POST',
    '/api/settings/two-factor/totp/confirm',
    'read',
  ),
  passkeyOptions: twoFactorRef(
    (c) => c.passkeyRegistrationOptions,
    'POST',
    '/api/settings/two-factor/passkeys/options',
    'read',
  ),
  addPasskey: twoFactorRef((c) => c.addPasskey, 'POST', '/api/settings/two-factor/passkeys/add', 'read'),
  removePasskey: twoFactorRef(
    (c) => c.removePasskey,
    'POST',
    '/api/settings/two-factor/passkeys/remove',
    'read',
  ),
  renewRecoveryCodes: twoFactorRef(
    (c) => c.renewRecoveryCodes,
    'POST',
    '/api/settings/two-factor/recovery-codes',
    'read',
  ),
  disable: twoFactorRef((c) => c.disableTwoFactor, 'POST', '/api/settings/two-factor/disable', 'read'),
  setRequirement: twoFactorRef(
    (c) => c.setTwoFactorRequirement,
    'POST',
    '/api/settings/two-factor/requirement',
    'staff',
  ),
  resetMember: twoFactorRef((c) => c.resetMemberTwoFactor, 'POST', '/api/members/two-factor/reset', 'staff'),
};

export const TWO_FACTOR_STATUS_KEY = ['settings', 'two-factor'] as const;
