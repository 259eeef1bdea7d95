import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  serverBundle,
  startTestServer,
  type TestServer,
  testWebDist,
} from '../../server/test/test-server.ts';
import { LANGUAGE_COOKIE } from '../src/lib/language.ts';

export const DEMO_PASSWORD = 'backdesk-demo';

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) and page. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  url(path: string): string;
}

/** One server and one browser per test file, stopped after it; `env` adds server settings. */
export function useE2E(options: { env?: Record<string, string> } = {}): E2E {
  const contexts: BrowserContext[] = [];
  const e2e = {} as E2E;

  beforeAll(async () => {
    if (!existsSync(path.join(testWebDist(), 'index.html')))
      throw new Error('Build the web app first: npm run build -w @backdesk/web');
    if (!existsSync(serverBundle())) throw new Error('Build the server first: node scripts/build-server.mjs');
    // What `npm start` runs: the built app and the server bundle.
    e2e.server = await startTestServer({ env: options.env, bundle: true });
    e2e.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
      ],
    });
    e2e.url = (path) => new URL(path, e2e.server.url).toString();
    e2e.open = async (options) => {
      const context = await e2e.browser.newContext({ baseURL: e2e.server.url, ...options });
      // A page of ~100 chunks can take more than the default 30 s to fire "load" on a loaded machine.
      context.setDefaultNavigationTimeout(60_000);
      contexts.push(context);
      return { context, page: await context.newPage() };
    };
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await e2e.browser?.close();
    await e2e.server?.stop();
  });

  return e2e;
}

/** Fills the sign-in form, waits for the captcha to be solved and submits. */
export async function submitLogin(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.locator('input[name="user_name"]').fill(userName);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('[data-testid="captcha"][data-status="verified"]').waitFor();
  await page.locator('form button[type="submit"]').click();
}

/**
 * Signs in as a panel member and waits for the (English) dashboard. A browser that has not chosen a
 * language chooses English first: the member's saved language applies at sign-in otherwise, and an
 * earlier test of the file may have saved Turkish for the same member.
 */
export async function signIn(page: Page, userName = 'admin'): Promise<void> {
  const context = page.context();
  if (!(await context.cookies()).some((c) => c.name === LANGUAGE_COOKIE))
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'en', domain: '127.0.0.1', path: '/' }]);
  await submitLogin(page, userName);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** The toast region (Mantine renders toasts in a portal). */
export const TOAST_REGION = '.mantine-Notifications-root';
export const toasts = (page: Page) => page.locator(TOAST_REGION);

/** A page has settled when its title is up and no list, loader or lazy chunk is still on its way. */
export async function settle(page: Page): Promise<void> {
  await page.locator('main h1, h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('main .mantine-Loader-root, .mantine-LoadingOverlay-root, [data-fetching="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Serious and critical WCAG 2.2 A/AA findings on the page, as short texts. */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  // A dialog or drawer still fading in blends its colours with the page behind: measure it settled.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
    const result = await axe.run(within ? { include: [[within]] } : document, {
      runOnly: { type: 'tag', values: tags },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }, include);
}
