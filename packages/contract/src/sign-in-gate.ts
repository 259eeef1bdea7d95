import * as authApi from './auth.ts';
import type { EndpointDef } from './endpoint.ts';
import type { ErrorCode } from './error-catalogue.ts';
import * as settingsApi from './settings.ts';
import * as twoFactorApi from './two-factor.ts';

/**
 * The sign-in gate (decision 0009): what a member must do before anything else, and the only
 * signed-in endpoints they may call meanwhile. Here rather than in the server, so the endpoints'
 * declared answers (endpoint-errors.ts) know which can refuse with the gate's codes.
 */
export type RequiredAction = 'change_password' | 'enrol_two_factor';

/** Who am I, and what the settings page needs to show itself in the member's language and colours. */
const ALWAYS = [authApi.getCredentials, settingsApi.getProfile, settingsApi.updatePreferences];

/** Sign-out and refresh are public and so never confined. */
export const ALLOWED_WHILE: Record<RequiredAction, readonly EndpointDef[]> = {
  change_password: [...ALWAYS, settingsApi.changePassword],
  enrol_two_factor: [
    ...ALWAYS,
    twoFactorApi.getTwoFactorStatus,
    twoFactorApi.startTotpEnrolment,
    twoFactorApi.confirmTotpEnrolment,
    twoFactorApi.passkeyRegistrationOptions,
    twoFactorApi.addPasskey,
  ],
};

/** Every other signed-in endpoint answers 403 with the action's code until it is done. */
export const SIGN_IN_GATE_REFUSAL: Record<RequiredAction, ErrorCode> = {
  change_password: 'PASSWORD_CHANGE_REQUIRED',
  enrol_two_factor: 'TWO_FACTOR_ENROLMENT_REQUIRED',
};
