import { endpointRef } from '../../lib/contract.ts';

/** The two-factor endpoints (packages/contract/src/two-factor.ts), named without loading their schemas. */
export const twoFactorEndpoints = {
  status: endpointRef((c) => c.twoFactorApi.getTwoFactorStatus, 'GET', '/api/settings/two-factor', 'read'),
  startTotp: endpointRef(
    (c) => c.twoFactorApi.startTotpEnrolment,
    'POST',
    '/api/settings/two-factor/totp/start',
    'read',
  ),
  confirmTotp: endpointRef(
    (c) => c.twoFactorApi.confirmTotpEnrolment,
    'POST',
    '/api/settings/two-factor/totp/confirm',
    'read',
  ),
  passkeyOptions: endpointRef(
    (c) => c.twoFactorApi.passkeyRegistrationOptions,
    'POST',
    '/api/settings/two-factor/passkeys/options',
    'read',
  ),
  addPasskey: endpointRef(
    (c) => c.twoFactorApi.addPasskey,
    'POST',
    '/api/settings/two-factor/passkeys/add',
    'read',
  ),
  removePasskey: endpointRef(
    (c) => c.twoFactorApi.removePasskey,
    'POST',
    '/api/settings/two-factor/passkeys/remove',
    'read',
  ),
  renewRecoveryCodes: endpointRef(
    (c) => c.twoFactorApi.renewRecoveryCodes,
    'POST',
    '/api/settings/two-factor/recovery-codes',
    'read',
  ),
  disable: endpointRef(
    (c) => c.twoFactorApi.disableTwoFactor,
    'POST',
    '/api/settings/two-factor/disable',
    'read',
  ),
  setRequirement: endpointRef(
    (c) => c.twoFactorApi.setTwoFactorRequirement,
    'POST',
    '/api/settings/two-factor/requirement',
    'staff',
  ),
  resetMember: endpointRef(
    (c) => c.twoFactorApi.resetMemberTwoFactor,
    'POST',
    '/api/members/two-factor/reset',
    'staff',
  ),
  // The sign-in's second step (public: the challenge is the proof of the first).
  signInCode: endpointRef(
    (c) => c.twoFactorApi.verifySignInCode,
    'POST',
    '/api/auth/two-factor/code',
    'public',
  ),
  signInPasskeyOptions: endpointRef(
    (c) => c.twoFactorApi.signInPasskeyOptions,
    'POST',
    '/api/auth/two-factor/passkey/options',
    'public',
  ),
  signInPasskey: endpointRef(
    (c) => c.twoFactorApi.verifySignInPasskey,
    'POST',
    '/api/auth/two-factor/passkey',
    'public',
  ),
};

export const TWO_FACTOR_STATUS_KEY = ['settings', 'two-factor'] as const;
