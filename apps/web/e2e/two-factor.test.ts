import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../server/src/modules/platform/two-factor/totp.ts';
import { DEMO_PASSWORD, signIn, submitLogin, toasts, useE2E } from './support.ts';

/**
 * Two-factor sign-in in the browser: an authenticator app enrolled from the key the page shows (the
 * code computed here, as an app would), the second sign-in step, recovery codes, turning it off; and
 * a passkey registered and used through Chromium's virtual authenticator.
 */
describe('two-factor sign-in', () => {
  const e2e = useE2E();

  const signOut = async (page: Page) => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  };

  const secondStep = async (page: Page, userName: string) => {
    await submitLogin(page, userName);
    await page.getByTestId('second-step').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // No session before the second step: the page holds no token cookie.
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('auth.'))).toEqual([]);
  };

  const answer = async (page: Page, code: string) => {
    await page.getByTestId('second-step').getByRole('textbox').fill(code);
    await page.getByTestId('second-step-submit').click();
  };

  const landed = async (page: Page) => {
    // The app moves to / itself (history.pushState): no page load follows to wait for.
    await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  };

  it('enrols an authenticator app, asks for its code at sign-in, takes a recovery code once, turns off', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await page.goto('/settings/2FA');
    await page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' }).waitFor();
    await expect(page.getByTestId('two-factor-state').textContent()).resolves.toBe('Off');

    await page.getByTestId('totp-start').click();
    await page.getByTestId('totp-qr').waitFor();
    const shownKey = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(shownKey).toMatch(/^[A-Z2-7]{32}$/);
    const key = base32Decode(shownKey);
    const enrolledAt = Date.now();
    await page.locator('input[name="totp_code"]').fill(totp(key, new Date(enrolledAt)));
    await page.getByTestId('totp-confirm').click();

    const codes = page.getByTestId('recovery-code');
    await page.getByTestId('recovery-codes').waitFor();
    const recovery = await codes.allTextContents();
    expect(recovery).toHaveLength(10);
    await page.getByTestId('recovery-codes-saved').click();
    await expect(page.getByTestId('two-factor-state').textContent()).resolves.toBe('On');

    await signOut(page);
    await secondStep(page, 'manager');
    await answer(page, '000000' === totp(key, new Date()) ? '111111' : '000000');
    await page
      .getByTestId('second-step-error')
      .getByText('The code is not correct. Check your authenticator app and try again.')
      .waitFor();
    // The enrolling code's step is spent; the next step's code is within the accepted drift.
    await answer(page, totp(key, new Date(enrolledAt + 30_000)));
    await landed(page);
    await toasts(page).getByText('Login successful').waitFor();

    await signOut(page);
    await secondStep(page, 'manager');
    await page.getByTestId('second-step').getByText('Recovery code', { exact: true }).click();
    await answer(page, recovery[0]!);
    await landed(page);

    await signOut(page);
    await secondStep(page, 'manager');
    await page.getByTestId('second-step').getByText('Recovery code', { exact: true }).click();
    await answer(page, recovery[0]!);
    await page
      .getByTestId('second-step-error')
      .getByText('This recovery code was already used. Each code works once.')
      .waitFor();
    await answer(page, recovery[1]!);
    await landed(page);

    await page.goto('/settings/2FA');
    await expect(page.getByTestId('recovery-left').textContent()).resolves.toBe('8 unused codes left.');
    await page.locator('input[name="disable_password"]').fill(DEMO_PASSWORD);
    await page.getByTestId('disable-card').getByText('Recovery code', { exact: true }).click();
    await page.locator('input[name="disable_code"]').fill(recovery[2]!);
    await page.getByTestId('disable-submit').click();
    await toasts(page).getByText('Two-factor sign-in turned off.').waitFor();
    await expect(page.getByTestId('two-factor-state').textContent()).resolves.toBe('Off');

    // Off again: the password alone signs in, as R2 has it.
    await signOut(page);
    await signIn(page, 'manager');
  });

  it('registers a passkey with the virtual authenticator and signs in with it', async () => {
    // A relying party id must be a domain, not an IP address: the same server, named localhost.
    const { page } = await e2e.open({ baseURL: e2e.server.url.replace('127.0.0.1', 'localhost') });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'usb',
        hasResidentKey: false,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signIn(page, 'admin');
    await page.goto('/settings/2FA');
    await page.locator('input[name="passkey_name"]').fill('Virtual key');
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByTestId('recovery-codes-saved').click();
    await page.getByTestId('passkeys').getByText('Virtual key', { exact: true }).waitFor();
    await expect(page.getByTestId('two-factor-state').textContent()).resolves.toBe('On');

    await signOut(page);
    await secondStep(page, 'admin');
    await page.getByTestId('use-passkey').click();
    await landed(page);

    await page.goto('/settings/2FA');
    await expect(page.getByTestId('passkeys').textContent()).resolves.toMatch(/last used/);
  });
});
