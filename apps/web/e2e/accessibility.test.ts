import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import RECORD_ROUTES from './record-routes.json';
import { settle, signIn, useE2E } from './support.ts';
import { untranslated } from './untranslated.ts';
import { fraudCaseFixture } from './work-fixtures.ts';

/**
 * WCAG 2.2 AA in the browser: axe-core on every route in both colour modes and both languages, the
 * landmarks and skip link, and the list layout at 1280 px (nothing cut off; wider screens only add room).
 */

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

type Mode = 'light' | 'dark';
type Language = 'en' | 'tr';
type Combo = { mode: Mode; language: Language };
const COMBINATIONS: Combo[] = [
  { mode: 'light', language: 'en' },
  { mode: 'dark', language: 'en' },
  { mode: 'light', language: 'tr' },
  { mode: 'dark', language: 'tr' },
];

/** Every page path of the app, read from the generated route tree, so a new route is covered at once. */
function appRoutes(): string[] {
  const tree = readFileSync(fileURLToPath(new URL('../src/routeTree.gen.ts', import.meta.url)), 'utf8');
  const body = /export interface FileRoutesByTo \{([^}]*)\}/.exec(tree)?.[1];
  if (!body) throw new Error('FileRoutesByTo not found in routeTree.gen.ts');
  const paths = [...body.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!);
  return paths.filter((path) => path !== '/login');
}

/**
 * Goes to `path` as a link in the app would, through the router (which puts itself on `window`), and
 * waits for its route to load: a full page load would boot the app again for each of the walk's ~90
 * pages, which is what the sidebar spares the member.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(async (href) => {
    const router = (window as unknown as { __TSR_ROUTER__: { navigate(o: { href: string }): Promise<void> } })
      .__TSR_ROUTER__;
    await router.navigate({ href });
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  detail: string;
}

/** Runs axe with the WCAG A/AA tags (and the label-in-name rule, WCAG 2.5.3) on the current page. */
async function axeFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(
    async ({ tags }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      // A drawer or menu still fading in blends its colours with the page behind it, and axe measures
      // what it sees: let finite transitions end first (spinners run forever, so at most 2 s).
      const ending = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      await Promise.race([
        Promise.allSettled(ending.map((a) => a.finished)),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]);
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
        // e.g. the measured colours and ratio of a contrast failure
        detail: `${v.nodes[0]?.any[0]?.message ?? ''} ${v.nodes[0]?.html.slice(0, 160) ?? ''}`,
      }));
    },
    { tags: AXE_TAGS },
  );
  return violations.filter((v) => BLOCKING.has(v.impact));
}

const describeFindings = (where: string, findings: Finding[]) =>
  findings.map(
    (f) =>
      `${where} ${f.impact} ${f.rule} (${f.help}; ${f.detail}): ${f.targets.slice(0, 5).join(' | ')}${
        f.targets.length > 5 ? ` … ${f.targets.length} in all` : ''
      }`,
  );

/**
 * What of the page's visible lists sticks out of the list's own box or the window, or lies under its pinned
 * row actions: every header cell, every cell and status badge of the first row, the last (action) column
 * included.
 */
async function cutOffCells(page: Page): Promise<{ lists: number; cut: string[] }> {
  const tables = page.locator('main .mantine-datatable');
  let lists = 0;
  const cut: string[] = [];
  for (let i = 0; i < (await tables.count()); i++) {
    const table = tables.nth(i);
    if (!(await table.isVisible())) continue;
    lists++;
    const cells = await table.evaluate((root) => {
      const viewport = root.querySelector('.mantine-ScrollArea-viewport') ?? root;
      const box = viewport.getBoundingClientRect();
      const right = Math.min(box.right, document.documentElement.clientWidth);
      // The row actions stay pinned on the right: a cell that reaches under them is covered.
      const pinned = (cell: Element) => getComputedStyle(cell).position === 'sticky';
      const visibleUpTo = (cell: Element) => {
        const last = cell.closest('tr')?.lastElementChild;
        return last && last !== cell.closest('td, th') && pinned(last)
          ? Math.min(right, last.getBoundingClientRect().left)
          : right;
      };
      return [
        ...root.querySelectorAll('thead th'),
        ...root.querySelectorAll('tbody tr:first-child td'),
        ...root.querySelectorAll('tbody tr:first-child .mantine-Badge-root'),
      ]
        .map((cell) => ({ cell, r: cell.getBoundingClientRect() }))
        .filter(({ cell, r }) => r.width > 0 && (r.right > visibleUpTo(cell) + 1 || r.left < box.left - 1))
        .map(({ cell }) => (cell.textContent ?? '').trim().slice(0, 30) || cell.tagName);
    });
    cut.push(...cells);
  }
  return { lists, cut };
}

