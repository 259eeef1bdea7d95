import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn, submitLogin, toasts, useE2E } from './support.ts';

async function openSettings(page: Page) {
  await page.goto('/settings');
  await page.getByTestId('profile-form').waitFor();
}

describe('settings', () => {
  const e2e = useE2E();

  it('edits the profile: the header follows', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await openSettings(page);
    const form = page.getByTestId('profile-form');
    await form.locator('input[name="display_name"]').fill('Emre Aydın Yılmaz');
    await form.getByTestId('profile-save').click();
    await toasts(page).getByText('Profile saved').waitFor();
    await expect.poll(() => page.getByTestId('user-menu').getAttribute('title')).toBe('Emre Aydın Yılmaz');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('profile-form').locator('input[name="display_name"]').inputValue())
      .toBe('Emre Aydın Yılmaz');
  });

  it('changes the password: a wrong current one is refused, the new one signs in', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await openSettings(page);
    const form = page.getByTestId('password-form');
    await form.locator('input[name="currentPassword"]').fill('not-the-password');
    await form.locator('input[name="newPassword"]').fill('Orchard-comet-72-basalt');
    await form.locator('input[name="confirm"]').fill('Orchard-comet-72-basalt');
    await form.getByTestId('password-save').click();
    await form.getByText('The current password is not correct.').waitFor();
    await form.locator('input[name="currentPassword"]').fill(DEMO_PASSWORD);
    await form.getByTestId('password-save').click();
    await toasts(page).getByText('Password changed').waitFor();

    const { page: again } = await e2e.open();
    await submitLogin(again, 'manager', DEMO_PASSWORD);
    await again.getByText('Login failed').first().waitFor();
    await submitLogin(again, 'manager', 'Orchard-comet-72-basalt');
    await again.waitForURL((url) => url.pathname === '/');
  });

  it('signs out all other sessions at once', async () => {
    const { page: other } = await e2e.open();
    await signIn(other, 'super');
    const { page } = await e2e.open();
    await signIn(page, 'super');
    await openSettings(page);
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('sign-out-others').click();
    await page.getByTestId('confirm-action').click();
    await toasts(page)
      .getByText(/other sessions? signed out/)
      .waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    await other.goto('/crm');
    await other.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    // This session goes on.
    await page.goto('/crm');
    await page.getByRole('heading', { level: 1, name: 'CRM' }).waitFor();
  });

  it('keeps a display time zone chosen from the searchable list, and gives it back to the browser', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'super');
    await openSettings(page);
    const field = page.getByTestId('settings-time-zone');
    await expect.poll(() => field.inputValue()).toMatch(/^Browser default \(/);
    await field.click();
    await field.fill('istanb');
    await page.getByRole('option', { name: 'Europe/Istanbul' }).click();
    await toasts(page).getByText('Time zone saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('settings-time-zone').inputValue()).toBe('Europe/Istanbul');
    const profile = await page.evaluate(() => fetch('/api/settings/profile').then((r) => r.json()));
    expect(profile.time_zone).toBe('Europe/Istanbul');

    await page.getByTestId('settings-time-zone').click();
    await page.getByRole('option', { name: /^Browser default/ }).click();
    await expect
      .poll(() => page.evaluate(() => fetch('/api/settings/profile').then((r) => r.json())))
      .toMatchObject({ time_zone: null });
  });

  it('keeps language and colour mode with the member, in another browser too', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'super');
    await openSettings(page);
    await page.getByTestId('color-mode-switch').first().getByRole('button', { name: 'Dark' }).click();
    await page.getByTestId('language-switch').first().getByRole('button', { name: 'TR Türkçe' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ayarlar' }).waitFor();
    await expect
      .poll(async () => (await page.request.get('/api/settings/profile')).json())
      .toMatchObject({ language: 'tr', color_mode: 'dark' });

    // A fresh browser, English and light: signing in applies the member's choices and R27's keys.
    const { context, page: fresh } = await e2e.open();
    await submitLogin(fresh, 'super');
    await fresh.waitForURL((url) => url.pathname === '/');
    await fresh.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await expect.poll(() => fresh.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value)
      .toBe('tr');
    expect(await fresh.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
  });
});
