import { authApi, type ErrorCode, settingsApi, twoFactorApi } from '@backdesk/contract';

/** What a member must do before anything else (the sign-in gate), as `/api/auth/credentials` says. */
export type RequiredAction = 'change_password' | 'enrol_two_factor';

const route = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

/** Who am I, and what the settings page needs to show itself in the member's language and colours. */
const ALWAYS = [authApi.getCredentials, settingsApi.getProfile, settingsApi.updatePreferences];

/**
 * The only signed-in endpoints a confined member may call; sign-out and refresh are public and so
 * never confined. Everything else answers 403 with the action's code until it is done.
 */
const ALLOWED: Record<RequiredAction, ReadonlySet<string>> = {
  change_password: new Set([...ALWAYS, settingsApi.changePassword].map(route)),
  enrol_two_factor: new Set(
    [
      ...ALWAYS,
      twoFactorApi.getTwoFactorStatus,
      twoFactorApi.startTotpEnrolment,
      twoFactorApi.confirmTotpEnrolment,
      twoFactorApi.passkeyRegistrationOptions,
      twoFactorApi.addPasskey,
    ].map(route),
  ),
};

export const REFUSAL: Record<RequiredAction, ErrorCode> = {
  change_password: 'PASSWORD_CHANGE_REQUIRED',
  enrol_two_factor: 'TWO_FACTOR_ENROLMENT_REQUIRED',
};

/** The app_settings key of the deployment's two-factor requirement for admin and super (off unless set). */
export const TWO_FACTOR_REQUIRED_KEY = 'two_factor_required_for_admins';

/** The member's pending action: a new password first, then (when required for the role) two-factor. */
export function requiredAction(member: {
  roles: string[];
  mustChangePassword: boolean;
  hasTwoFactor: boolean;
  twoFactorRequired: boolean;
}): RequiredAction | null {
  if (member.mustChangePassword) return 'change_password';
  if (
    member.twoFactorRequired &&
    !member.hasTwoFactor &&
    member.roles.some((r) => twoFactorApi.TWO_FACTOR_REQUIRED_ROLES.includes(r))
  )
    return 'enrol_two_factor';
  return null;
}

/** Whether `METHOD /path` (the route as registered) may be called while `action` is pending. */
export const allowedWhile = (action: RequiredAction, routeKey: string): boolean =>
  ALLOWED[action].has(routeKey);
