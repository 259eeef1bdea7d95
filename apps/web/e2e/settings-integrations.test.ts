import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, useE2E } from './support.ts';

describe('Settings → Integrations (super only)', () => {
  const e2e = useE2E();

  it('lists an integration for a super, with no axe problem in light and dark', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const { page } = await e2e.open({ colorScheme: mode, bypassCSP: true });
      await signIn(page, 'super');
      const name = `E2E ${mode} ${Date.now()}`;
      // Made through the staff API with the super's own session, as the form will.
      const made = await page.evaluate(async (integrationName) => {
        const res = await fetch('/api/settings/integrations/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ name: integrationName, scopes: ['events:read'], allowed_addresses: null }),
        });
        return res.status;
      }, name);
      expect(made).toBe(200);
      await page.goto('/settings/integrations');
      await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
      await page.getByRole('cell', { name, exact: true }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
    }
  });

  it('shows an admin no Integrations entry and refuses the page', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The menu is drawn before its absence is read.
    await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Integrations', exact: true }).count()).toBe(0);
    await page.goto('/settings/integrations');
    await page.getByTestId('forbidden').waitFor();
  });
});
