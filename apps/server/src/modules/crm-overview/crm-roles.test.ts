import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRoles, type RoleExpectations, type RoleRequest } from '../../../test/roles.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const everyPanelRole = (ok: number): RoleExpectations => ({
  none: 401,
  support: 401,
  manager: ok,
  admin: ok,
  super: ok,
});
const adminAndSuper = (ok: number): RoleExpectations => ({
  none: 401,
  support: 401,
  manager: 403,
  admin: ok,
  super: ok,
});

/** PRODUCT.md role matrix, endpoint by endpoint. `support` holds a session but no panel role: the
 * session check itself refuses it (401), before any role check.  Writes use invalid or harmless bodies where a 2xx is not needed. */
const MATRIX: [RoleRequest, RoleExpectations][] = [
  [{ method: 'GET', url: '/api/customers/get-users' }, everyPanelRole(200)],
  [{ method: 'GET', url: '/api/customers/count-users' }, everyPanelRole(200)],
  [{ method: 'GET', url: '/api/customers/facets' }, everyPanelRole(200)],
  [{ method: 'GET', url: '/api/customers/detail?id=1' }, everyPanelRole(200)],
  [{ method: 'GET', url: '/api/customers/export?format=csv&search=zzzz_none' }, adminAndSuper(200)],
  [
    {
      method: 'POST',
      url: '/api/customers/update',
      payload: { user_name: 'no_such_customer', alias_name: 'X' },
    },
    everyPanelRole(404),
  ],
  [{ method: 'POST', url: '/api/customers/create', payload: {} }, everyPanelRole(400)],
  [
    { method: 'POST', url: '/api/customers/notes', payload: { customerId: 1, body: 'Role walk' } },
    everyPanelRole(200),
  ],
  [{ method: 'GET', url: '/api/customers/kyc' }, everyPanelRole(200)],
  [{ method: 'GET', url: '/api/customers/restrictions' }, everyPanelRole(200)],
  [{ method: 'POST', url: '/api/customers/restrictions/add', payload: {} }, everyPanelRole(400)],
  [
    {
      method: 'POST',
      url: '/api/customers/restrictions/lift',
      payload: { id: 999999, reason: 'walk', version: 1 },
    },
    everyPanelRole(404),
  ],
  [{ method: 'GET', url: '/api/customer-types' }, everyPanelRole(200)],
  [{ method: 'POST', url: '/api/customer-types/update', payload: { code: 'none' } }, adminAndSuper(400)],
  [
    { method: 'POST', url: '/api/customer-types/move', payload: { to: 'no_tier', customerId: 1 } },
    adminAndSuper(404),
  ],
  [{ method: 'GET', url: '/api/user-assets' }, everyPanelRole(200)],
  [{ method: 'GET', url: '/api/user-assets/totals' }, everyPanelRole(200)],
  [{ method: 'GET', url: '/api/user-assets/export?format=csv&asset=NONE' }, adminAndSuper(200)],
  [{ method: 'GET', url: '/api/crm/overview' }, everyPanelRole(200)],
];

describe('CRM role matrix', () => {
  for (const [request, expected] of MATRIX) {
    it(`${request.method} ${request.url}`, () => expectRoles(t, request, expected));
  }
});
