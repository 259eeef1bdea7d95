import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRoles, type RoleRequest } from '../../../test/roles.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A member without a panel role holds no valid session: 401, like nobody. */
const READ = { none: 401, support: 401, manager: 200, admin: 200, super: 200 };
/** Writes are sent with an invalid body: roles are checked first, and nothing changes. */
const EDIT = { none: 401, support: 401, manager: 403, admin: 400, super: 400 };

const reads: RoleRequest[] = [
  { method: 'GET', url: '/api/transactions/transaction-limits' },
  { method: 'GET', url: '/api/transactions/get-pending-trades' },
  { method: 'POST', url: '/api/transactions/all-p2p' },
  { method: 'GET', url: '/api/transactions/p2p/trades' },
  { method: 'GET', url: '/api/transactions/p2p/offers' },
  { method: 'GET', url: '/api/transactions/wallet-transactions' },
  { method: 'GET', url: '/api/transactions/wallet-transaction?id=1' },
  { method: 'GET', url: '/api/transactions/commissions' },
  { method: 'GET', url: '/api/transactions/commissions/preview?operation=trade&asset=BTC&amount=1' },
  { method: 'GET', url: '/api/transactions/overview' },
];
const edits: RoleRequest[] = [
  { method: 'POST', url: '/api/transactions/transaction-limit-create', payload: { limit_type: 'nope' } },
  { method: 'POST', url: '/api/transactions/transaction-limit-delete', payload: {} },
  { method: 'POST', url: '/api/transactions/p2p/offers/suspend', payload: {} },
  { method: 'POST', url: '/api/transactions/p2p/offers/resume', payload: {} },
  { method: 'POST', url: '/api/transactions/p2p/trades/cancel', payload: {} },
  { method: 'POST', url: '/api/transactions/p2p/trades/settle', payload: {} },
  { method: 'POST', url: '/api/transactions/wallet-transactions/approve', payload: {} },
  { method: 'POST', url: '/api/transactions/wallet-transactions/reject', payload: {} },
  { method: 'POST', url: '/api/transactions/commissions/create', payload: {} },
  { method: 'POST', url: '/api/transactions/commissions/update', payload: {} },
  { method: 'POST', url: '/api/transactions/commissions/delete', payload: {} },
];

describe('PRODUCT.md role matrix on every transactions endpoint', () => {
  it.each(reads.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: every panel role reads',
    async (_, request) => {
      await expectRoles(t, request, READ);
    },
  );

  it.each(edits.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: admin and super only',
    async (_, request) => {
      await expectRoles(t, request, EDIT);
    },
  );

  it('export of wallet transactions (customer data): admin and super only', async () => {
    await expectRoles(
      t,
      { method: 'GET', url: '/api/transactions/wallet-transactions/export?format=csv&status=under_review' },
      { none: 401, support: 401, manager: 403, admin: 200, super: 200 },
    );
  });
});
