import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, TOAST_REGION, toasts, useE2E } from './support.ts';

/** The session-expiry redirect delay (docs/product-rules.md R4, R29): 500 ms after the session ends. */
const REDIRECT_MS = 500;

describe('session expiry', () => {
  const e2e = useE2E();

  it('ends the session when the auth_error cookie appears', async () => {
    const { context, page } = await e2e.open();
    await signIn(page);
    await timeExpiryInPage(page);
    await context.addCookies([{ name: 'auth_error', value: 'true', url: e2e.server.url }]);

    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5000 });
    const { expiredAt, shownAt, leftAt, toastText } = await readExpiryTimes(page);
    expect(toastText).toContain('Session Expired');
    expect(toastText).toContain('Your session has expired. Please log in again.');
    // The toast was on screen before the page left, which it did 500 ms after the session ended. How
    // soon the toast renders depends on the machine's load.
    expect(expiredAt).toBeGreaterThan(0);
    expect(shownAt).toBeGreaterThan(0);
    expect(shownAt).toBeLessThan(leftAt);
    expect(leftAt - expiredAt).toBeGreaterThanOrEqual(REDIRECT_MS);

    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'auth_error')).toBeUndefined();
    // The server ended the session too: the dashboard is out of reach.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('shows the toast before leaving when its code arrives late', async () => {
    const { context, page } = await e2e.open();
    await signIn(page);
    // A fresh page, which has not loaded the toast's code (signing in may have).
    await page.reload();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await timeExpiryInPage(page);
    // A slow link: every script fetched from now on, the toast's among them, takes 1.5 s.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, TOAST_CODE_DELAY_MS));
      await route.continue();
    });
    await context.addCookies([{ name: 'auth_error', value: 'true', url: e2e.server.url }]);

    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    const { expiredAt, shownAt, leftAt, toastText } = await readExpiryTimes(page);
    expect(toastText).toContain('Session Expired');
    expect(shownAt).toBeLessThan(leftAt);
    expect(leftAt - expiredAt).toBeGreaterThanOrEqual(TOAST_CODE_DELAY_MS + REDIRECT_MS);
  });

  it('ends the session, once, on a 401 carrying "Invalid token"', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.route('**/api/dashboard/kpis', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          status: 'error',
          statusCode: 401,
          code: 'INVALID_TOKEN',
          message: 'Invalid token',
        }),
      }),
    );
    // Every "Session Expired" toast is counted in the page as it is shown: the page leaves for /login
    // half a second later, sooner than a busy test can be sure to count what is on the screen.
    await page.evaluate(() => {
      const counted = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const title of document.querySelectorAll('.mantine-Notification-title')) {
          if (title.textContent !== 'Session Expired' || counted.has(title)) continue;
          counted.add(title);
          const shown = Number(sessionStorage.getItem('expiredToasts') ?? 0) + 1;
          sessionStorage.setItem('expiredToasts', String(shown));
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    // A second refusal while the first is being handled. On a busy machine the first may already have
    // taken the page away, and then there is no second click to make: one toast is still the rule.
    await page
      .getByRole('button', { name: 'Refresh' })
      .click({ timeout: 2000 })
      .catch(() => {});

    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('expiredToasts'))).toBe('1');
    await expect.poll(() => page.title()).toBe('Sign in — Backdesk');
  });

  it('leaves other 401/403 answers to the screen that asked', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.route('**/api/dashboard/kpis', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          status: 'error',
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'Forbidden',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await toasts(page).getByText('Session Expired').count()).toBe(0);
  });
});

/** How late the toast's code arrives in the slow-link test. */
const TOAST_CODE_DELAY_MS = 1500;

/**
 * Times the session's end in the page: when it ended, when the toast rendered and what it said (read
 * back by `readExpiryTimes` on the next page). Timing it from the test's polling would add the
 * polling's own lag.
 */
async function timeExpiryInPage(page: Page): Promise<void> {
  await page.evaluate((toastRegion) => {
    // The session ends where the page drops the auth_error cookie: noted as it writes it.
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        if (value.startsWith('auth_error=;') && !sessionStorage.getItem('expiredAt'))
          sessionStorage.setItem('expiredAt', String(Date.now()));
        cookie.set!.call(document, value);
      },
    });
    // The toast is seen here, as it renders: it is on screen for the redirect's 500 ms only, and a
    // test polling for it from outside can look after the page has left (as it did on a busy run).
    new MutationObserver((_, observer) => {
      // One region per screen position: read them all.
      const region = [...document.querySelectorAll(toastRegion)].map((r) => r.textContent).join(' ');
      if (!region.includes('Session Expired')) return;
      sessionStorage.setItem('toastShownAt', String(Date.now()));
      sessionStorage.setItem('toastText', region);
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, TOAST_REGION);
}

async function readExpiryTimes(page: Page) {
  return page.evaluate(() => ({
    expiredAt: Number(sessionStorage.getItem('expiredAt')),
    shownAt: Number(sessionStorage.getItem('toastShownAt')),
    leftAt: performance.timeOrigin,
    toastText: sessionStorage.getItem('toastText'),
  }));
}
