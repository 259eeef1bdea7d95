import { randomUUID } from 'node:crypto';
import { TRP_API_VERSION } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';

/**
 * What a counterparty VASP gets for a message Backdesk cannot take (decision 0030): a credential of
 * no VASP of the directory 401, a VASP the directory does not let speak TRP 403, TRP's headers
 * missing 400, a body that is not the message 400 naming its field — never a 500, nothing recorded.
 */
const t = useTestApp();
const admin = t.session('admin');
const manager = t.session('manager');

/** A VASP of the directory linked over TRP by an admin: the token it presents to us. */
async function linkedVasp(): Promise<{ id: number; token: string }> {
  const { rows } = await t.db.execute<{ id: number; version: number }>(sql`
    INSERT INTO vasps (name, jurisdiction, protocol, due_diligence)
    VALUES (${`Peer ${randomUUID().slice(0, 6)}`}, 'EU', 'trp', 'approved') RETURNING id, version`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/compliance/travel-rule/vasps/trp',
    headers: admin,
    payload: { ...rows[0], url: 'https://peer.example/trp/v1', issue_inbound: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: rows[0]!.id, token: res.json().inbound_token };
}

const trpHeaders = (token: string | null, extra: Record<string, string> = {}) => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  'api-version': TRP_API_VERSION,
  'request-identifier': randomUUID(),
  ...extra,
});
const inquire = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/trp/v1/inquiries', headers, payload: payload as never });

describe('TRP messages Backdesk refuses', () => {
  it('refuses a missing or unknown credential, and a VASP whose due diligence was rejected', async () => {
    const { id, token } = await linkedVasp();
    const none = await inquire(trpHeaders(null), {});
    expect([none.statusCode, none.json().code]).toEqual([401, 'TRP_UNAUTHENTICATED']);
    const wrong = await inquire(trpHeaders(`${token}x`), {});
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'TRP_UNAUTHENTICATED']);

    await t.db.execute(sql`UPDATE vasps SET due_diligence = 'rejected' WHERE id = ${id}`);
    const rejected = await inquire(trpHeaders(token), {});
    expect([rejected.statusCode, rejected.json().code]).toEqual([403, 'TRP_VASP_NOT_ALLOWED']);
  });

  it('refuses a message without TRP’s headers, with a NUL byte, or not of the message’s shape', async () => {
    const { token } = await linkedVasp();
    const before = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM travel_rule_records`);

    const noVersion = await inquire({ authorization: `Bearer ${token}` }, {});
    expect([noVersion.statusCode, noVersion.json().code]).toEqual([400, 'TRP_API_VERSION']);
    const oldVersion = await inquire(trpHeaders(token, { 'api-version': '2.0.0' }), {});
    expect(oldVersion.json().code).toBe('TRP_API_VERSION');
    const badId = await inquire(trpHeaders(token, { 'request-identifier': 'not-a-uuid' }), {});
    expect(badId.json().code).toBe('TRP_API_VERSION');

    const nul = await inquire(trpHeaders(token), { asset: 'BTC\u0000' });
    expect([nul.statusCode, nul.json().code]).toEqual([400, 'INVALID_TEXT']);
    const empty = await inquire(trpHeaders(token), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['asset', 'amount', 'callback', 'IVMS101']),
    );
    for (const body of ['[', '[]', 'null', '"text"']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trp/v1/inquiries',
        headers: { ...trpHeaders(token), 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
    }

    const answer = await t.app.inject({
      method: 'POST',
      url: `/trp/v1/transfers/${randomUUID()}/answer`,
      headers: trpHeaders(token),
      payload: { rejected: 'unknown beneficiary' },
    });
    expect([answer.statusCode, answer.json().code]).toEqual([404, 'TRP_TRANSFER_NOT_FOUND']);
    const after = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM travel_rule_records`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('lets only an admin or a super link a VASP over TRP', async () => {
    const { rows } = await t.db.execute<{ id: number; version: number }>(sql`
      INSERT INTO vasps (name, protocol) VALUES ('Peer by a manager', 'trp') RETURNING id, version`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/compliance/travel-rule/vasps/trp',
      headers: manager,
      payload: { ...rows[0], url: 'https://peer.example/trp/v1', issue_inbound: true },
    });
    expect(res.statusCode).toBe(403);
  });

  it('rotates and revokes our token for a VASP: the old one is refused at once, only its prefix kept', async () => {
    const { id, token } = await linkedVasp();
    const configure = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/compliance/travel-rule/vasps/trp',
        headers: admin,
        payload: { id, url: 'https://peer.example/trp/v1', ...payload },
      });
    const detail = async () =>
      (
        await t.app.inject({ url: `/api/compliance/travel-rule/vasps/detail?id=${id}`, headers: admin })
      ).json().vasp;
    const first = await detail();
    expect(first).toMatchObject({ trp_inbound: true, trp_inbound_prefix: token.slice(0, 12) });
    expect(token.startsWith(first.trp_inbound_prefix)).toBe(true);

    const rotated = await configure({ version: first.version, issue_inbound: true });
    const fresh: string = rotated.json().inbound_token;
    expect(fresh).not.toBe(token);
    expect(rotated.json().vasp.trp_inbound_prefix).toBe(fresh.slice(0, 12));
    expect((await inquire(trpHeaders(token), {})).statusCode).toBe(401);
    expect((await inquire(trpHeaders(fresh), {})).statusCode).toBe(400);

    const both = await configure({
      version: rotated.json().vasp.version,
      issue_inbound: true,
      revoke_inbound: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().issues[0]).toMatchObject({
      path: 'revoke_inbound',
      params: { rule: 'trp_issue_or_revoke' },
    });
    const stale = await configure({ version: first.version, revoke_inbound: true });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);

    const revoked = await configure({ version: rotated.json().vasp.version, revoke_inbound: true });
    expect(revoked.json()).toMatchObject({
      inbound_token: null,
      vasp: { trp_inbound: false, trp_inbound_prefix: null, trp_url: 'https://peer.example/trp/v1' },
    });
    expect((await inquire(trpHeaders(fresh), {})).statusCode).toBe(401);
    const trail = await t.db.execute<{ after: Record<string, unknown> }>(sql`
      SELECT after FROM audit_log WHERE entity = 'vasp' AND entity_id = ${String(id)} ORDER BY id DESC LIMIT 1`);
    expect(trail.rows[0]!.after).toMatchObject({ trp_inbound: false, inbound_revoked: true });
    expect(JSON.stringify(trail.rows)).not.toContain(fresh);
  });
});
