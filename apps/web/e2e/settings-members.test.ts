import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, submitLogin, toasts, useE2E } from './support.ts';

const NEW_PASSWORD = 'Meadow-lantern-83-cobalt';

async function openMembers(page: Page) {
  await page.goto('/settings/members');
  await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  await page.getByTestId('members-table').waitFor();
}

const row = (page: Page, userName: string) =>
  page.locator(`[data-testid="member-row"][data-user="${userName}"]`);

/** Opens a row's action menu and picks one action, confirming when asked. */
async function memberAction(page: Page, userName: string, action: string, confirm = true) {
  await row(page, userName).getByTestId('member-actions').click();
  await page.getByRole('menuitem', { name: action }).click();
  if (confirm) await page.getByTestId('confirm-action').click();
}

describe('members (super only)', () => {
  const e2e = useE2E();

  it('lists the demo staff; a super creates a member who must change the one-time password', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'super');
    await openMembers(page);
    for (const name of ['super', 'admin', 'manager', 'support']) await row(page, name).waitFor();

    await page.getByTestId('add-member').click();
    const form = page.getByTestId('create-member-form');
    await form.locator('input[name="user_name"]').fill('deniz.ak');
    await form.locator('input[name="display_name"]').fill('Deniz Ak');
    await form.getByTestId('create-member-submit').click();
    const shown = page.getByTestId('one-time-password');
    await shown.waitFor();
    const oneTimePassword = (await shown.textContent())!.trim();
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    await page.getByTestId('one-time-password-done').click();
    await expect.poll(() => row(page, 'deniz.ak').textContent()).toContain('Must change password');

    // The new member signs in with it and has to choose their own password.
    const { page: theirs } = await e2e.open();
    await submitLogin(theirs, 'deniz.ak', oneTimePassword);
    // The sign-in gate holds them on the settings page until they have.
    await theirs.waitForURL((url) => url.pathname === '/settings');
    await theirs.getByTestId('must-change-password').waitFor();
    await theirs.goto('/crm');
    await theirs.waitForURL((url) => url.pathname === '/settings');
    // Nothing to open that would be refused: no area navigation while held.
    expect(await theirs.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    const password = theirs.getByTestId('password-form');
    await password.locator('input[name="currentPassword"]').fill(oneTimePassword);
    // A weak one is refused with the reason, in words.
    await password.locator('input[name="newPassword"]').fill('password1234');
    await password.locator('input[name="confirm"]').fill('password1234');
    await password.getByTestId('password-save').click();
    await password.getByText('This is a commonly used password.', { exact: false }).waitFor();
    await password.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await password.locator('input[name="confirm"]').fill(NEW_PASSWORD);
    await password.getByTestId('password-save').click();
    await toasts(theirs).getByText('Password changed').waitFor();
    await theirs.getByTestId('must-change-password').waitFor({ state: 'detached' });
    // Released: the rest of the panel opens.
    await theirs.goto('/crm');
    await theirs.getByRole('heading', { level: 1, name: 'CRM' }).waitFor();
    await theirs.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    await page.reload();
    await row(page, 'deniz.ak').waitFor();
    expect(await row(page, 'deniz.ak').textContent()).not.toContain('Must change password');
  });

  it('disabling a signed-in member ends their session on their next request', async () => {
    const { page: theirs } = await e2e.open();
    await signIn(theirs, 'manager');

    const { page } = await e2e.open();
    await signIn(page, 'super');
    await openMembers(page);
    await memberAction(page, 'manager', 'Disable');
    await expect.poll(() => row(page, 'manager').getByTestId('member-status').textContent()).toBe('Disabled');

    // Their very next request is refused: the app says so and goes to the sign-in page.
    // Only the redirect matters here, not the page's load event (slow on a loaded CI machine).
    await theirs.goto('/crm', { waitUntil: 'commit' });
    await theirs.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await submitLogin(theirs, 'manager');
    await theirs.getByText('Login failed').first().waitFor();

    // Enabled again, they can sign in.
    await memberAction(page, 'manager', 'Enable', false);
    await expect.poll(() => row(page, 'manager').getByTestId('member-status').textContent()).toBe('Active');
    await signIn(theirs, 'manager');
  });

  it('draws the action menu, its red entry too, readable and well-formed in both colour modes', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const { page, context } = await e2e.open({ colorScheme: mode, bypassCSP: true });
      await context.addInitScript((m) => localStorage.setItem('nuxt-color-mode', m), mode);
      await signIn(page, 'super');
      await openMembers(page);
      await row(page, 'admin').getByTestId('member-actions').click();
      await page.getByRole('menuitem', { name: 'Disable' }).waitFor();
      expect(await axeProblems(page, '[role="menu"]')).toEqual([]);
      await page.keyboard.press('Escape');
      // Opened from the keyboard, the arrow keys walk its items.
      await row(page, 'admin').getByTestId('member-actions').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Disable' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
        .toBe('menuitem');
      await page.keyboard.press('Escape');
      // The account menu's "Sign out" is the other red entry of the panel.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
      expect(await axeProblems(page, '[role="menu"]')).toEqual([]);
    }
  });

  it('hides the members entry from a non-super and shows the forbidden page at its address', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Notifications' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Members' }).count()).toBe(0);
    await page.goto('/settings/members');
    await page.getByTestId('forbidden').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
  });
});
