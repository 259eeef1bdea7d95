import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, submitLogin, toasts, useE2E } from './support.ts';

/** The SCIM service as an identity provider calls it, with the token the page showed once. */
async function scimStatus(url: string, token: string): Promise<number> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.body?.cancel();
  return res.status;
}

async function openMembers(e2e: ReturnType<typeof useE2E>, mode: 'light' | 'dark', language: 'en' | 'tr') {
  const { context, page } = await e2e.open({ colorScheme: mode, bypassCSP: true });
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: e2e.url('/') }]);
  await context.addInitScript((stored) => localStorage.setItem('nuxt-color-mode', stored), mode);
  await submitLogin(page, 'super');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/settings/members');
  await page.getByTestId('scim-tokens').waitFor();
  return page;
}

const tokenRow = (page: Page, prefix: string) =>
  page.locator(`[data-testid="scim-token-row"][data-prefix="${prefix}"]`);

describe('SCIM tokens in Settings → Members (super only)', () => {
  const e2e = useE2E();

  it('creates a token shown once, which the provider uses until it is revoked; en/tr, light/dark', async () => {
    const page = await openMembers(e2e, 'light', 'en');
    await page.getByTestId('scim-provisioning').getByText('Provisioning off').waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('create-scim-token').click();
    await page.getByTestId('scim-token-name').fill('Okta');
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('create-scim-token-submit').click();
    const secret = page.getByTestId('scim-token-secret');
    await secret.waitFor();
    const token = (await secret.textContent())!.trim();
    expect(token).toMatch(/^bds_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('scim-token-secret-done').click();
    await secret.waitFor({ state: 'detached' });

    // Shown once: the page keeps only the prefix; the provider's calls work with it.
    const prefix = token.slice(0, 12);
    await tokenRow(page, prefix).waitFor();
    expect(await page.content()).not.toContain(token);
    await page.getByTestId('scim-provisioning').getByText('Provisioning on').waitFor();
    expect(await scimStatus(e2e.url('/scim/v2/ServiceProviderConfig'), token)).toBe(200);
    await page.reload();
    await expect.poll(() => tokenRow(page, prefix).textContent()).not.toContain('Never');
    expect(await axeProblems(page)).toEqual([]);

    // Turkish, dark: every word of the card in Turkish, and still accessible.
    const tr = await openMembers(e2e, 'dark', 'tr');
    await tr.getByText('SCIM ile kullanıcı sağlama').waitFor();
    await tr.getByTestId('scim-provisioning').getByText('Sağlama açık').waitFor();
    expect(await axeProblems(tr)).toEqual([]);
    await tokenRow(tr, prefix).getByTestId('revoke-scim-token').click();
    await tr.getByText(`${prefix} belirteci iptal edilsin mi?`).waitFor();
    expect(await axeProblems(tr, '[role="dialog"]')).toEqual([]);
    await tr.getByTestId('confirm-action').click();
    // Measured once the dialog and its overlay have gone (a fading overlay dims the page behind).
    await tr.getByRole('dialog').waitFor({ state: 'detached' });
    // The pointer left where the confirm button was, over a members row it would highlight.
    await tr.mouse.move(0, 0);
    await toasts(tr).getByText(`${prefix} belirteci iptal edildi`).waitFor();
    await tokenRow(tr, prefix).getByTestId('scim-token-state').getByText('İptal edildi').waitFor();
    await tr.getByTestId('scim-provisioning').getByText('Sağlama kapalı').waitFor();
    expect(await scimStatus(e2e.url('/scim/v2/ServiceProviderConfig'), token)).toBe(401);
    expect(await axeProblems(tr)).toEqual([]);
  });
});
