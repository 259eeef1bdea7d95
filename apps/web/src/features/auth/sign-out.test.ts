import { beforeEach, describe, expect, it, vi } from 'vitest';

const answer = vi.hoisted(() => ({ current: {} as Record<string, unknown> | Error }));
vi.mock('./signout.ts', () => ({
  signout: async () => {
    if (answer.current instanceof Error) throw answer.current;
    return { success: true, message: 'Signed out', ...answer.current };
  },
}));
vi.mock('./auth-cookies.ts', () => ({ clearAuthCookies: () => {} }));

const { signOut } = await import('./sign-out.ts');

/** Where the browser goes after sign-out (docs/sso.md): the provider's sign-out for an SSO member. */
describe('signOut', () => {
  beforeEach(() => {
    answer.current = {};
  });

  it('gives the provider’s sign-out address when the server names one', async () => {
    answer.current = { redirectTo: 'https://id.example.com/logout?id_token_hint=x' };
    expect(await signOut()).toBe('https://id.example.com/logout?id_token_hint=x');
  });

  it('gives none for a password member, or when the request fails', async () => {
    expect(await signOut()).toBeUndefined();
    answer.current = new Error('offline');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await signOut()).toBeUndefined();
  });

  it('never leaves for an address that is not a web address', async () => {
    for (const redirectTo of ['javascript:alert(1)', 'data:text/html,x', '//evil.example']) {
      answer.current = { redirectTo };
      expect(await signOut()).toBeUndefined();
    }
  });
});
