// Generated from two-factor.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const addPasskey = {
  name: 'addPasskey',
  method: 'POST',
  path: '/api/settings/two-factor/passkeys/add',
  access: 'read',
} as const;

export const confirmTotpEnrolment = {
  name: 'confirmTotpEnrolment',
  method: 'POST',
  path: '/api/settings/two-factor/totp/confirm',
  access: 'read',
} as const;

export const disableTwoFactor = {
  name: 'disableTwoFactor',
  method: 'POST',
  path: '/api/settings/two-factor/disable',
  access: 'read',
} as const;

export const getTwoFactorStatus = {
  name: 'getTwoFactorStatus',
  method: 'GET',
  path: '/api/settings/two-factor',
  access: 'read',
} as const;

export const passkeyRegistrationOptions = {
  name: 'passkeyRegistrationOptions',
  method: 'POST',
  path: '/api/settings/two-factor/passkeys/options',
  access: 'read',
} as const;

export const removePasskey = {
  name: 'removePasskey',
  method: 'POST',
  path: '/api/settings/two-factor/passkeys/remove',
  access: 'read',
} as const;

export const renewRecoveryCodes = {
  name: 'renewRecoveryCodes',
  method: 'POST',
  path: '/api/settings/two-factor/recovery-codes',
  access: 'read',
} as const;

export const resetMemberTwoFactor = {
  name: 'resetMemberTwoFactor',
  method: 'POST',
  path: '/api/members/two-factor/reset',
  access: 'staff',
} as const;

export const setTwoFactorRequirement = {
  name: 'setTwoFactorRequirement',
  method: 'POST',
  path: '/api/settings/two-factor/requirement',
  access: 'staff',
} as const;

export const signInPasskeyOptions = {
  name: 'signInPasskeyOptions',
  method: 'POST',
  path: '/api/auth/two-factor/passkey/options',
  access: 'public',
} as const;

export const startTotpEnrolment = {
  name: 'startTotpEnrolment',
  method: 'POST',
  path: '/api/settings/two-factor/totp/start',
  access: 'read',
} as const;

export const verifySignInCode = {
  name: 'verifySignInCode',
  method: 'POST',
  path: '/api/auth/two-factor/code',
  access: 'public',
} as const;

export const verifySignInPasskey = {
  name: 'verifySignInPasskey',
  method: 'POST',
  path: '/api/auth/two-factor/passkey',
  access: 'public',
} as const;
