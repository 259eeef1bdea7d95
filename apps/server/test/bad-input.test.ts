import type { EndpointDef } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractEndpoints, schemaKeys } from './contract-endpoints.ts';
import { VALID_CALLS, VALID_QUERIES } from './endpoint-fixtures.ts';
import { useTestApp } from './harness.ts';

/**
 * Bad input gets a clear 4xx, never a 500, and changes nothing (docs/product-rules.md R9, R30–R32),
 * walked over every endpoint of the contract, so a new endpoint is covered the moment it exists.
 */
const t = useTestApp();
const sessions = { manager: t.session('manager'), admin: t.session('admin'), super: t.session('super') };

const endpoints = contractEndpoints();
const route = (e: EndpointDef) => `${e.method} ${e.path}`;
/** Sign-out ends the session it is called with; sign-in needs a solved captcha. */
const headersFor = (e: EndpointDef) => (e.access === 'public' ? {} : sessions.super);

type Query = Record<string, string | string[]>;
function call(e: EndpointDef, input: { query?: Query; body?: unknown }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}))
    for (const v of [value].flat()) params.append(key, v);
  const search = params.size ? `?${params}` : '';
  return t.app.inject({
    method: e.method,
    url: e.path + search,
    headers:
      input.body === undefined ? headersFor(e) : { ...headersFor(e), 'content-type': 'application/json' },
    ...(input.body === undefined ? {} : { payload: JSON.stringify(input.body) }),
  });
}

const count = async (table: string) =>
  Number((await t.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n);
const shapeOf = (schema: z.core.$ZodType | undefined) =>
  schema instanceof z.core.$ZodObject ? (schema._zod.def.shape as Record<string, z.core.$ZodType>) : {};
const issuePaths = (res: { json(): { issues?: { path: string }[] } }) =>
  (res.json().issues ?? []).map((i) => i.path);

describe('text PostgreSQL cannot store is refused before any handler', () => {
  const BAD_TEXT = { nul: 'a\u0000b', 'lone surrogate': 'a\uD800b', 'lone low surrogate': '\uDC00' };

  it('answers 400 INVALID_TEXT naming the field, in every query and body field of every endpoint', async () => {
    const auditBefore = await count('audit_log');
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const e of endpoints) {
      const cases: [string, { query?: Query; body?: unknown }][] = [];
      // A query string carries a NUL (%00); a broken surrogate cannot survive URL decoding.
      if (e.query)
        for (const key of schemaKeys(e.query)) cases.push([key, { query: { [key]: BAD_TEXT.nul } }]);
      if (e.body)
        for (const key of schemaKeys(e.body))
          for (const text of Object.values(BAD_TEXT)) cases.push([key, { body: { [key]: text } }]);
      for (const [field, input] of cases) {
        const res = await call(e, input);
        const label = `${route(e)} ${input.query ? 'query' : 'body'} ${field}`;
        outcomes.push(`${label}: ${res.statusCode} ${res.json().code} ${res.json().params?.field}`);
        expected.push(`${label}: 400 INVALID_TEXT ${field}`);
      }
    }
    expect(outcomes).toEqual(expected);
    expect(outcomes.length).toBeGreaterThan(100);
    expect(await count('audit_log')).toBe(auditBefore);
  });

  it('names a nested field and a bad object key', async () => {
    const move = endpoints.find((e) => e.path === '/api/customer-types/move')!;
    const nested = await call(move, { body: { to: 'gold', filters: { search: 'x\u0000' } } });
    expect([nested.statusCode, nested.json().code, nested.json().params]).toEqual([
      400,
      'INVALID_TEXT',
      { field: 'filters.search' },
    ]);
    expect(nested.json().issues).toMatchObject([{ path: 'filters.search', code: 'invalid_text' }]);
    const save = endpoints.find((e) => e.path === '/api/saved-views/save')!;
    const key = await call(save, { body: { list: 'crm.customers', name: 'x', search: { 'a\u0000': '1' } } });
    expect([key.statusCode, key.json().params]).toEqual([400, { field: 'search.a\uFFFD' }]);
  });

  it('still writes the access-log row of a sign-in with bad bytes', async () => {
    const login = endpoints.find((e) => e.path === '/api/auth/login')!;
    const res = await call(login, { body: { user_name: 'Mallory\u0000', password: 'x', captchaToken: 'y' } });
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_TEXT']);
    const rows = await t.db.execute<{ event: string; detail: unknown }>(
      sql`SELECT event, detail FROM access_log WHERE user_name = ${'mallory\uFFFD'}`,
    );
    expect(rows.rows).toEqual([{ event: 'login_failed', detail: { refused: 'INVALID_TEXT' } }]);
  });
});

