import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { manualClock } from '../../../../lib/clock.ts';
import { alertsOf, evidenceOf, newCustomer, walletTx } from '../engine/test-fixtures.ts';
import { csvRecords } from './blocklist-csv.ts';

const clock = manualClock('2031-06-01T12:00:00Z');
const t = useTestApp({}, { clock });
const admin = t.session('admin');
const manager = t.session('manager');

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(clock.now().getTime() - ms);
const BASE = '/api/compliance/fraud/blocklist';

const get = (url: string, who = manager) => t.app.inject({ url, headers: who });
const post = (path: string, payload: unknown, extra: Record<string, string> = {}, who = manager) =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}${path}`,
    payload: payload as never,
    headers: { ...who, ...extra },
  });
const add = (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
  post('/add', { reason: 'Known mule address', ...body }, extra);

const EVM = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const TRON = 'TXyZ9abcDEF1234567890abcdefGHIJKLm';

describe('fraud blocklist', () => {
  it('stores each kind normalised, refuses values not of their kind, and a second add of the same', async () => {
    const cases: [string, string, string][] = [
      ['address', `  ${EVM} `, EVM.toLowerCase()],
      ['address', TRON, TRON],
      ['ip', '2001:DB8:0:0::1', '2001:db8::1'],
      ['ip', '203.0.113.9', '203.0.113.9'],
      ['email', ' Mule@Example.COM ', 'mule@example.com'],
      ['phone', '+90 (532) 111-22-33', '905321112233'],
      ['device', 'dev-abc-123', 'dev-abc-123'],
    ];
    for (const [kind, value, stored] of cases) {
      const res = await add({ kind, value });
      expect(res.statusCode, `${kind} ${value}`).toBe(200);
      expect(res.json().entry).toMatchObject({ kind, value: stored, state: 'active', source: 'manual' });
    }
    // Case differs only where the chain ignores it: the EVM address again is the same entry.
    const twice = await add({ kind: 'address', value: EVM.toUpperCase().replace('0X', '0x') });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'BLOCKLIST_ENTRY_EXISTS']);
    // A TRON address in another case is another address.
    expect((await add({ kind: 'address', value: TRON.toLowerCase() })).statusCode).toBe(200);
    // Network: the same address on one network is a different entry from "every network".
    const onNetwork = await add({ kind: 'address', value: EVM, network: 'erc20' });
    expect(onNetwork.json().entry).toMatchObject({ network: 'ERC20' });

    for (const [kind, value, extra] of [
      ['ip', '999.1.1.1', {}],
      ['ip', '10.0.0.0/8', {}],
      ['ip', '01.2.3.4', {}],
      ['email', 'not-an-email', {}],
      ['phone', '12345', {}],
      ['phone', '+90 532 abc', {}],
      ['address', 'short', {}],
      ['address', 'has space inside 123', {}],
      ['device', '', {}],
      ['ip', '203.0.113.10', { network: 'ERC20' }],
      ['address', EVM, { network: 'not a network!' }],
    ] as const) {
      const res = await add({ kind, value, ...extra });
      expect([res.statusCode, res.json().code], `${kind} ${value}`).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await add({ kind: 'device', value: 'a\u0000b' })).json().code).toBe('INVALID_TEXT');
    expect((await add({ kind: 'galaxy', value: 'x' })).statusCode).toBe(400);
    expect((await add({ kind: 'device', value: 'dev-x', reason: 'no' })).statusCode).toBe(400);
  });

  it('adds once per Idempotency-Key, audited; rescans 90 days and raises on history hits only', async () => {
    const c = await newCustomer(t.db, 'blocklist_hit');
    const address = '0x1111111111111111111111111111111111111111';
    const [recent, old] = await walletTx(t.db, c.id, [
      { type: 'withdrawal', at: ago(10 * DAY), amount: '100', to: address.toUpperCase().replace('0X', '0x') },
      { type: 'withdrawal', at: ago(91 * DAY), amount: '100', to: address },
    ]);
    const first = await add(
      { kind: 'address', value: address, source: 'alert:77' },
      { 'idempotency-key': 'block-1111' },
    );
    expect(first.statusCode).toBe(200);
    const again = await add(
      { kind: 'address', value: address, source: 'alert:77' },
      { 'idempotency-key': 'block-1111' },
    );
    expect(again.json()).toEqual(first.json());
    const { entry, rescanRunId } = first.json();

    const run = (await get(`/api/compliance/fraud/runs/detail?id=${rescanRunId}`)).json().run;
    expect(run).toMatchObject({ kind: 'rescan', params: { rules: ['blocklisted_address'] } });
    expect(new Date(run.params.to).getTime() - new Date(run.params.from).getTime()).toBe(90 * DAY);
    await t.app.fraudRuns.execute(rescanRunId);
    expect((await get(`/api/compliance/fraud/runs/detail?id=${rescanRunId}`)).json().run.status).toBe('done');

    const raised = await alertsOf(t.db, [c.id], 'blocklisted_address');
    expect(raised).toHaveLength(1);
    expect(await evidenceOf(t.db, raised[0]!.id)).toEqual([
      { kind: 'blocklist_entry', ref_id: entry.id },
      { kind: 'wallet_transaction', ref_id: recent },
    ]);
    expect(old).toBeGreaterThan(0);

    const audit = await t.db.execute<{ action: string; after: Record<string, unknown> }>(
      sql`SELECT action, after FROM audit_log WHERE entity = 'fraud_blocklist_entry' AND entity_id = ${String(entry.id)}`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'add',
        after: expect.objectContaining({ kind: 'address', value: address, source: 'alert:77' }),
      },
    ]);
  });

  it('removes softly with the version checked; a removed value may be listed again', async () => {
    const added = (await add({ kind: 'device', value: 'dev-remove-me' })).json().entry;
    const stale = await post('/remove', { id: added.id, version: added.version + 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const removed = await post('/remove', { id: added.id, version: added.version });
    expect(removed.json().entry).toMatchObject({ state: 'removed', removed_by: expect.any(String) });
    const missing = await post('/remove', { id: 987654321, version: 1 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'BLOCKLIST_ENTRY_NOT_FOUND']);
    expect((await post('/remove', { id: 2 ** 60, version: 1 })).statusCode).toBe(400);

    const list = (await get(`${BASE}?state=removed&value=remove-me`)).json();
    expect(list.items.map((e: { id: number }) => e.id)).toEqual([added.id]);
    expect((await add({ kind: 'device', value: 'dev-remove-me' })).statusCode).toBe(200);
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'fraud_blocklist_entry' AND entity_id = ${String(added.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['add', 'delete']);
  });

  it('imports a file whole, skipping values listed already, or refuses it naming line and column', async () => {
    const count = async () =>
      (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM fraud_blocklist`)).rows[0]!.n;
    const good = [
      '\uFEFFkind,value,network,reason,source',
      'address,0x2222222222222222222222222222222222222222,ERC20,"Mule, reported by bank",bank-report',
      'ip,198.51.100.20,,Botnet exit,feed',
      '',
      'email,"Ring@Example.com",,"Multi-line',
      'reason",',
      'email,ring@example.com,,Duplicate in the file,feed',
      `address,${TRON},,Listed already,feed`,
    ].join('\r\n');
    const before = await count();
    const res = await post('/import', { content: good }, { 'idempotency-key': 'import-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 3, skipped: 2, rescanRunId: expect.any(Number) });
    expect(await count()).toBe(before + 3);
    const ring = (await get(`${BASE}?kind=email&value=ring@`)).json().items[0];
    expect(ring).toMatchObject({
      value: 'ring@example.com',
      reason: 'Multi-line\r\nreason',
      source: 'import',
    });

    const header = 'kind,value,network,reason,source';
    for (const [content, code, params] of [
      [
        `${header}\naddress,0x3333333333333333333333333333333333333333,,Fine line,x\nip,300.1.1.1,,Bad,x`,
        'BLOCKLIST_IMPORT_INVALID',
        { line: 3, column: 'value' },
      ],
      [`${header}\nplanet,x,,Bad kind,x`, 'BLOCKLIST_IMPORT_INVALID', { line: 2, column: 'kind' }],
      [
        `${header}\nip,198.51.100.21,ERC20,Network on an IP,x`,
        'BLOCKLIST_IMPORT_INVALID',
        { line: 2, column: 'network' },
      ],
      [`${header}\nip,198.51.100.21,,no,x`, 'BLOCKLIST_IMPORT_INVALID', { line: 2, column: 'reason' }],
      [`${header}\nip,198.51.100.21`, 'BLOCKLIST_IMPORT_INVALID', { line: 2, column: 'network' }],
      [`${header}\nip,198.51.100.21,,Too many,x,y`, 'BLOCKLIST_IMPORT_INVALID', { line: 2, column: '6' }],
      [
        `${header}\nip,198.51.100.21,,"Open quote,x`,
        'BLOCKLIST_IMPORT_INVALID',
        { line: 2, column: 'reason' },
      ],
      ['value,kind,network,reason,source\nip,198.51.100.21,,Fine,x', 'BLOCKLIST_IMPORT_HEADER', undefined],
      [header, 'BLOCKLIST_IMPORT_EMPTY', undefined],
      ['', 'BLOCKLIST_IMPORT_EMPTY', undefined],
    ] as const) {
      const bad = await post('/import', { content });
      expect([bad.statusCode, bad.json().code, bad.json().params], content).toEqual([400, code, params]);
    }
    expect(await count()).toBe(before + 3);
    const big = await post('/import', { content: `${header}\n${'x'.repeat(512 * 1024)}` });
    expect([big.statusCode, big.json().code]).toEqual([413, 'BLOCKLIST_IMPORT_TOO_LARGE']);
    expect((await post('/import', { content: 'a\u0000' })).json().code).toBe('INVALID_TEXT');
  });

  it('exports the filtered entries in the columns an import reads back', async () => {
    const res = await t.app.inject({
      url: `${BASE}/export?format=csv&kind=ip&state=active&lang=tr`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Each column in the member's words; the import reads them back as well as the keys.
    expect(lines[0]).toBe('Tür,Değer,Ağ,Gerekçe,Kaynak');
    expect(lines.slice(1).every((l) => l.startsWith('ip,'))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
    // Personal data (emails, phones): a manager may list, not export.
    expect((await t.app.inject({ url: `${BASE}/export?format=csv`, headers: manager })).statusCode).toBe(403);
    const back = await post('/import', { content: res.body });
    expect(back.json()).toMatchObject({ imported: 0, skipped: lines.length - 1, rescanRunId: null });
  });

  it('lists with filters and paging, and refuses a broken cursor', async () => {
    const page1 = (await get(`${BASE}?limit=2&sort=created_at&dir=desc`)).json();
    expect(page1.items).toHaveLength(2);
    const page2 = (await get(`${BASE}?limit=2&sort=created_at&dir=desc&cursor=${page1.nextCursor}`)).json();
    expect(page2.items[0].id).not.toBe(page1.items[1].id);
    const erc = (await get(`${BASE}?network=erc20`)).json();
    expect(erc.items.length).toBeGreaterThan(0);
    expect(erc.items.every((e: { network: string }) => e.network === 'ERC20')).toBe(true);
    const bad = await get(`${BASE}?cursor=broken`);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it('reads CSV records with their starting line', () => {
    expect([...csvRecords('a,b\r\n"x\ny",z\n\nlast')]).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\ny', 'z'] },
      { line: 5, fields: ['last'] },
    ]);
  });
});
