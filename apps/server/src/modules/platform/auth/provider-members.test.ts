import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });
const credentials = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/auth/credentials', headers })).json();
const sourceOf = (userName: string, source: string) =>
  t.db.execute(sql`UPDATE staff_members SET source = ${source} WHERE user_name = ${userName}`);

/** A member of the identity provider (docs/sso.md): it keeps their password and their second factor. */
describe("an identity provider's member", () => {
  it('is told their password and second factor are the provider’s, and cannot set them here', async () => {
    expect((await credentials(manager)).source).toBe('local');
    await sourceOf('manager', 'sso');
    expect((await credentials(manager)).source).toBe('sso');
    for (const [url, body] of [
      [
        '/api/settings/password',
        { currentPassword: 'backdesk-demo', newPassword: 'Meadow-lantern-83-cobalt' },
      ],
      ['/api/settings/two-factor/totp/start', undefined],
      ['/api/settings/two-factor/passkeys/options', undefined],
    ] as const) {
      const res = await post(url, manager, body);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 409, 'MANAGED_BY_PROVIDER']);
    }
    await sourceOf('manager', 'local');
    expect((await post('/api/settings/two-factor/totp/start', manager)).statusCode).toBe(200);
  });

  it('is not held to enrol Backdesk’s two-factor where the deployment requires it of admins', async () => {
    await t.db.execute(sql`INSERT INTO app_settings (key, value) VALUES ('two_factor_required_for_admins', 'true')
      ON CONFLICT (key) DO UPDATE SET value = 'true'`);
    try {
      expect((await credentials(admin)).required_action).toBe('enrol_two_factor');
      expect(
        (await t.app.inject({ url: '/api/customers/get-users?limit=1', headers: admin })).statusCode,
      ).toBe(403);
      await sourceOf('admin', 'scim');
      expect((await credentials(admin)).required_action).toBeNull();
      expect(
        (await t.app.inject({ url: '/api/customers/get-users?limit=1', headers: admin })).statusCode,
      ).toBe(200);
    } finally {
      await sourceOf('admin', 'local');
      await t.db.execute(sql`DELETE FROM app_settings WHERE key = 'two_factor_required_for_admins'`);
    }
  });
});
