import { CRM_MESSAGES } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { createCustomersRepository } from './customers.repository.ts';

const t = useTestApp();
const headers = t.session('manager');
const admin = t.session('admin');

const get = async (url: string) => t.app.inject({ url, headers });
const post = async (url: string, payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers: { ...headers, ...extra } });

/** A customer with exactly these columns, for the mapping rules. */
async function insertCustomer(values: Record<string, string | null>) {
  const columns = Object.keys(values);
  const result = await t.db.execute<{ id: number }>(sql`
    INSERT INTO customers (${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )})
    VALUES (${sql.join(
      columns.map((c) => sql`${values[c]}`),
      sql`, `,
    )}) RETURNING id`);
  return Number(result.rows[0]!.id);
}

/** The audit rows written about a customer, oldest first. */
async function auditOf(customerId: number) {
  const result = await t.db.execute<{
    entity: string;
    action: string;
    request_id: string | null;
    member_id: number | null;
    before: unknown;
    after: unknown;
  }>(sql`SELECT entity, action, request_id, member_id, before, after FROM audit_log
         WHERE (entity = 'customer' AND entity_id = ${String(customerId)}) OR customer_id = ${customerId}
         ORDER BY id`);
  return result.rows;
}

async function userNamed(userName: string) {
  const res = await get(`/api/customers/get-users?search=${encodeURIComponent(userName)}`);
  return res.json().users.find((u: { user_name: string }) => u.user_name === userName);
}

