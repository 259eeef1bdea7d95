import { describe, expect, it } from 'vitest';
import { signIn, useE2E } from './support.ts';

/** docs/product-rules.md R5: every route, the navigation group (data-nav-group) holding its link, the link text and the title. */
const ROUTES: { path: string; group?: string; link: string; title: string }[] = [
  { path: '/', link: 'Dashboard', title: 'Dashboard' },
  { path: '/compliance', group: 'compliance', link: 'Overview', title: 'Compliance' },
  { path: '/compliance/fraud-check', group: 'compliance', link: 'Fraud Check', title: 'Fraud Check' },
  { path: '/compliance/kyc-docs', group: 'compliance', link: 'KYC Documents', title: 'KYC Documents' },
  {
    path: '/compliance/kyc-manage',
    group: 'compliance',
    link: 'Pending KYC',
    title: 'Pending KYC Documents',
  },
  { path: '/crm', group: 'crm', link: 'Overview', title: 'CRM' },
  { path: '/crm/customers', group: 'crm', link: 'Customers', title: 'Customers' },
  { path: '/crm/customers/add', group: 'crm', link: 'Add Customer', title: 'Add Customer' },
  { path: '/crm/customer-types', group: 'crm', link: 'Customer Types', title: 'Customer Types' },
  { path: '/crm/customers/kyc', group: 'crm', link: 'Customer KYC', title: 'Customer KYC' },
  { path: '/crm/customers/restrictions', group: 'crm', link: 'Restrictions', title: 'Customer Restrictions' },
  { path: '/crm/user-assets', group: 'crm', link: 'User Assets', title: 'User Assets' },
  { path: '/transactions', group: 'transactions', link: 'Overview', title: 'Transactions' },
  {
    path: '/transactions/wallet-transactions',
    group: 'transactions',
    link: 'Wallet Transactions',
    title: 'User Wallet Transactions',
  },
  {
    path: '/transactions/commissions',
    group: 'transactions',
    link: 'Commissions',
    title: 'Commission Management',
  },
  { path: '/transactions/limits', group: 'transactions', link: 'Limits', title: 'Transaction Limits' },
  {
    path: '/transactions/active-p2p',
    group: 'transactions',
    link: 'Active P2P',
    title: 'Active P2P Markets',
  },
  {
    path: '/transactions/pending-p2p',
    group: 'transactions',
    link: 'Pending P2P',
    title: 'Pending P2P Trades',
  },
  { path: '/reports', group: 'reports', link: 'Overview', title: 'Reports' },
  { path: '/reports/compliance', group: 'reports', link: 'Compliance', title: 'Compliance Reports' },
  { path: '/reports/csc', group: 'reports', link: 'Deposit CSC', title: 'Deposit CSC Reports' },
  { path: '/reports/customers', group: 'reports', link: 'Customers', title: 'Customer Reports' },
  { path: '/reports/financial', group: 'reports', link: 'Financial', title: 'Financial Reports' },
  {
    path: '/reports/fraud-security',
    group: 'reports',
    link: 'Fraud & Security',
    title: 'Fraud & Security Reports',
  },
  { path: '/reports/p2p', group: 'reports', link: 'P2P', title: 'P2P Reports' },
  { path: '/reports/transactions', group: 'reports', link: 'Transactions', title: 'Transaction Reports' },
  { path: '/reports/travel-rule', group: 'reports', link: 'Travel Rule', title: 'Travel Rule Reports' },
  { path: '/logs/access', link: 'Access Logs', title: 'Access Logs' },
  { path: '/inbox', link: 'Inbox', title: 'Inbox' },
  { path: '/settings', group: 'settings', link: 'General', title: 'Settings' },
  { path: '/settings/2FA', group: 'settings', link: 'Two-Factor', title: 'Two-Factor Authentication' },
  { path: '/settings/members', group: 'settings', link: 'Members', title: 'Members' },
  { path: '/settings/integrations', group: 'settings', link: 'Integrations', title: 'Integrations' },
  {
    path: '/settings/notifications',
    group: 'settings',
    link: 'Notifications',
    title: 'Notification Settings',
  },
];

describe('routing', () => {
  const e2e = useE2E();

  it('sends an unauthenticated deep link to /login', async () => {
    const { page } = await e2e.open();
    await page.goto('/reports/financial');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.title()).toBe('Sign in — Backdesk');
    // The plain layout: no navigation shell.
    expect(await page.getByRole('navigation').count()).toBe(0);
  });

  it('sends a signed-in member away from /login to the dashboard', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('reaches every route of the table through the navigation, each with its title', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'super'); // the one role that sees every entry (Members is super's alone)
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const route of [...ROUTES.slice(1), ROUTES[0]!]) {
      const scope = route.group ? nav.locator(`[data-nav-group="${route.group}"]`) : nav;
      await scope.getByRole('link', { name: route.link, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === route.path);
      await page.getByRole('heading', { level: 1, name: route.title, exact: true }).waitFor();
      await expect.poll(() => page.title()).toBe(`${route.title} — Backdesk`);
      const current = nav.locator('a[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect(await current.getAttribute('href')).toBe(route.path);
      // Every area is built: none is a placeholder.
      expect(await page.getByTestId('placeholder').count()).toBe(0);
    }
  });

  it('keeps Fraud Check current on its tabs, and an overview only on itself', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'super');
    const current = page
      .getByRole('navigation', { name: 'Main navigation' })
      .locator('a[aria-current="page"]');
    for (const tab of ['cases', 'rules', 'blocklist', 'screening', 'runs']) {
      await page.goto(`/compliance/fraud-check/${tab}`);
      await expect.poll(() => current.getAttribute('href'), { message: tab }).toBe('/compliance/fraud-check');
      expect(await current.count()).toBe(1);
    }
    await page.goto('/compliance/kyc-docs');
    await expect.poll(() => current.getAttribute('href')).toBe('/compliance/kyc-docs');
    expect(await current.count()).toBe(1);
  });

  it('shows the loading bar for a slow navigation and takes it down for good once the page is there', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    // The next page's code is held back until the bar shows: the navigation outlasts the bar's
    // 200 ms throttle, however quick the machine.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const bar = page.getByRole('progressbar', { name: 'Loading page' });
    const shown = page.locator('[data-mounted]', { has: bar });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .locator('[data-nav-group="reports"]')
      .getByRole('link', { name: 'Overview', exact: true })
      .click();
    await shown.waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Reports', exact: true }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // Down within the 2 s cap and back at rest, and still: no timer left behind to move it (or
    // re-render it) again.
    await shown.waitFor({ state: 'detached', timeout: 3000 });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('0');
    await page.waitForTimeout(600);
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    expect(await shown.count()).toBe(0);
  });

  it('shows the 404 page for an unknown path and goes back home', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.goto('/nope/deeper');
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await notFound.getByTestId('status-code').textContent()).toBe('404');
    await notFound.getByRole('heading', { name: 'Not Found' }).waitFor();
    await notFound.getByText('Page not found: /nope/deeper').waitFor();
    await notFound.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
