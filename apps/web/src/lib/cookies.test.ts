import { describe, expect, it } from 'vitest';
import { deleteCookie, readCookie, serializeCookie, writeCookie } from './cookies.ts';

describe('cookies', () => {
  it('reads a cookie among others, decoding its value', () => {
    const jar = { cookie: 'a=1; auth_error=true; lang=t%C3%BCrk' };
    expect(readCookie('auth_error', jar)).toBe('true');
    expect(readCookie('lang', jar)).toBe('türk');
    expect(readCookie('missing', jar)).toBeUndefined();
    expect(readCookie('a', { cookie: '' })).toBeUndefined();
  });

  it('does not confuse a name with a longer one that starts with it', () => {
    expect(readCookie('auth', { cookie: 'auth_error=true' })).toBeUndefined();
  });

  it('serialises the language cookie as R27 wants (365 days, path /, SameSite lax)', () => {
    expect(serializeCookie('i18n_redirected', 'tr', { maxAgeDays: 365 })).toBe(
      'i18n_redirected=tr; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });

  it('writes and deletes through the jar', () => {
    const jar = { cookie: '' };
    writeCookie('x', 'y', {}, jar);
    expect(jar.cookie).toBe('x=y; Path=/; SameSite=Lax');
    deleteCookie('auth_error', '/', jar);
    expect(jar.cookie).toMatch(/^auth_error=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });
});
