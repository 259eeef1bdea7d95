import { ALLOWED_WHILE, type RequiredAction, SIGN_IN_GATE_REFUSAL, twoFactorApi } from '@backdesk/contract';

export type { RequiredAction };

const route = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

/** The only signed-in endpoints a confined member may call (the contract's sign-in-gate.ts). */
const ALLOWED: Record<RequiredAction, ReadonlySet<string>> = {
  change_password: new Set(ALLOWED_WHILE.change_password.map(route)),
  enrol_two_factor: new Set(ALLOWED_WHILE.enrol_two_factor.map(route)),
};

export const REFUSAL = SIGN_IN_GATE_REFUSAL;

/** The app_settings key of the deployment's two-factor requirement for admin and super (off unless set). */
export const TWO_FACTOR_REQUIRED_KEY = 'two_factor_required_for_admins';

/**
 * The member's pending action: a new password first, then (when required for the role) two-factor.
 * A member of the identity provider has neither here: the provider asks for both (docs/sso.md).
 */
export function requiredAction(member: {
  roles: string[];
  mustChangePassword: boolean;
  hasTwoFactor: boolean;
  twoFactorRequired: boolean;
  source: string;
}): RequiredAction | null {
  if (member.source !== 'local') return null;
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
