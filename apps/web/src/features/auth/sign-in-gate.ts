import type { StaffUser } from '@backdesk/contract';

/**
 * Where a member with a pending action (the server's sign-in gate: a new password, or two-factor
 * required for their role) must be, or null when they may go where they asked. The server refuses
 * every other call with 403 meanwhile; this keeps the page on the one screen that can finish it.
 */
export function signInGateDetour(user: StaffUser | null, pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  switch (user?.required_action) {
    case 'change_password':
      return path === '/settings' ? null : '/settings?password=required';
    case 'enrol_two_factor':
      return path === '/settings/2FA' ? null : '/settings/2FA';
    default:
      return null;
  }
}