describe('dates', () => {
  it.each([
    ['0000-01-01', 'date_out_of_range'],
    ['1899-12-31', 'date_out_of_range'],
    ['2201-01-01', 'date_out_of_range'],
    ['99999-01-01', 'invalid_format'],
    ['2023-02-29', 'invalid_format'],
  ])('a wallet filter from %s is refused (%s)', async (date, code) => {
    const res = await t.app.inject({
      url: `/api/transactions/wallet-transactions?from=${date}`,
      headers: sessions.super,
    });
    expect(res.statusCode).toBe(400);
    const [issue] = res.json().issues;
    expect([issue.path, issue.params?.rule ?? issue.code]).toEqual(['from', code]);
  });

  it('a real date in range is read', async () => {
    const res = await t.app.inject({
      url: '/api/transactions/wallet-transactions?from=2024-02-29',
      headers: sessions.super,
    });
    expect(res.statusCode).toBe(200);
  });

  it('a restriction starting in year 0000 is refused and not added', async () => {
    const before = await count('customer_restrictions');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/restrictions/add',
      headers: sessions.manager,
      payload: { customerId: 1, kind: 'login', reason: 'Old', startsAt: '0000-01-01T00:00:00Z' },
    });
    expect([res.statusCode, res.json().issues?.[0]?.params]).toEqual([
      400,
      { rule: 'date_out_of_range', minimum: 1900, maximum: 2200 },
    ]);
    expect(await count('customer_restrictions')).toBe(before);
  });
});

describe('forged or tampered keyset cursors', () => {
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const FORGED = {
    'text key and id': cursor({ k: ['abc', 'x'], d: 'next' }),
    'backwards text key': cursor({ k: ['abc', 'x'], d: 'prev' }),
    'id out of range': cursor({ k: ['1', 1e300], d: 'next' }),
    'null key': cursor({ k: [null, 1], d: 'next' }),
    'NUL in the key': cursor({ k: ['a\u0000', 1], d: 'next' }),
    'a field never written': cursor({ k: ['1', 1], d: 'next', x: 1 }),
    'not a cursor': cursor([1, 2]),
    'not base64 JSON': 'zzz',
    empty: '',
  };
  const lists = endpoints.filter((e) => e.query && schemaKeys(e.query).includes('cursor'));

  it('finds every list of the contract', () => {
    expect(lists.length).toBeGreaterThanOrEqual(8);
  });

  it.each(lists.map((e) => [route(e), e] as const))(
    '%s answers 400 INVALID_CURSOR for every sort',
    async (_, e) => {
      const json = z.toJSONSchema(e.query!, { io: 'input', unrepresentable: 'any' }) as unknown as {
        properties: { sort: { enum: string[] } };
      };
      const outcomes: Record<string, string> = {};
      // A list that needs a filter (a rule's versions) gets a valid one, so the cursor is what fails.
      const base = (await VALID_QUERIES[route(e)]?.(t)) ?? {};
      for (const sort of json.properties.sort.enum)
        for (const [name, value] of Object.entries(FORGED)) {
          const res = await call(e, { query: { ...base, sort, cursor: value } });
          outcomes[`${sort} ${name}`] = `${res.statusCode} ${res.json().code}`;
        }
      expect(outcomes).toEqual(
        Object.fromEntries(Object.keys(outcomes).map((k) => [k, '400 INVALID_CURSOR'])),
      );
    },
  );
});