describe('GET /api/customers/count-users', () => {
  const count = async (query: string) => {
    const res = await get(`/api/customers/count-users?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().total;
  };

  it('counts what the list shows, with the same filters', async () => {
    const all = await t.pool.query(`SELECT count(*)::int AS n FROM customers`);
    expect(await count('')).toEqual({ value: all.rows[0].n, exact: true });
    const active = await t.pool.query(`SELECT count(*)::int AS n FROM customers WHERE status = 'active'`);
    expect(await count('status=active')).toEqual({ value: active.rows[0].n, exact: true });
    expect(await count('search=count_nobody_has_this')).toEqual({ value: 0, exact: true });
  });

  it('counts a search exactly (no "200+"), within its time budget', async () => {
    for (let i = 0; i < 201; i++) await insertCustomer({ user_name: `countcap_${i}` });
    expect(await count('search=countcap_')).toEqual({ value: 201, exact: true });
    expect(await count('search=countcap_1')).toEqual({ value: 111, exact: true });
  });

  it('estimates a term too short for the search index at once past its row limit', async () => {
    const rows = async (where: string) =>
      Number((await t.pool.query(`SELECT count(*)::int AS n FROM customers WHERE ${where}`)).rows[0].n);
    const all = await rows('true');
    const short = "search_text LIKE '%' || public.bd_fold('An') || '%'";
    const countWith = (limit: number, filters: Record<string, string>) =>
      createCustomersRepository({ shortSearchExactRows: limit }).count(t.db, filters);
    // Up to the limit a short term is counted; past it, the planner's estimate, labelled so.
    expect(await countWith(all, { search: 'An' })).toEqual({ value: await rows(short), exact: true });
    expect((await countWith(all - 1, { search: 'An' })).exact).toBe(false);
    // The rows read are those the select filters leave; three letters have the index.
    const suspended = await rows("status = 'suspended'");
    expect(suspended).toBeLessThan(all);
    expect(await countWith(suspended, { search: 'An', status: 'suspended' })).toEqual({
      value: await rows(`${short} AND status = 'suspended'`),
      exact: true,
    });
    expect((await countWith(0, { search: 'Ann' })).exact).toBe(true);
    // Several words: estimated only when none of them has a trigram (R10).
    expect((await countWith(all - 1, { search: 'An ke' })).exact).toBe(false);
    expect((await countWith(0, { search: 'An kaya' })).exact).toBe(true);
  });
});

describe('a search within a rare combination of the select filters', () => {
  /** The database handle, noting the SQL of every statement run through it or its transactions. */
  function recordingDb<D extends DbOrTx>(statements: string[], db: D = t.db as D): D {
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
    return new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'execute')
          return (query: SQL) => {
            statements.push(dialect.sqlToQuery(query.getSQL()).sql);
            return target.execute(query);
          };
        if (key === 'transaction')
          return (work: (tx: Tx) => Promise<unknown>) =>
            target.transaction((tx) => work(recordingDb(statements, tx)));
        return Reflect.get(target, key, receiver);
      },
    });
  }

  it('reads the combination first, and finds the same page and total as one scan of every filter', async () => {
    // Below, every combination of the test data is rare (a few thousand customers in all).
    const always = createCustomersRepository({ rareCombinationRows: Number.MAX_SAFE_INTEGER });
    const never = createCustomersRepository({ rareCombinationRows: 0 });
    const sets = [
      { search: 'an', status: 'active' },
      { search: 'ist', status: 'inactive', kyc_status: 'Approved' },
      { search: 'a', role: 'TRADER' },
      { phone: '532', kyc_status: 'pending' },
      { search: 'nobody_has_this', status: 'active' },
    ];
    for (const filters of sets) {
      const request = { filters, sort: 'created_at' as const, dir: 'desc' as const, limit: 200 };
      const fenced: string[] = [];
      const page = await always.page(recordingDb(fenced), request);
      expect(page).toEqual(await never.page(t.db, request));
      expect(await always.count(recordingDb(fenced), filters)).toEqual(await never.count(t.db, filters));
      expect(fenced.filter((s) => s.includes('OFFSET 0) AS customers'))).toHaveLength(2);
    }
    const plain: string[] = [];
    await never.page(recordingDb(plain), { filters: sets[0]!, sort: 'created_at', dir: 'desc', limit: 50 });
    expect(plain.some((s) => s.includes('OFFSET 0'))).toBe(false);
  });
});

describe('GET /api/customers/get-users', () => {
  it('answers the get-users shape with the first page only', async () => {
    const res = await get('/api/customers/get-users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, statusCode: 200, message: CRM_MESSAGES.customersFetched });
    expect(body.users).toHaveLength(50);
    expect(body.nextCursor).toEqual(expect.any(String));
    expect(body.prevCursor).toBeNull();
  });

  it('maps every field with its defaults', async () => {
    await insertCustomer({ user_name: 'map_defaults', alias_name: 'Deniz', roles: null, kyc_type: 'kyc' });
    const c = await userNamed('map_defaults');
    expect(c).toMatchObject({
      alias_name: 'Deniz',
      alias_surname: null,
      email: null,
      phone: '-',
      status: null,
      kyc_status: 'kyc',
      kyc_type_label: 'Individual',
      roles: [],
      customer_type: 'bronze',
      token_hash: null,
      active: false,
    });
    expect(c.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await insertCustomer({
      user_name: 'map_full',
      alias_email: 'full@example.com',
      mobile: '+90 532 000 00 00',
      status: 'inactive',
      user_ky: 'approved',
      kyc_type: 'kyb',
      roles: '[\\"trader\\",\\"VIP\\"]',
      customer_type: 'gold',
      token_hash: 'abc',
    });
    expect(await userNamed('map_full')).toMatchObject({
      email: 'full@example.com',
      phone: '+90 532 000 00 00',
      kyc_status: 'approved',
      kyc_type_label: 'Business',
      roles: ['trader', 'VIP'],
      customer_type: 'gold',
      active: true,
    });
  });

  it('parses roles only when the text is a bracketed list', async () => {
    const cases: [string, string[]][] = [
      ['["a","b"]', ['a', 'b']],
      ['[\\"p2p_seller\\"]', ['p2p_seller']],
      ['trader', []],
      ['[]', []],
      ['[not json]', []],
      [' ["x"]', []],
    ];
    for (const [i, [text, roles]] of cases.entries()) {
      await insertCustomer({ user_name: `roles_case_${i}`, roles: text });
      expect((await userNamed(`roles_case_${i}`)).roles, text).toEqual(roles);
    }
  });

  it('counts a customer active by status alone', async () => {
    await insertCustomer({ user_name: 'active_by_status', status: 'active' });
    expect((await userNamed('active_by_status')).active).toBe(true);
  });

  it('filters in the database: Turkish-aware search, status, KYC, role, combined', async () => {
    await insertCustomer({
      user_name: 'tr_case_1',
      alias_name: 'IŞIK',
      alias_surname: 'İSTANBUL',
      status: 'active',
      roles: '["Trader"]',
    });
    const names = async (query: string) =>
      (await get(`/api/customers/get-users?limit=200&${query}`))
        .json()
        .users.map((u: { user_name: string }) => u.user_name);
    expect(await names('search=ışık')).toContain('tr_case_1');
    expect(await names('search=istanbul')).toContain('tr_case_1');
    expect(await names(`search=${encodeURIComponent('istanbul IŞIK')}`)).toContain('tr_case_1');
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=istanbul&status=inactive')).not.toContain('tr_case_1');
    expect(await names('search=istanbul&status=active&role=TRADER')).toContain('tr_case_1');
    expect(await names('search=istanbul&role=vip')).not.toContain('tr_case_1');
    // "kyc" is the default of a missing KYC status, so it matches null, case-insensitively.
    expect(await names('search=istanbul&kyc_status=KYC')).toContain('tr_case_1');
    const kyc = (await get('/api/customers/get-users?limit=200&kyc_status=Approved')).json().users;
    expect(kyc.length).toBeGreaterThan(0);
    expect(kyc.every((u: { kyc_status: string }) => u.kyc_status === 'approved')).toBe(true);
  });

  it('finds a full name: every word of the search matches one of the four fields (R10)', async () => {
    await insertCustomer({
      user_name: 'fullname_case_1',
      alias_name: 'Zebulon',
      alias_surname: 'QUIXWORTH',
      alias_email: 'z.q@örnek.com.tr',
    });
    await insertCustomer({ user_name: 'fullname_case_2', alias_name: 'Zebulon', alias_surname: 'Pemberly' });
    const found = async (search: string) =>
      (await get(`/api/customers/get-users?limit=200&search=${encodeURIComponent(search)}`))
        .json()
        .users.map((u: { user_name: string }) => u.user_name)
        .filter((name: string) => name.startsWith('fullname_case_'))
        .sort();
    const total = async (search: string) =>
      (await get(`/api/customers/count-users?search=${encodeURIComponent(search)}`)).json().total;
    expect(await found('Zebulon Quixworth')).toEqual(['fullname_case_1']);
    // Any order, any field, any spacing, Turkish-aware; the count agrees with the page.
    expect(await found('  quixworth   ZEBULON ')).toEqual(['fullname_case_1']);
    expect(await found('zebulon örnek')).toEqual(['fullname_case_1']);
    expect(await found('zebulon fullname_case_')).toEqual(['fullname_case_1', 'fullname_case_2']);
    expect(await total('Zebulon Quixworth')).toEqual({ value: 1, exact: true });
    // A word nobody has finds nobody, whatever the others match; a word is never split across fields.
    expect(await found('Zebulon Quixworthx')).toEqual([]);
    expect(await total('Zebulon nobody_has_this')).toEqual({ value: 0, exact: true });
    expect(await found('zebulonquixworth')).toEqual([]);
    // One word is R10's single substring, "%" still a plain character.
    expect(await found('ebulo')).toEqual(['fullname_case_1', 'fullname_case_2']);
    expect(await found('zebulon %')).toEqual([]);
  });

  it('finds a customer by the digits of a phone number, however it is written', async () => {
    const id = await insertCustomer({ user_name: 'phone_case_1', mobile: '+90 (532) 917-46 08' });
    const ids = async (phone: string) =>
      (await get(`/api/customers/get-users?limit=200&phone=${encodeURIComponent(phone)}`))
        .json()
        .users.map((u: { id: number }) => u.id);
    expect(await ids('532 917 46 08')).toEqual([id]);
    expect(await ids('+905329174608')).toEqual([id]);
    expect(await ids('917-46')).toContain(id);
    expect(await ids('532 917 46 09')).not.toContain(id);
    const count = await get('/api/customers/count-users?phone=5329174608');
    expect(count.json().total).toEqual({ value: 1, exact: true });
    // Too few digits, or letters: refused, never coerced.
    for (const bad of ['53', 'abc123', '532; drop'])
      expect((await get(`/api/customers/get-users?phone=${encodeURIComponent(bad)}`)).statusCode).toBe(400);
  });

  it('pages by cursor both ways, in the requested order', async () => {
    const first = (await get('/api/customers/get-users?sort=user_name&dir=asc&limit=20')).json();
    const second = (
      await get(`/api/customers/get-users?sort=user_name&dir=asc&limit=20&cursor=${first.nextCursor}`)
    ).json();
    const all = [...first.users, ...second.users].map((u: { user_name: string }) => u.user_name);
    expect(all).toEqual([...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(all).size).toBe(40);
    const back = (
      await get(`/api/customers/get-users?sort=user_name&dir=asc&limit=20&cursor=${second.prevCursor}`)
    ).json();
    expect(back.users.map((u: { id: number }) => u.id)).toEqual(first.users.map((u: { id: number }) => u.id));
    expect((await get('/api/customers/get-users?cursor=garbage')).statusCode).toBe(400);
  });

  it('lists distinct statuses, KYC values and roles', async () => {
    const facets = (await get('/api/customers/facets')).json();
    expect(facets.statuses).toEqual(expect.arrayContaining(['active', 'inactive']));
    expect(facets.kycStatuses).toContain('kyc');
    expect(facets.roles).toContain('trader');
  });
});

describe('POST /api/customers/update', () => {
  it('changes only the supplied fields, bumps the version and writes one audit row of what changed', async () => {
    const id = await insertCustomer({
      user_name: 'upd_1',
      alias_name: 'Ali',
      alias_surname: 'Veli',
      alias_email: 'upd1@example.com',
    });
    const res = await post('/api/customers/update', {
      user_name: 'upd_1',
      alias_name: 'Ali',
      alias_surname: 'Yılmaz',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Customer updated successfully', version: 2 });
    const c = await userNamed('upd_1');
    expect(c).toMatchObject({ alias_name: 'Ali', alias_surname: 'Yılmaz', email: 'upd1@example.com' });
    expect(await auditOf(id)).toEqual([
      {
        entity: 'customer',
        action: 'update',
        request_id: expect.any(String),
        member_id: expect.any(Number),
        before: { alias_surname: 'Veli' },
        after: { alias_surname: 'Yılmaz' },
      },
    ]);
  });

  it('writes nothing and keeps the version when nothing changes', async () => {
    const id = await insertCustomer({
      user_name: 'upd_same',
      alias_name: 'Ayşe',
      alias_email: 'same@example.com',
    });
    for (const body of [
      { user_name: 'upd_same', alias_name: 'Ayşe', alias_email: 'same@example.com', version: 1 },
      { user_name: 'upd_same' },
    ]) {
      const res = await post('/api/customers/update', body);
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe(1);
    }
    expect((await userNamed('upd_same')).version).toBe(1);
    expect(await auditOf(id)).toEqual([]);
  });

  it('refuses a stale edit and writes nothing', async () => {
    await insertCustomer({ user_name: 'upd_stale', alias_name: 'First' });
    await post('/api/customers/update', { user_name: 'upd_stale', alias_name: 'Second', version: 1 });
    const res = await post('/api/customers/update', {
      user_name: 'upd_stale',
      alias_name: 'Third',
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE_EDIT');
    expect((await userNamed('upd_stale')).alias_name).toBe('Second');
  });

  it('validates email, phone and lengths with field errors', async () => {
    await insertCustomer({ user_name: 'upd_bad' });
    const res = await post('/api/customers/update', {
      user_name: 'upd_bad',
      alias_email: 'not-an-email',
      alias_mobile: 'call me',
      alias_name: 'x'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['alias_email', 'alias_mobile', 'alias_name']));
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await post('/api/customers/update', { user_name: 'nobody_here', alias_name: 'X' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CUSTOMER_NOT_FOUND');
  });

  it("refuses another customer's email, in any case", async () => {
    await insertCustomer({ user_name: 'upd_mail_owner', alias_email: 'taken@example.com' });
    await insertCustomer({ user_name: 'upd_mail_other' });
    const res = await post('/api/customers/update', {
      user_name: 'upd_mail_other',
      alias_email: 'TAKEN@example.com',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DUPLICATE_EMAIL');
  });
});

describe('POST /api/customers/create', () => {
  const body = {
    user_name: 'new.customer',
    alias_name: 'Şule',
    alias_surname: 'Çelik',
    alias_email: 'sule.celik@example.com',
    alias_mobile: '+90 532 111 22 33',
    kyc_type: 'kyc',
    customer_type: 'bronze',
  };

  it('creates once per Idempotency-Key, with one audit row', async () => {
    const key = { 'idempotency-key': 'create-customer-0001' };
    const first = await post('/api/customers/create', body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().customer).toMatchObject({
      user_name: 'new.customer',
      kyc_status: 'kyc',
      customer_type: 'bronze',
    });
    const retry = await post('/api/customers/create', body, key);
    expect(retry.json()).toEqual(first.json());
    const n = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM customers WHERE user_name = 'new.customer'`,
    );
    expect(n.rows[0]!.n).toBe(1);
    const audit = await auditOf(first.json().customer.id);
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(audit[0]!.after).toMatchObject({
      user_name: 'new.customer',
      alias_email: 'sule.celik@example.com',
    });
  });

  it('refuses a duplicate user name or email (any case)', async () => {
    const original = { ...body, user_name: 'dup.customer', alias_email: 'dup.customer@example.com' };
    expect((await post('/api/customers/create', original)).statusCode).toBe(200);
    const byName = await post('/api/customers/create', { ...original, alias_email: 'other@example.com' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().code).toBe('DUPLICATE_USER_NAME');
    const byEmail = await post('/api/customers/create', {
      ...original,
      user_name: 'another.one',
      alias_email: 'DUP.CUSTOMER@example.com',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().code).toBe('DUPLICATE_EMAIL');
  });

  it('refuses an unknown tier on its field', async () => {
    const res = await post('/api/customers/create', {
      ...body,
      user_name: 'tierless.customer',
      alias_email: 'tierless@example.com',
      customer_type: 'diamond',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNKNOWN_CUSTOMER_TYPE',
      params: { code: 'diamond' },
      issues: [{ path: 'customer_type', code: 'UNKNOWN_CUSTOMER_TYPE' }],
    });
  });
});

describe('customer page', () => {
  it('joins profile, KYC, balances, transactions, P2P, restrictions and notes', async () => {
    const seeded = await t.db.execute<{ id: number; balances: number; documents: number }>(sql`
      SELECT c.id, (SELECT count(*)::int FROM customer_balances WHERE customer_id = c.id) AS balances,
             (SELECT count(*)::int FROM kyc_documents WHERE customer_id = c.id) AS documents
      FROM customers c
      WHERE EXISTS (SELECT 1 FROM customer_balances WHERE customer_id = c.id)
        AND EXISTS (SELECT 1 FROM kyc_documents WHERE customer_id = c.id)
      ORDER BY c.id LIMIT 1`);
    const { id, balances, documents } = seeded.rows[0]!;
    const res = await get(`/api/customers/detail?id=${id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.customer.id).toBe(Number(id));
    expect(d.balances).toHaveLength(balances);
    for (const b of d.balances) expect(b.available).toMatch(/^\d+(\.\d+)?$/);
    expect(d.kyc.documents).toHaveLength(documents);
  });

  it("names a trade's seller with their customer id, for the link to their page", async () => {
    const buyer = await insertCustomer({ user_name: 'detail_buyer_1' });
    const seller = await insertCustomer({ user_name: 'detail_seller_1' });
    const [known, unknown] = [crypto.randomUUID(), crypto.randomUUID()];
    await t.db.execute(sql`INSERT INTO p2p_offers (trade_market_guid, seller_user_name, unit_price)
      VALUES (${known}, 'detail_seller_1', '1'), (${unknown}, 'detail_nobody_1', '1')`);
    await t.db.execute(sql`INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, created_at)
      VALUES (${known}, 'detail_buyer_1', '1', 'pending', now()),
             (${unknown}, 'detail_buyer_1', '2', 'pending', now() - interval '1 minute')`);
    const trades = (await get(`/api/customers/detail?id=${buyer}`)).json().trades;
    expect(
      trades.map((p: { seller_user_name: string; seller_customer_id: number | null }) => p),
    ).toMatchObject([
      { seller_user_name: 'detail_seller_1', seller_customer_id: seller },
      { seller_user_name: 'detail_nobody_1', seller_customer_id: null },
    ]);
  });

  it('adds a note with one audit row, and answers 404 for an unknown customer', async () => {
    const id = await insertCustomer({ user_name: 'note_1' });
    const note = await post('/api/customers/notes', { customerId: id, body: 'Called the customer' });
    expect(note.json().note).toMatchObject({ body: 'Called the customer', member: expect.any(String) });
    expect((await get(`/api/customers/detail?id=${id}`)).json().notes).toEqual([note.json().note]);
    const audit = await auditOf(id);
    expect(audit).toEqual([
      expect.objectContaining({
        entity: 'customer',
        action: 'add_note',
        after: { note: note.json().note.id, body: 'Called the customer' },
      }),
    ]);
    const unknown = id + 1_000_000;
    expect((await get(`/api/customers/detail?id=${unknown}`)).json().code).toBe('CUSTOMER_NOT_FOUND');
    const refused = await post('/api/customers/notes', { customerId: unknown, body: 'Nobody' });
    expect(refused.statusCode).toBe(404);
  });
});

describe('export', () => {
  it('streams exactly the filtered rows as CSV, neutralising formulas', async () => {
    await insertCustomer({ user_name: 'formula_1', alias_name: '=HYPERLINK("x")', status: 'active' });
    const res = await t.app.inject({
      url: '/api/customers/export?format=csv&search=formula_1',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=HYPERLINK");
    const manager = await t.app.inject({ url: '/api/customers/export?format=csv', headers });
    expect(manager.statusCode).toBe(403);
  });

  it('writes timestamps as ISO 8601 UTC at their stored precision, and empty text as ""', async () => {
    await insertCustomer({
      user_name: 'stamp_1',
      alias_name: '',
      create_date: '2026-03-31T09:59:02.532104+03:00',
      update_date: '2026-04-01T00:00:00Z',
    });
    const res = await t.app.inject({
      url: '/api/customers/export?format=csv&search=stamp_1',
      headers: admin,
    });
    const [header, row] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]));
    expect(cells).toMatchObject({
      'User name': 'stamp_1',
      'First name': '""',
      'Last name': '',
      'Created at': '2026-03-31T06:59:02.532104Z',
      'Updated at': '2026-04-01T00:00:00Z',
    });
  });
});
