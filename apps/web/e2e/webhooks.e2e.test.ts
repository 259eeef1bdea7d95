import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../packages/client/src/webhooks.ts';
import { axeProblems, settle, signIn, useE2E } from './support.ts';
import { untranslated } from './untranslated.ts';

type Mode = 'light' | 'dark';
type Language = 'en' | 'tr';
const shots = process.env.E2E_SCREENSHOTS;

describe('Settings → Integrations → Webhooks (super only)', () => {
  // The receiver below listens on loopback, which a webhook may reach only when allowed.
  const e2e = useE2E({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1' } });
  let receiver: Server;
  let hook = '';
  const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        // /gone says the endpoint no longer exists, which disables it.
        if (req.url === '/gone') res.writeHead(410).end('gone');
        else res.writeHead(200, { 'content-type': 'text/plain' }).end('received, thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve())));

  async function openAs(mode: Mode, language: Language) {
    const { context, page } = await e2e.open({ colorScheme: mode, bypassCSP: true });
    await context.addInitScript((stored) => localStorage.setItem('nuxt-color-mode', stored), mode);
    await signIn(page, 'super');
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: e2e.url('/') }]);
    return { context, page };
  }

  /** An integration made through the staff API with the super's own session, as its form will. */
  async function newIntegration(page: Page, name: string): Promise<number> {
    return page.evaluate(async (integrationName) => {
      const res = await fetch('/api/settings/integrations/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ name: integrationName, scopes: ['events:read'], allowed_addresses: null }),
      });
      return (await res.json()).integration.id as number;
    }, name);
  }

  async function snap(page: Page, name: string) {
    if (shots) await page.screenshot({ path: `${shots}/webhooks-${name}.png`, fullPage: true });
  }

  it('adds an endpoint, shows its secret once, sends a signed test.ping and logs its attempt', async () => {
    const { context, page } = await openAs('light', 'en');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url('/') });
    // As the exchange's engineer is set up: the integration and its key made on the screens, then
    // its webhooks reached from its page.
    await page.goto('/settings/integrations');
    await page.getByTestId('add-integration').click();
    await page
      .getByTestId('integration-form')
      .locator('input[name="name"]')
      .fill(`Webhooks E2E ${Date.now()}`);
    await page.getByTestId('scope-events:read').click();
    await page.getByTestId('integration-submit').click();
    await page.waitForURL(/\/settings\/integrations\/\d+$/);
    await page.getByTestId('create-key').click();
    await page.getByTestId('create-key-submit').click();
    expect((await page.getByTestId('api-key-secret').textContent())!.trim()).toMatch(/^bdk_/);
    await page.getByTestId('api-key-secret-done').click();
    await page.getByTestId('integration-webhooks').click();
    await page.waitForURL(/\/settings\/integrations\/\d+\/webhooks$/);
    await page.getByRole('heading', { level: 1, name: /^Webhooks of / }).waitFor();
    await page.getByText('No webhook endpoints yet', { exact: false }).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('webhook-add').click();
    const form = page.getByTestId('webhook-endpoint-form');
    await form.getByLabel('URL').fill(hook);
    await form.getByLabel('Description').fill('Exchange risk engine');
    await form.getByTestId('event-type-restriction.added').click();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('webhook-endpoint-submit').click();

    // The secret, this once: copied with the modal's button, as the super would.
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.waitFor();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('webhook-secret-copy').click();
    await page.getByTestId('webhook-secret-copy').getByText('Copied').waitFor();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^whsec_/);
    expect(secret).toBe(await secretBox.innerText());
    await page.getByTestId('webhook-secret-done').click();
    await secretBox.waitFor({ state: 'detached' });

    const endpoint = page.getByTestId('webhook-endpoint');
    await expect.poll(() => endpoint.getAttribute('data-status')).toBe('enabled');
    await endpoint.getByText('Restriction added', { exact: true }).waitFor();

    await endpoint.getByTestId('webhook-test').click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const ping = received[0]!;
    const event = verifyWebhook(secret, ping.headers, ping.body);
    expect(event.type).toBe('test.ping');
    expect(event.id).toBe(ping.headers['webhook-id']);

    // The log polls while the delivery is pending, so it turns delivered without a reload.
    const row = endpoint.getByTestId('webhook-log-row');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');
    await expect.poll(() => row.innerText()).toContain(event.id);
    await settle(page);
    await snap(page, 'page-en-light');
    expect(await axeProblems(page)).toEqual([]);

    await row.getByRole('button', { name: event.id }).click();
    const drawer = page.getByTestId('webhook-delivery-detail');
    await drawer.waitFor();
    const attempts = drawer.getByTestId('webhook-attempts').locator('tbody tr');
    await expect.poll(() => attempts.count()).toBe(1);
    expect(await attempts.first().innerText()).toContain('200');
    await drawer.getByTestId('webhook-body-excerpt').getByText('received, thanks').waitFor();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await snap(page, 'drawer-en-light');
  });

  it('reads whole in Turkish and stays axe-clean in dark mode: page, form, drawer', async () => {
    const combos: [Mode, Language][] = [
      ['dark', 'tr'],
      ['light', 'tr'],
      ['dark', 'en'],
    ];
    for (const [mode, language] of combos) {
      const { page } = await openAs(mode, language);
      const id = await newIntegration(page, `Webhooks ${mode} ${language} ${Date.now()}`);
      // An endpoint with one delivered test event, made through the staff API.
      const eventId = await page.evaluate(
        async ({ integrationId, url }) => {
          const post = (path: string, body: unknown) =>
            fetch(`/api/settings/integrations/webhooks${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
              body: JSON.stringify(body),
            }).then((r) => r.json());
          const made = await post('/create', { integration_id: integrationId, url, event_types: [] });
          return (await post('/test', { id: made.endpoint.id })).event_id as string;
        },
        { integrationId: id, url: hook },
      );
      await page.goto(`/settings/integrations/${id}/webhooks`);
      // Every event type: the server's other decisions meanwhile are delivered here too.
      const row = page.getByTestId('webhook-log-row').filter({ hasText: eventId });
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');
      await settle(page);
      const where = `${mode} ${language}`;
      expect(await axeProblems(page), where).toEqual([]);
      if (language === 'tr') expect(await untranslated(page), where).toEqual([]);
      await snap(page, `page-${language}-${mode}`);

      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-endpoint-form').waitFor();
      // With its refusal showing: an error's text must read as well as the rest.
      await page.getByTestId('webhook-endpoint-submit').click();
      await page
        .getByTestId('webhook-endpoint-form')
        .locator('.mantine-InputWrapper-error')
        .first()
        .waitFor();
      expect(await axeProblems(page, '[role="dialog"]'), `${where} form`).toEqual([]);
      if (language === 'tr') expect(await untranslated(page), `${where} form`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('webhook-endpoint-form').waitFor({ state: 'detached' });

      await row.locator('button').first().click();
      const drawer = page.getByTestId('webhook-delivery-detail');
      await drawer.getByTestId('webhook-attempts').locator('tbody tr').first().waitFor();
      expect(await axeProblems(page, '[role="dialog"]'), `${where} drawer`).toEqual([]);
      if (language === 'tr') expect(await untranslated(page), `${where} drawer`).toEqual([]);
      await snap(page, `drawer-${language}-${mode}`);
    }
  });

  it("says a receiver's 410 disabled the endpoint, by the system; rotates and replays by form", async () => {
    const { page } = await openAs('light', 'en');
    const id = await newIntegration(page, `Webhooks gone ${Date.now()}`);
    await page.evaluate(
      async ({ integrationId, url }) => {
        await fetch('/api/settings/integrations/webhooks/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ integration_id: integrationId, url, event_types: ['restriction.added'] }),
        });
      },
      // Only the event this test makes: any other one (a seeded restriction's expiry announced by the
      // minute's job, a travel-rule deadline) would meet the 410 first and disable the endpoint again
      // before the test's own event is sent. The test ping goes to it whatever its types.
      { integrationId: id, url: hook.replace('/hook', '/gone') },
    );
    await page.goto(`/settings/integrations/${id}/webhooks`);
    const endpoint = page.getByTestId('webhook-endpoint');
    await expect.poll(() => endpoint.getAttribute('data-status')).toBe('enabled');
    await endpoint.getByTestId('webhook-test').click();
    // The page reads the endpoint again once its pending delivery has settled.
    await expect.poll(() => endpoint.getAttribute('data-status'), { timeout: 30_000 }).toBe('disabled');
    await endpoint
      .getByTestId('webhook-disabled-reason')
      .getByText('The receiver answered 410 Gone')
      .waitFor();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await snap(page, 'disabled-en-light');

    await endpoint.getByTestId('webhook-history').click();
    const history = page.getByTestId('audit-history');
    await history.getByTestId('audit-action').getByText('Disabled', { exact: true }).waitFor();
    expect(await history.innerText()).toContain('System');
    expect(await history.innerText()).toContain('The receiver answered 410 Gone');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // Resumed, a customer's event meets the 410 too: failed for good, it blocks that customer.
    await endpoint.getByTestId('webhook-resume').click();
    await expect.poll(() => endpoint.getAttribute('data-status')).toBe('enabled');
    const db = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await db.connect();
    const customerId = (
      await db.query<{ id: number }>('SELECT id::int AS id FROM customers ORDER BY id LIMIT 1')
    ).rows[0]!.id;
    await db.end();
    const before = received.length;
    const added = await page.evaluate(async (id) => {
      const res = await fetch('/api/customers/restrictions/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ customerId: id, kind: 'withdrawal', reason: 'Webhook browser test' }),
      });
      return `${res.status} ${await res.text()}`;
    }, customerId);
    expect(added).toMatch(/^200 /);
    // This endpoint's answer to it is what blocks the customer.
    await expect
      .poll(
        () => received.slice(before).some((r) => r.url === '/gone' && r.body.includes('restriction.added')),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const blockedNow = () =>
      page.evaluate(async (integrationId) => {
        const res = await fetch(`/api/settings/integrations/webhooks?integration_id=${integrationId}`);
        return (await res.json()).items[0].blocked_customers as number;
      }, id);
    await expect.poll(blockedNow).toBe(1);
    await page.reload();
    await endpoint.getByTestId('webhook-blocked').getByText('1 customer blocked').waitFor();
    const blocked = endpoint.locator('[data-testid="webhook-log-row"][data-status="failed"]', {
      hasText: 'restriction.added',
    });
    await blocked.getByRole('link', { name: `Customer #${customerId}` }).waitFor();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await snap(page, 'blocked-en-light');
    await blocked.locator('button').first().click();
    await page.getByTestId('webhook-skip').click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => blocked.count()).toBe(0);
    await endpoint.getByTestId('webhook-blocked').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByTestId('webhook-delivery-detail').waitFor({ state: 'detached' });

    await endpoint.getByTestId('webhook-rotate').click();
    await page.getByTestId('confirm-action').click();
    await page
      .getByTestId('webhook-previous-secret')
      .getByText('The previous secret still signs until')
      .waitFor();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('webhook-secret-done').click();
    await page.getByTestId('webhook-secret').waitFor({ state: 'detached' });

    await endpoint.getByTestId('webhook-replay-range').click();
    await page.getByTestId('webhook-replay-range-submit').click();
    const form = page.getByTestId('webhook-replay-range-form');
    await expect.poll(() => form.locator('.mantine-InputWrapper-error').count()).toBe(2);
    await snap(page, 'replay-range-en-light');
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  });

  it('refuses the page to an admin', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.goto('/settings/integrations/1/webhooks');
    await page.getByTestId('forbidden').waitFor();
  });
});
