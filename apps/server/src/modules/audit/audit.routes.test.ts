import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRoles, sessionHeaders } from '../../../test/roles.ts';
import { recordAudit } from './audit.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/audit/history', () => {
  it('lists one record’s trail, newest first, with who did it', async () => {
    await recordAudit(t.db, {
      memberId: 1,
      action: 'update',
      entity: 'customer',
      entityId: 7,
      before: { a: 1 },
      after: { a: 2 },
    });
    await recordAudit(t.db, {
      memberId: null,
      action: 'create',
      entity: 'customer',
      entityId: 8,
      after: { a: 3 },
    });
    const res = await t.app.inject({
      url: '/api/audit/history?entity=customer&entityId=7',
      headers: await sessionHeaders(t, 'manager'),
    });
    expect(res.json().items).toEqual([
      expect.objectContaining({
        action: 'update',
        before: { a: 1 },
        after: { a: 2 },
        member: { id: 1, user_name: 'super', display_name: 'Selin Kaya' },
      }),
    ]);
  });

  it('is open to every panel role and to nobody else', async () => {
    await expectRoles(
      t,
      { method: 'GET', url: '/api/audit/history?entity=customer&entityId=7' },
      { none: 401, support: 401, manager: 200, admin: 200, super: 200 },
    );
  });
});
