import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../src/lib/language.ts';
import { submitLogin, useE2E } from './support.ts';

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
const englishPhrases = [
  ...new Set(
    english
      .flatMap((text) => text.split(/\{\{[^}]+\}\}/).map((part) => part.trim()))
      .filter((p) => words(p) >= 4),
  ),
];
/** Short English texts (a status, a column, a button) are caught when they are an element's whole text. */
const englishLabels = new Set(english.filter((text) => !text.includes('{{') && words(text) < 4));

const RAW_KEY = [/^[a-z]+(\.[a-zA-Z0-9_]+)+$/, /^[a-z]+:[a-zA-Z0-9_.]+$/];

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
async function untranslated(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await interfaceTexts(page)) {
    if (RAW_KEY.some((pattern) => pattern.test(text))) found.add(`raw key: ${text}`);
    if (englishLabels.has(text)) found.add(`English: ${text}`);
    for (const phrase of englishPhrases) if (text.includes(phrase)) found.add(`English: ${phrase}`);
  }
  return [...found];
}

/** Lets the page load its data (lists, charts) before it is read. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('.mantine-LoadingOverlay-root, [data-fetching="true"]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
}

describe('Turkish everywhere', () => {
  const e2e = useE2E();

  it('finds the checks able to fail', () => {
    expect(englishPhrases.length).toBeGreaterThan(20);
    expect(englishLabels.size).toBeGreaterThan(20);
    expect(RAW_KEY[0]!.test('nav.items.customers')).toBe(true);
    expect(RAW_KEY[1]!.test('crm:detail.title')).toBe(true);
  });

  // Every page of the navigation and more: well over a minute on a shared two-core machine.
  it('shows no raw key and no English text on any page, signed in in Turkish', {
    timeout: 240_000,
  }, async () => {
    const { context, page } = await e2e.open();
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.server.url }]);
    await page.goto('/login');
    await page.getByRole('heading', { name: "Backdesk'e giriş yapın" }).waitFor();
    const problems: Record<string, string[]> = {};
    const check = async (where: string) => {
      await settle(page);
      const found = await untranslated(page);
      if (found.length) problems[where] = found;
    };
    await check('/login');

    await submitLogin(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Ana gezinme' });
    const paths = [
      ...new Set(
        await nav.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!)),
      ),
    ];
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      await page.goto(path);
      await check(path);
    }

    // A customer's page, every tab of it.
    await page.goto('/crm/customers');
    await page.locator('tbody tr[data-row-index]').first().click();
    await page.waitForURL((url) => /^\/crm\/customers\/\d+/.test(url.pathname));
    await check('customer detail');
    const tabs = page.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index++) {
      await tabs.nth(index).click();
      await check(`customer detail, tab ${index + 1}`);
    }

    // The KYC review open on a pending document, and its rejection form.
    await page.goto('/compliance/kyc-docs?status=pending');
    await page.getByTestId('kyc-documents-list').locator('tbody tr[data-row-index]').first().click();
    await page.getByTestId('review-drawer').getByTestId('decision-form').waitFor();
    await check('KYC review');
    await page.getByTestId('reject-document').click();
    await check('KYC review, rejecting');
    await page.getByRole('button', { name: 'İncelemeyi kapat' }).click();
    await page.getByTestId('review-drawer').waitFor({ state: 'hidden' });

    // The command palette, with results of every kind it shows.
    await page.keyboard.press('Control+K');
    await page.getByTestId('command-palette-input').fill('müşteri');
    await page.locator('[role="listbox"] [role="option"]').first().waitFor();
    await check('command palette');

    expect(problems).toEqual({});
  });
});
