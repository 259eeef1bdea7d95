import type { StaffUser } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { signInGateDetour } from './sign-in-gate.ts';

const member = (required_action: StaffUser['required_action']): StaffUser => ({
  id: 1,
  user_name: 'ayse',
  display_name: 'Ayşe',
  source: 'local',
  email: null,
  user_roles: ['admin'],
  session_expires_at: '2030-01-01T00:00:00Z',
  required_action,
});

describe('signInGateDetour', () => {
  it('lets a member with nothing pending go anywhere', () => {
    expect(signInGateDetour(member(null), '/crm/customers')).toBeNull();
    expect(signInGateDetour(null, '/')).toBeNull();
  });

  it('keeps a member who must change the password on the settings page', () => {
    expect(signInGateDetour(member('change_password'), '/')).toBe('/settings?password=required');
    expect(signInGateDetour(member('change_password'), '/settings/2FA')).toBe('/settings?password=required');
    expect(signInGateDetour(member('change_password'), '/settings')).toBeNull();
    expect(signInGateDetour(member('change_password'), '/settings/')).toBeNull();
  });

  it('keeps a member who must set up two-factor on /settings/2FA', () => {
    expect(signInGateDetour(member('enrol_two_factor'), '/transactions')).toBe('/settings/2FA');
    expect(signInGateDetour(member('enrol_two_factor'), '/settings/2FA')).toBeNull();
  });
});
