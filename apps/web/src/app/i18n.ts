import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie } from '../lib/cookies.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  readLanguageCookie,
  rememberLanguage,
} from '../lib/language.ts';

/**
 * Loaded at start; `errors` and `inbox` load as the signed-in layout opens (any page there may have to
 * word a failure, and the header shows the inbox; the sign-in page has its own texts and stays light);
 * feature namespaces (dashboard, crm, transactions, audit) load with their first page.
 */
export const NAMESPACES = ['common', 'auth'] as const;

// One lazy chunk per language and namespace: only the active language is ever downloaded.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = localeFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No ${language}/${namespace} locale file`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => {
        // A failed locale load is only logged (docs/product-rules.md R26); i18next falls back to English.
        console.error('Locale load failed', language, namespace, error);
        callback(error as Error, false);
      },
    );
  },
};

/** Whether this browser holds a language chosen in it: the cookie from an earlier visit, or a switch since. */
let languageChosen = readCookie(LANGUAGE_COOKIE) !== undefined;
let started = false;
export const languageChosenInBrowser = () => languageChosen;

function applyLanguage(language: string): void {
  if (!isLanguage(language)) return;
  document.documentElement.lang = language;
  rememberLanguage(language);
  if (started) languageChosen = true;
}

export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', applyLanguage);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: readLanguageCookie(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      ns: NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  started = true;
}
