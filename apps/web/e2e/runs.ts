import type { Page } from 'playwright-core';
import { LANGUAGE_COOKIE } from '../src/lib/language.ts';
import { catalogue, type Language } from './catalogue.ts';
import { type E2E, signIn, submitLogin } from './support.ts';

/** A screen's two runs: English in light mode, Turkish in dark mode. */
export interface Run {
  lang: Language;
  scheme: 'light' | 'dark';
  /** The run's texts (catalogue.ts). */
  t: ReturnType<typeof catalogue>;
}

export const RUNS: readonly Run[] = [
  { lang: 'en', scheme: 'light', t: catalogue('en') },
  { lang: 'tr', scheme: 'dark', t: catalogue('tr') },
];

/** A fresh context in the run's colour mode (axe needs CSP bypassed). */
export async function openRun(e2e: E2E, run: Run) {
  const opened = await e2e.open({ colorScheme: run.scheme, bypassCSP: true });
  await opened.context.addInitScript((mode) => localStorage.setItem('nuxt-color-mode', mode), run.scheme);
  return opened;
}

/** Signs in in the run's language and waits for the dashboard (cookies cleared first re-sign in). */
export async function signInRun(page: Page, run: Run, userName: string): Promise<void> {
  await page
    .context()
    .addCookies([{ name: LANGUAGE_COOKIE, value: run.lang, domain: '127.0.0.1', path: '/' }]);
  if (run.lang === 'en') return signIn(page, userName);
  await page.goto('/login');
  await submitLogin(page, userName);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: run.t('common:pages.dashboard') }).waitFor();
}
