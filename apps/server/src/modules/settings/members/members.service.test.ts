import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login } from '../../../../test/auth-client.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { createMembersService } from './members.service.ts';

const t = useTestApp();

const auditRowsFor = async (userName: string) =>
  (
    await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_log
      WHERE entity = 'staff_member' AND entity_id = (SELECT id::text FROM staff_members WHERE user_name = ${userName})`)
  ).rows[0]!.n;

describe('members set up from the shell', () => {
  it('seeds the demo members only into an empty staff table', async () => {
    await expect(createMembersService(t.db).seedDemoMembers()).resolves.toBe(false);
  });

  it('creates a first super who can sign in, without an audit row (no member acted)', async () => {
    const member = await createMembersService(t.db).createFirstSuper({
      userName: '  Ayse ',
      displayName: 'Ayşe Yılmaz',
      password: 'a-long-enough-password',
    });
    expect(member).toMatchObject({ userName: 'ayse', roles: ['super'], status: 'active' });
    expect((await login(t.app, 'ayse', 'a-long-enough-password')).statusCode).toBe(200);
    expect(await auditRowsFor('ayse')).toBe(0);
  });

  it('refuses a password the policy refuses and a taken user name by code', async () => {
    const members = createMembersService(t.db);
    const input = { userName: 'admin', displayName: 'Admin', password: 'short' };
    await expect(members.createFirstSuper(input)).rejects.toMatchObject({
      code: 'PASSWORD_REJECTED',
      params: { problems: 'too_short' },
    });
    // The one password policy (password-policy.ts): a name in the password is refused too.
    await expect(
      members.createFirstSuper({
        userName: 'selin',
        displayName: 'Selin',
        password: 'selin-harbour-violet-52',
      }),
    ).rejects.toMatchObject({ code: 'PASSWORD_REJECTED', params: { problems: 'contains_name' } });
    await expect(
      members.createFirstSuper({ ...input, password: 'long-enough-password' }),
    ).rejects.toMatchObject({
      code: 'STAFF_MEMBER_EXISTS',
      message: 'A staff member named "admin" already exists',
    });
  });
});
