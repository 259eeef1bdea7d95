import { describe, expect, it } from 'vitest';
import { submitLogin, useE2E } from './support.ts';

const scheme = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

describe('language and colour mode', () => {
  const e2e = useE2E();

  it('switches to Turkish, remembers it in the i18n_redirected cookie and keeps it after a reload', async () => {
    const { context, page } = await e2e.open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Türkçe' }).click();
    await page.getByRole('heading', { name: "Backdesk'e giriş yapın" }).waitFor();
    await expect.poll(() => page.title()).toBe('Giriş yap — Backdesk');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');

    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('tr');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    await submitLogin(page, 'manager');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.getByRole('navigation', { name: 'Ana gezinme' }).getByText('Genel Bakış').first().waitFor();

    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
  });

  it('switches colour mode, stores it under nuxt-color-mode and applies it before the first paint', async () => {
    const { page } = await e2e.open({ colorScheme: 'light' });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { schemeAtDcl: string | null }).schemeAtDcl =
          document.documentElement.getAttribute('data-mantine-color-scheme');
      });
    });
    await page.goto('/login');
    expect(await scheme(page)).toBe('light');

    await page.getByRole('button', { name: 'Dark' }).click();
    expect(await scheme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');

    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { schemeAtDcl: string | null }).schemeAtDcl)).toBe(
      'dark',
    );
    expect(await scheme(page)).toBe('dark');

    await page.getByRole('button', { name: 'Light' }).click();
    expect(await scheme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('light');
  });

  it('follows the system preference when set to system', async () => {
    const { page } = await e2e.open({ colorScheme: 'dark' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Light' }).click();
    expect(await scheme(page)).toBe('light');
    await page.getByRole('button', { name: 'System' }).click();
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('system');
    expect(await scheme(page)).toBe('dark');
    await page.reload();
    expect(await scheme(page)).toBe('dark');
  });

  it('says in Turkish that a colour mode could not be kept on the server (its texts load with the toast)', async () => {
    const { page } = await e2e.open({ colorScheme: 'light' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Türkçe' }).click();
    await submitLogin(page, 'manager');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.route('**/api/settings/preferences', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
    );
    await page.getByRole('button', { name: 'Koyu' }).first().click();
    await page.getByText('Seçiminiz burada geçerli, ancak sunucuda saklanamadı.').waitFor();
    expect(await scheme(page)).toBe('dark');
  });
});