describe('accessibility (WCAG 2.2 AA)', () => {
  const e2e = useE2E();
  // The test database has no fraud alerts of its own: one open alert in a case, for the pages of one.
  beforeAll(async () => {
    await fraudCaseFixture(e2e.server.databaseUrl);
  });

  /** A context in the given mode and language; signed in with `storageState` when given. */
  async function openAs(
    { mode, language }: { mode: Mode; language: Language },
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
  ) {
    // bypassCSP: the app's script-src 'self' would refuse the injected axe script. 1280 px: the width
    // the route walk judges list layout at.
    const viewport = { width: 1280, height: 800 };
    const { context, page } = await e2e.open({ colorScheme: mode, viewport, storageState, bypassCSP: true });
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: e2e.url('/') }]);
    await context.addInitScript((stored) => localStorage.setItem('nuxt-color-mode', stored), mode);
    return { context, page };
  }

  let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  async function signedInState() {
    if (!session) {
      const { context, page } = await e2e.open();
      await signIn(page);
      session = await context.storageState();
    }
    return session;
  }

  /** Pages of one record (record-routes.json): the first row of their list opens one, or a fixed path. */
  async function resolvePath(page: Page, path: string): Promise<string> {
    if (!path.includes('$')) return path;
    const sample = (RECORD_ROUTES as Record<string, { list: string; testId: string } | { path: string }>)[
      path
    ];
    if (!sample) throw new Error(`No sample parameter for route ${path}`);
    // A super-only page: the walk's admin sees its forbidden page, which is judged like any other.
    if ('path' in sample) return sample.path;
    await navigateInApp(page, sample.list);
    await page.getByTestId(sample.testId).locator('tbody tr[data-row-index]').first().click();
    await page.waitForURL((url) => new RegExp(`^${sample.list}/\\d+$`).test(url.pathname));
    return new URL(page.url()).pathname;
  }

  it('signs in on a /login page with no serious or critical violation, in both modes and languages', async () => {
    const problems: string[] = [];
    for (const combo of COMBINATIONS) {
      const { context, page } = await openAs(combo);
      await page.goto('/login');
      await page.locator('[data-testid="captcha"][data-status="verified"]').waitFor();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(combo.language);
      problems.push(...describeFindings(`/login ${combo.mode} ${combo.language}`, await axeFindings(page)));
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  // The layout and the Turkish texts are judged on the same walk (each is a read of the loaded page):
  // at its 1280 px, as the sidebar is fixed and no column depends on the width, so a list that fits at
  // 1280 fits on any wider screen; the language sets the widths.
  it('has no serious or critical violation on any route, light and dark, English and Turkish, cuts off no list column, status badge or row action at 1280 px, and shows no raw key or English text in Turkish', {
    timeout: 600_000,
  }, async () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const state = await signedInState();
    const problems: string[] = [];
    let visited = 0;
    let lists = 0;
    // Two contexts at a time: the machine has two cores, and axe is CPU-bound. Each walks its routes
    // through the router: booting the app again for each page made the walk five times as long.
    const run = async (combo: Combo, share: string[]) => {
      const { context, page } = await openAs(combo, state);
      await page.goto('/');
      await settle(page);
      for (const route of share) {
        const path = await resolvePath(page, route);
        await navigateInApp(page, path);
        await settle(page).catch((error: Error) => {
          throw new Error(`${path} ${combo.mode} ${combo.language}: ${error.message}`);
        });
        expect(new URL(page.url()).pathname, `${route} ${combo.mode} ${combo.language}`).toBe(path);
        const scheme = await page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
        expect(scheme, `${path} ${combo.mode} ${combo.language}`).toBe(combo.mode);
        const findings = await axeFindings(page);
        problems.push(...describeFindings(`${route} ${combo.mode} ${combo.language}`, findings));
        if (combo.language === 'tr')
          for (const text of await untranslated(page)) problems.push(`${route} tr: ${text}`);
        const layout = await cutOffCells(page);
        lists += layout.lists;
        if (layout.cut.length)
          problems.push(`${route} 1280px ${combo.language}: cut off ${layout.cut.join(', ')}`);
        visited++;
      }
      await context.close();
    };
    // Each route in both modes and both languages, as one of two complementary pairs (light English
    // with dark Turkish, dark English with light Turkish), alternating over the routes: contrast
    // depends on the mode, names and lang on the language, and every pairing still runs on half the
    // routes. Half the work of all four on every route, which took a third of the browser suite.
    const [lightEn, darkEn, lightTr, darkTr] = COMBINATIONS as [Combo, Combo, Combo, Combo];
    const even = routes.filter((_, i) => i % 2 === 0);
    const odd = routes.filter((_, i) => i % 2 === 1);
    await Promise.all([run(lightEn, even), run(darkEn, odd)]);
    await Promise.all([run(darkTr, even), run(lightTr, odd)]);
    expect(visited).toBe(routes.length * 2);
    // Lists seen in both languages.
    expect(lists).toBeGreaterThan(20);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('offers a skip link first, and a header, a labelled navigation and one main landmark', async () => {
    const { page } = await openAs({ mode: 'light', language: 'en' }, await signedInState());
    await page.goto('/crm/customers');
    await settle(page);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // The next Tab goes on within the page, not back to the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  /**
   * Axe in every mode and language at each state `visit` reaches: it calls `check(label)` where the
   * page is to be judged.
   */
  async function axeInEveryCombination(
    visit: (page: Page, check: (label: string) => Promise<void>) => Promise<void>,
  ) {
    const state = await signedInState();
    const problems: string[] = [];
    for (const combo of COMBINATIONS) {
      const { context, page } = await openAs(combo, state);
      await visit(page, async (label) => {
        problems.push(
          ...describeFindings(`${label} ${combo.mode} ${combo.language}`, await axeFindings(page)),
        );
      });
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }

  it('has no serious or critical violation with the KYC review open (viewer, decision, rejection form)', {
    timeout: 180_000,
  }, async () => {
    await axeInEveryCombination(async (page, check) => {
      await page.goto('/compliance/kyc-docs?status=pending');
      await settle(page);
      await page.getByTestId('kyc-documents-list').locator('tbody tr[data-row-index]').first().click();
      const drawer = page.getByTestId('review-drawer');
      await drawer.getByTestId('decision-form').waitFor();
      // The file drawn (an image, a PDF page) or the reason it cannot be.
      await drawer
        .locator(
          '[data-testid="viewer-image"], [data-testid="viewer-pdf-page"][data-drawn="true"], .mantine-Alert-root',
        )
        .first()
        .waitFor();
      await check('KYC review');
      await drawer.getByTestId('reject-document').click();
      await drawer.getByTestId('submit-reject').waitFor();
      await check('KYC review, rejecting');
    });
  });

  it('has no serious or critical violation with a fraud alert open and its closing form', {
    timeout: 180_000,
  }, async () => {
    await axeInEveryCombination(async (page, check) => {
      await page.goto('/compliance/fraud-check?status=open');
      await settle(page);
      await page.getByTestId('fraud-alerts-list').locator('tbody tr[data-row-index]').first().click();
      await page.getByTestId('alert-evidence').waitFor();
      await check('fraud alert');
      await page.getByTestId('close-alert').click();
      await page.getByTestId('closing-note').waitFor();
      await check('fraud alert, closing');
    });
  });

  it('has no serious or critical violation while a page is still loading (its named spinner)', async () => {
    const { page } = await openAs({ mode: 'light', language: 'en' }, await signedInState());
    // The settings page waits for the profile behind a spinner named "Loading page": held back here
    // until axe has looked, so it sees the spinner rather than whatever a busy machine is showing.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/settings/profile*', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/settings');
    await page.locator('main .mantine-Loader-root[aria-label]').first().waitFor();
    const findings = await axeFindings(page);
    release();
    expect(findings, describeFindings('loading /settings', findings).join('\n')).toEqual([]);
  });

  it('shows the restrictions tab of a customer empty only when the customer has none', async () => {
    const { page } = await openAs({ mode: 'light', language: 'en' }, await signedInState());
    const restrictions = page.getByTestId('customer-restrictions');
    const emptyText = restrictions.getByText('No restrictions.');
    const showsEmpty = () => emptyText.isVisible();

    // A customer with an active restriction (from the restrictions list): rows, no empty state.
    await page.goto('/crm/customers/restrictions?state=active');
    await page.getByTestId('restrictions-list').locator('tbody tr a').first().click();
    await page.waitForURL((url) => /^\/crm\/customers\/\d+$/.test(url.pathname));
    await page.getByTestId('tab-restrictions').click();
    await restrictions.locator('tbody tr').first().waitFor();
    expect(await showsEmpty()).toBe(false);

    // A customer of its own, with no restriction: "(0)", the empty state and no rows.
    const client = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await client.connect();
    const created = await client
      .query<{ id: number }>(`INSERT INTO customers (user_name) VALUES ('a11y-unrestricted') RETURNING id`)
      .finally(() => client.end());
    await page.goto(`/crm/customers/${created.rows[0]!.id}`);
    await page.getByTestId('tab-restrictions').click();
    expect(await page.getByTestId('tab-restrictions').textContent()).toContain('(0)');
    await emptyText.waitFor();
    expect(await restrictions.locator('tbody tr').count()).toBe(0);
  });

  it('shows a staff edit awaiting the exchange and the versions it refused, in both modes and languages', async () => {
    const client = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await client.connect();
    const created = await client
      .query<{ id: number }>(
        `INSERT INTO customers (user_name, alias_email, external_id, external_version, pending_echo, pending_echo_at)
         VALUES ('a11y-echo', 'staff.set@example.com', 'a11y-echo', 4,
                 '{"alias_email": "staff.set@example.com"}', now()) RETURNING id`,
      )
      .then(async (r) => {
        await client.query(
          `INSERT INTO customer_ingest_conflicts (customer_id, external_version, staff_values, incoming_values, received_at)
           VALUES ($1, 5, '{"alias_email": "staff.set@example.com"}', '{"alias_email": "old@example.com"}', now())`,
          [r.rows[0]!.id],
        );
        return r;
      })
      .finally(() => client.end());
    const problems: string[] = [];
    for (const combo of COMBINATIONS) {
      const { context, page } = await openAs(combo, await signedInState());
      await page.goto(`/crm/customers/${created.rows[0]!.id}`);
      const banner = page.getByTestId('exchange-echo');
      await banner.waitFor();
      await settle(page);
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain('old@example.com');
      expect(text).toContain(
        combo.language === 'tr' ? 'Borsadan yanıt bekleniyor' : 'Waiting for the exchange',
      );
      await page.screenshot({
        path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/exchange-echo-${combo.mode}-${combo.language}.png`,
      });
      problems.push(
        ...describeFindings(`exchange echo ${combo.mode} ${combo.language}`, await axeFindings(page)),
      );
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
