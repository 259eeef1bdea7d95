import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { LANGUAGE_NAMES } from '../src/lib/language.ts';

// What on a Turkish page is not Turkish: the Turkish test's pages and the accessibility route walk's
// Turkish half both read pages with it.

const localesDir = (lang: string) => fileURLToPath(new URL(`../src/locales/${lang}/`, import.meta.url));

/** Every text of one language's catalogues, read at test time so a new text is checked at once. */
function catalogue(lang: string): string[] {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') texts.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  for (const file of readdirSync(localesDir(lang)).filter((name) => name.endsWith('.json')))
    walk(JSON.parse(readFileSync(`${localesDir(lang)}${file}`, 'utf8')));
  return texts;
}

const turkish = new Set(catalogue('tr'));
// A language's own name (the language switch says "English" in every language) is not English text.
const ownNames = new Set<string>(Object.values(LANGUAGE_NAMES));
const english = catalogue('en').filter((text) => !turkish.has(text) && !ownNames.has(text));
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** Long English texts, cut at their placeholders: a fragment of four words or more gives it away. */
export const englishPhrases = [
  ...new Set(
    english
      .flatMap((text) => text.split(/\{\{[^}]+\}\}/).map((part) => part.trim()))
      .filter((p) => words(p) >= 4),
  ),
];
/** Short English texts (a status, a column, a button) are caught when they are an element's whole text. */
export const englishLabels = new Set(english.filter((text) => !text.includes('{{') && words(text) < 4));

export const RAW_KEY = [/^[a-z]+(\.[a-zA-Z0-9_]+)+$/, /^[a-z]+:[a-zA-Z0-9_.]+$/];

/**
 * The interface's own texts — headings, labels, buttons, table headers, badges, tabs, toasts, empty
 * states, placeholders and accessible names — never the data rows (customer names, emails, notes).
 */
function interfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'h1, h2, h3, h4, h5, h6, label, legend, button, th, [role="columnheader"], [role="tab"]',
      '.mantine-Badge-label, .mantine-Notification-title, .mantine-Notification-description',
      '.mantine-Alert-title, .mantine-Alert-message, .mantine-datatable-empty-state',
      '[data-testid="list-total"], .mantine-InputWrapper-description',
      'nav a',
    ].join(', ');
    const texts: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('tbody')) continue;
      const text = element.innerText?.trim();
      if (text)
        texts.push(
          ...text
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        );
    }
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (element.closest('tbody')) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

/** What on the page is not Turkish: raw keys and English catalogue texts. */
export async function untranslated(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await interfaceTexts(page)) {
    if (RAW_KEY.some((pattern) => pattern.test(text))) found.add(`raw key: ${text}`);
    if (englishLabels.has(text)) found.add(`English: ${text}`);
    for (const phrase of englishPhrases) if (text.includes(phrase)) found.add(`English: ${phrase}`);
  }
  return [...found];
}
