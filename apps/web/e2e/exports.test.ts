import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, submitLogin, toasts, useE2E } from './support.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG A/AA findings of axe within the exports panel (the progress bars' names among them). */
async function panelViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(
      { include: [['[data-testid="background-exports"]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    );
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** An export over the (tiny) threshold: toast, live progress, inbox notice, download. */
describe('background exports', () => {
  // Two rows: any customer export over it goes to the background; the job runner is on.
  const e2e = useE2E({ env: { EXPORT_BACKGROUND_ROWS: '2', JOBS: 'true' } });
  const tag = `e2e-bg-${randomUUID().slice(0, 6)}`;
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO customers (user_name, alias_email)
       SELECT $1 || '-' || g, $1 || '-' || g || '@example.com' FROM generate_series(1, 5) g`,
      [tag],
    );
  });
  afterAll(() => db?.end());

  it('goes to the background, shows its progress, arrives in the inbox and downloads', async () => {
    // bypassCSP: the app's script-src 'self' would refuse the injected axe script.
    const { page } = await e2e.open({ acceptDownloads: true, bypassCSP: true });
    await signIn(page);
    await page.goto('/crm/customers');
    await page.getByTestId('customers-list').locator('tbody tr').first().waitFor();

    await page.getByTestId('export-menu').click();
    await page.getByTestId('export-csv').click();
    await toasts(page).getByText('it is being written in the background').waitFor();

    const panel = page.getByTestId('background-exports');
    await panel.waitFor();
    await expect(
      panel.getByRole('progressbar', { name: /Progress of the export customers\.csv/ }).count(),
    ).resolves.toBe(1);
    const link = panel.getByTestId('background-export-download');
    await link.waitFor({ timeout: 20_000 });
    expect(await panelViolations(page)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/exports-panel.png` });

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d\d-\d\d\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.split(`${tag}-`).length - 1).toBeGreaterThanOrEqual(5);

    await page.goto('/inbox');
    await page.getByText('Your export is ready').first().waitFor();

    // The panel in Turkish and dark mode: its texts translated, still without findings.
    const { context: tr, page: trPage } = await e2e.open({ colorScheme: 'dark', bypassCSP: true });
    await tr.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await tr.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'));
    await submitLogin(trPage, 'admin');
    await trPage.waitForURL((url) => url.pathname === '/');
    await trPage.goto('/crm/customers');
    const trPanel = trPage.getByTestId('background-exports');
    await trPanel.getByText('Arka plan dışa aktarımları').waitFor();
    await trPanel.getByText('customers.csv dosyasını indir').waitFor();
    expect(await panelViolations(trPage)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS)
      await trPage.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/exports-panel-tr-dark.png` });
  });
});
