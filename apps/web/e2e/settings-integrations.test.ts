import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, submitLogin, toasts, useE2E } from './support.ts';

/** The public API as the exchange calls it, with the key the page showed once. */
async function whoami(url: string, key: string): Promise<number> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  await res.body?.cancel();
  return res.status;
}

async function openAsSuper(e2e: ReturnType<typeof useE2E>, mode: 'light' | 'dark', language: 'en' | 'tr') {
  const { context, page } = await e2e.open({ colorScheme: mode, bypassCSP: true });
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: e2e.url('/') }]);
  await context.addInitScript((stored) => localStorage.setItem('nuxt-color-mode', stored), mode);
  await submitLogin(page, 'super');
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** Creates an integration through the form and lands on its page. */
async function createThroughForm(page: Page, name: string) {
  await page.goto('/settings/integrations');
  await page.getByTestId('add-integration').click();
  const form = page.getByTestId('integration-form');
  await form.locator('input[name="name"]').fill(name);
  // Each scope says what it allows, in words (not its key).
  await form.getByText(/^(Ask before sending a withdrawal|Bir çekimi göndermeden önce sorar)$/).waitFor();
  await page.getByTestId('scope-events:read').click();
  await page.getByTestId('scope-checks:withdrawal').click();
  return form;
}

describe('Settings → Integrations (super only)', () => {
  const e2e = useE2E();

  it('creates an integration and a key through the screens; the key works once shown and stops when revoked', async () => {
    const page = await openAsSuper(e2e, 'light', 'en');
    const name = `E2E exchange ${Date.now()}`;
    const form = await createThroughForm(page, name);
    // A bad allowlist line is named by its line, in words, and nothing is created.
    await page.getByTestId('integration-addresses').fill('127.0.0.1\n999.1.1.1');
    await page.getByTestId('integration-submit').click();
    await form.getByText('Line 2 is not an IP address or network.').waitFor();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('integration-addresses').fill('127.0.0.1\n::1');
    await page.getByTestId('integration-submit').click();

    // The new integration's page, where its first key is made.
    await page.waitForURL(/\/settings\/integrations\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('No keys yet.', { exact: false }).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('create-key').click();
    await page.getByTestId('create-key-submit').click();
    const secret = page.getByTestId('api-key-secret');
    await secret.waitFor();
    const key = (await secret.textContent())!.trim();
    expect(key).toMatch(/^bdk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('api-key-secret-done').click();
    await secret.waitFor({ state: 'detached' });

    // Shown once: the page keeps only the prefix.
    const row = page.getByTestId('key-row');
    await expect.poll(() => row.getAttribute('data-prefix')).toBe(key.slice(0, 12));
    expect(await page.content()).not.toContain(key);
    expect(await whoami(e2e.url('/api/v1/whoami'), key)).toBe(200);

    // The call is in the integration's latest calls and in the call log, filtered to it.
    await page.reload();
    await page.getByTestId('recent-calls').getByText('/api/v1/whoami').waitFor();
    await page.getByTestId('open-call-log').click();
    await page.waitForURL(/\/settings\/integrations\/calls\?/);
    await page.getByTestId('integration-calls').getByText('/api/v1/whoami').first().waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.goBack();

    // Revoked: refused from the next request.
    await page.getByTestId('revoke-key').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await row.getByTestId('key-state').getByText('Revoked').waitFor();
    expect(await whoami(e2e.url('/api/v1/whoami'), key)).toBe(401);

    // Disabled: the whole integration's keys are refused; its history names both changes.
    await page.getByTestId('create-key').click();
    await page.getByTestId('create-key-submit').click();
    const second = (await page.getByTestId('api-key-secret').textContent())!.trim();
    await page.getByTestId('api-key-secret-done').click();
    expect(await whoami(e2e.url('/api/v1/whoami'), second)).toBe(200);
    await page.getByTestId('disable-integration').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByTestId('enable-integration').waitFor();
    expect(await whoami(e2e.url('/api/v1/whoami'), second)).toBe(401);
    await page.getByTestId('integration-history').click();
    await page.getByRole('dialog').getByText('Disabled', { exact: false }).first().waitFor();
  });

  it('edits an integration with the version it loaded, and refuses a name already taken', async () => {
    const page = await openAsSuper(e2e, 'dark', 'tr');
    const stamp = Date.now();
    const first = `E2E A ${stamp}`;
    await createThroughForm(page, first);
    await page.getByTestId('integration-submit').click();
    await page.waitForURL(/\/settings\/integrations\/\d+$/);
    const second = `E2E B ${stamp}`;
    await createThroughForm(page, second);
    await page.getByTestId('integration-submit').click();
    await page.getByRole('heading', { level: 1, name: second }).waitFor();

    await page.getByTestId('edit-integration').click();
    const form = page.getByTestId('integration-form');
    await form.locator('input[name="name"]').fill(first);
    await page.getByTestId('integration-submit').click();
    await form.getByText(`"${first}" adında bir entegrasyon zaten var`, { exact: false }).waitFor();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await form.locator('input[name="name"]').fill(`${second} (yeni)`);
    await page.getByTestId('integration-submit').click();
    await page.getByRole('heading', { level: 1, name: `${second} (yeni)` }).waitFor();
    await toasts(page).getByText('kaydedildi', { exact: false }).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.goto('/settings/integrations/calls');
    await page.getByRole('heading', { level: 1, name: 'API Çağrı Kaydı' }).waitFor();
    await page.getByTestId('retention-setting').waitFor();
    expect(await axeProblems(page)).toEqual([]);
  });

  it('shows an admin no Integrations entry and refuses the pages', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The menu is drawn before its absence is read.
    await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Integrations', exact: true }).count()).toBe(0);
    for (const path of [
      '/settings/integrations',
      '/settings/integrations/1',
      '/settings/integrations/calls',
    ]) {
      await page.goto(path);
      await page.getByTestId('forbidden').waitFor();
    }
  });
});
