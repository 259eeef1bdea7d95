import { describe, expect, it } from 'vitest';
import { readLanguageCookie, rememberLanguage } from './language.ts';

describe('language cookie', () => {
  it('defaults to English when the cookie is absent or unknown', () => {
    expect(readLanguageCookie({ cookie: '' })).toBe('en');
    expect(readLanguageCookie({ cookie: 'i18n_redirected=de' })).toBe('en');
  });

  it('reads back what it remembers', () => {
    const jar = { cookie: '' };
    rememberLanguage('tr', jar);
    expect(jar.cookie).toBe('i18n_redirected=tr; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(readLanguageCookie({ cookie: 'i18n_redirected=tr' })).toBe('tr');
  });
});
