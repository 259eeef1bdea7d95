import type { StaffUser } from '@backdesk/contract';
import { describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store.ts';

const member = (roles: string[]): StaffUser => ({
  id: 1,
  user_name: 'ayse',
  display_name: 'Ayşe Yılmaz',
  source: 'local',
  email: null,
  user_roles: roles,
  session_expires_at: '2030-01-01T00:00:00Z',
  required_action: null,
});

describe('auth store', () => {
  it('starts loading and signed out', () => {
    expect(createAuthStore().getState()).toMatchObject({
      isLoading: true,
      isAuthenticated: false,
      user: null,
    });
  });

  it.each(['admin', 'super', 'manager'])('signs in a member holding %s', (role) => {
    const store = createAuthStore();
    store.signIn(member(['support', role]), true);
    expect(store.getState()).toMatchObject({ isAuthenticated: true, isAdmin: true, isLoading: false });
    expect(store.getState().token).toBeNull();
  });

  it('keeps a member without a panel role signed out', () => {
    const store = createAuthStore();
    store.signIn(member(['support']), false);
    expect(store.getState()).toMatchObject({ isAuthenticated: false, isAdmin: false, user: null });
  });

  it('clears everything on sign-out and notifies subscribers', () => {
    const store = createAuthStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn(member(['admin']), true);
    store.signOut('Login failed');
    expect(store.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      isAdmin: false,
      error: 'Login failed',
    });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