describe('a body or request refused before any schema still names its code', () => {
  const post = (payload: string | Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customers/notes',
      headers: { ...sessions.admin, 'content-type': contentType },
      payload,
    });
  const refusal = (res: { statusCode: number; json(): { code: string; statusCode: number } }) => ({
    status: res.statusCode,
    code: res.json().code,
    echoed: res.json().statusCode,
  });

  it('broken or empty JSON, a form body, a body over the limit', async () => {
    expect(refusal(await post('{"customerId": 1,', 'application/json'))).toEqual({
      status: 400,
      code: 'MALFORMED_BODY',
      echoed: 400,
    });
    expect(refusal(await post('', 'application/json')).code).toBe('MALFORMED_BODY');
    expect(refusal(await post('customerId=1', 'application/x-www-form-urlencoded'))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      echoed: 415,
    });
    const huge = JSON.stringify({ customerId: 1, body: 'x'.repeat(2 * 1024 * 1024) });
    expect(refusal(await post(huge, 'application/json'))).toEqual({
      status: 413,
      code: 'REQUEST_TOO_LARGE',
      echoed: 413,
    });
  });

  it('an address longer than the HTTP parser takes (before Fastify routes it)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/api/customers/get-users?search=${'a'.repeat(100_000)}`);
    expect({ status: res.status, body: await res.json() }).toMatchObject({
      status: 431,
      body: { success: false, statusCode: 431, code: 'HEADERS_TOO_LARGE' },
    });
  });
});

describe('a value a filter does not know is refused, never dropped', () => {
  /** The enum under a query field's optional, default or catch, if it is one. */
  const enumOf = (schema: z.core.$ZodType): z.core.$ZodEnum | undefined => {
    let inner: z.core.$ZodType | undefined = schema;
    while (inner && !(inner instanceof z.core.$ZodEnum))
      inner = (inner._zod.def as { innerType?: z.core.$ZodType }).innerType;
    return inner;
  };

  // A dropped filter turns a narrow list, or its export, into every row.
  it('answers 400 naming the field, in every enum query field of every endpoint', async () => {
    const refused: string[] = [];
    const expected: string[] = [];
    for (const e of endpoints)
      for (const [key, schema] of Object.entries(shapeOf(e.query))) {
        if (!enumOf(schema)) continue;
        const valid = VALID_QUERIES[route(e)] ? await VALID_QUERIES[route(e)]!(t) : {};
        const res = await call(e, { query: { ...valid, [key]: 'NOT-A-VALUE' } });
        refused.push(`${route(e)} ${key}: ${res.statusCode} ${issuePaths(res).includes(key)}`);
        expected.push(`${route(e)} ${key}: 400 true`);
      }
    expect(refused).toEqual(expected);
    expect(refused.length).toBeGreaterThanOrEqual(30);
  });
});

describe('numbers are refused, never coerced', () => {
  const QUERY_NUMBERS = ['-5', '1.5', '1e3', ' 7 ', '07', '0x7', '99999999999999999999'];
  const BODY_NUMBERS: unknown[] = [-5, 1.5, '1e3', ' 7 ', '7', 1e300];
  const isNumberField = (schema: z.core.$ZodType, sample: unknown) => z.safeParse(schema, sample).data === 5;

  it('in every numeric query field', async () => {
    const refused: string[] = [];
    const expected: string[] = [];
    for (const e of endpoints)
      for (const [key, schema] of Object.entries(shapeOf(e.query))) {
        if (!isNumberField(schema, '5')) continue;
        for (const value of QUERY_NUMBERS) {
          const res = await call(e, { query: { [key]: value } });
          refused.push(`${route(e)} ${key}=${value}: ${res.statusCode} ${issuePaths(res).includes(key)}`);
          expected.push(`${route(e)} ${key}=${value}: 400 true`);
        }
      }
    expect(refused).toEqual(expected);
    expect(refused.length).toBeGreaterThanOrEqual(QUERY_NUMBERS.length * 8);
  });

  it('in every numeric body field', async () => {
    let audited = 0;
    const refused: string[] = [];
    const expected: string[] = [];
    for (const e of endpoints)
      for (const [key, schema] of Object.entries(shapeOf(e.body))) {
        if (!isNumberField(schema, 5)) continue;
        const base = VALID_CALLS[route(e)] ? (await VALID_CALLS[route(e)]!(t, sessions)).body : {};
        for (const value of BODY_NUMBERS) {
          const auditBefore = await count('audit_log');
          const res = await call(e, { body: { ...base, [key]: value } });
          audited += (await count('audit_log')) - auditBefore;
          refused.push(
            `${route(e)} ${key}=${JSON.stringify(value)}: ${res.statusCode} ${issuePaths(res).includes(key)}`,
          );
          expected.push(`${route(e)} ${key}=${JSON.stringify(value)}: 400 true`);
        }
      }
    expect(refused).toEqual(expected);
    expect(refused.length).toBeGreaterThanOrEqual(BODY_NUMBERS.length * 15);
    expect(audited).toBe(0);
    // A bound for a hang, not a speed limit: some 200 requests in a row, slow on a loaded machine.
  }, 120_000);

  it('a customer id of 0 or -5 moves nobody, customer #1 included', async () => {
    const tier = async () =>
      (await t.db.execute<{ t: string | null }>(sql`SELECT customer_type AS t FROM customers WHERE id = 1`))
        .rows[0]!.t;
    const before = await tier();
    for (const customerId of [0, -5, '1', 1.0000001]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer-types/move',
        headers: sessions.admin,
        payload: { to: before === 'gold' ? 'silver' : 'gold', customerId },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await tier()).toBe(before);
  });
});

