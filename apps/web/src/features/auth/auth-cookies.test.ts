import { describe, expect, it } from 'vitest';
import { clearAuthCookies } from './auth-cookies.ts';

/** A jar that remembers every cookie the code writes, as the browser would receive them. */
function recordingJar() {
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
}

describe('clearAuthCookies', () => {
  it('expires both token cookies on / and on /api/auth, where the server sets the refresh token', () => {
    const jar = recordingJar();
    clearAuthCookies(jar);
    const expired = jar.written
      .filter((c) => c.includes('Expires=Thu, 01 Jan 1970'))
      .map((c) => `${c.split('=')[0]} ${/Path=([^;]+)/.exec(c)?.[1]}`)
      .sort();
    expect(expired).toEqual([
      'auth.refresh-token /',
      'auth.refresh-token /api/auth',
      'auth.token /',
      'auth.token /api/auth',
    ]);
  });
});
