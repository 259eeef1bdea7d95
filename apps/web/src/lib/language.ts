import { useTranslation } from 'react-i18next';
import { type CookieJar, readCookie, writeCookie } from './cookies.ts';

export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** docs/product-rules.md R27: default locale en-US; Turkish formats as tr-TR. */
export const LOCALES: Record<Language, string> = { en: 'en-US', tr: 'tr-TR' };

/** Each language's own name, shown in the switch whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe' };

/** docs/product-rules.md R27: the choice lives in this cookie for 365 days, path /, SameSite lax. */
export const LANGUAGE_COOKIE = 'i18n_redirected';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export function readLanguageCookie(jar?: CookieJar): Language {
  const stored = readCookie(LANGUAGE_COOKIE, jar);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language, jar?: CookieJar): void {
  writeCookie(LANGUAGE_COOKIE, language, { maxAgeDays: 365, path: '/', sameSite: 'Lax' }, jar);
}

export function useLanguage(): { language: Language; locale: string } {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return { language, locale: LOCALES[language] };
}