describe('no 500 for hostile values that pass or fail the schemas', () => {
  const HOSTILE_QUERY: (string | string[])[] = [
    '',
    '-1',
    '2147483648',
    '9007199254740993',
    '9223372036854775808',
    '99999999999999999999999',
    'x'.repeat(5000),
    "%_'\\",
    'İıŞ🙂',
    ['a', 'b'],
  ];
  const HOSTILE_BODY: unknown[] = [
    '',
    'x'.repeat(20_000),
    ['a'],
    { a: { b: { c: [1] } } },
    -1,
    2147483648,
    9007199254740991,
    1e300,
    true,
    null,
    'İıŞ🙂',
  ];

  // Bodies nested deeper than any call stack: within the size limit, refused by the schemas.
  const DEPTH = 50_000;
  const DEEP_BODIES = {
    'arrays nested 50,000 deep': `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
    'objects nested 50,000 deep': `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  };

  // One test per endpoint: the walk grows with the contract, and a failure names its endpoint.
  const walked = endpoints.filter((e) => e.path !== '/api/auth/signout');

  it('walks every endpoint', () => {
    expect(walked.length).toBeGreaterThan(60);
  });

  it.each(walked.map((e) => [route(e), e] as const))('%s, in every field', async (_, e) => {
    const failures: string[] = [];
    const baseQuery = VALID_QUERIES[route(e)] ? await VALID_QUERIES[route(e)]!(t) : {};
    for (const key of e.query ? schemaKeys(e.query) : [])
      for (const value of HOSTILE_QUERY) {
        const res = await call(e, { query: { ...baseQuery, [key]: value } });
        if (res.statusCode >= 500) failures.push(`${key}=${String(value).slice(0, 20)}`);
      }
    for (const key of e.body ? schemaKeys(e.body) : [])
      for (const value of HOSTILE_BODY) {
        const base = VALID_CALLS[route(e)] ? (await VALID_CALLS[route(e)]!(t, sessions)).body : {};
        const res = await call(e, { body: { ...base, [key]: value } });
        if (res.statusCode >= 500) failures.push(`${key}=${JSON.stringify(value).slice(0, 20)}`);
      }
    for (const body of [[], 'text', 42, null, { __proto__: { x: 1 } }]) {
      if (!e.body) continue;
      const res = await call(e, { body });
      if (res.statusCode >= 500) failures.push(`body=${JSON.stringify(body)}`);
    }
    for (const [name, payload] of Object.entries(DEEP_BODIES)) {
      if (!e.body) continue;
      const res = await t.app.inject({
        method: e.method,
        url: e.path,
        headers: { ...headersFor(e), 'content-type': 'application/json' },
        payload,
      });
      if (res.statusCode >= 500) failures.push(name);
    }
    expect(failures).toEqual([]);
  });
});
