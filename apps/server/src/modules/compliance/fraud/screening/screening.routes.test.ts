import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { multipartFile } from '../../../../../test/multipart.ts';
import { manualClock } from '../../../../lib/clock.ts';

const clock = manualClock('2026-11-20T10:00:00Z');
const t = useTestApp({}, { clock });
const admin = t.session('admin');
const manager = t.session('manager');

const DATA = path.join(import.meta.dirname, '../../../../../data/screening');
const BASE = '/api/compliance/fraud/screening';

let keySeq = 0;
function importFile(
  name: string,
  format: string,
  bytes: Buffer,
  headers = admin,
  key = `screening-${keySeq++}-key`,
) {
  const form = multipartFile(bytes, { fileName: `${name}.dat` });
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/lists/import?name=${encodeURIComponent(name)}&format=${format}`,
    payload: form.payload,
    headers: { ...headers, ...form.headers, 'idempotency-key': key },
  });
}
const shipped = (file: string) => readFile(path.join(DATA, file));
const get = (url: string, headers = manager) => t.app.inject({ url, headers });
const post = (url: string, payload: unknown, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    headers: { ...headers, 'idempotency-key': `k-${keySeq++}-screening` },
  });

let seq = 0;
async function newCustomer(
  first: string,
  last: string,
  birthDate: string | null = null,
  nationality: string | null = null,
) {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO customers (user_name, alias_name, alias_surname, birth_date, nationality)
    VALUES (${`screen_${seq++}_${Date.now()}`}, ${first}, ${last}, ${birthDate}, ${nationality}) RETURNING id`);
  return Number(rows[0]!.id);
}
const alertsOf = async (customerId: number) =>
  (
    await t.db.execute<{ id: number; window_key: string; figures: Record<string, unknown>; status: string }>(
      sql`SELECT id, window_key, figures, status FROM fraud_alerts
           WHERE customer_id = ${customerId} AND rule_code = 'screening_hit' ORDER BY id`,
    )
  ).rows;
const runStatus = async (id: number) =>
  (
    await t.db.execute<{ status: string; result: { hits: number } | null }>(
      sql`SELECT status, result FROM fraud_runs WHERE id = ${id}`,
    )
  ).rows[0]!;

let ofacRun = 0;
beforeAll(async () => {
  const res = await importFile('OFAC SDN', 'ofac_sdn', await shipped('ofac-sdn-sample.csv'));
  expect(res.statusCode, res.body).toBe(200);
  ofacRun = res.json().run_id;
});

describe('importing lists', () => {
  it('imports OFAC SDN: counts, audit, a rescreen run and an inbox notice to the others', async () => {
    const lists = (await get(`${BASE}/lists`)).json().items;
    expect(lists).toEqual([
      expect.objectContaining({ name: 'OFAC SDN', format: 'ofac_sdn', entry_count: 7, version: 2 }),
    ]);
    expect((await runStatus(ofacRun)).status).toBe('queued');
    const audit = await t.db.execute<{ action: string; after: Record<string, unknown> }>(
      sql`SELECT action, after FROM audit_log WHERE entity = 'screening_list' ORDER BY id`,
    );
    expect(audit.rows).toEqual([{ action: 'upload', after: expect.objectContaining({ entry_count: 7 }) }]);
    const notices = await t.db.execute<{ notice: string; audience: number[] }>(
      sql`SELECT notice, audience FROM work_items WHERE notice = 'screening_list_updated'`,
    );
    expect(notices.rows).toHaveLength(1);
    expect(notices.rows[0]!.audience.length).toBeGreaterThan(0);
  });

  it('answers a retried Idempotency-Key once', async () => {
    const bytes = await shipped('un-consolidated-sample.xml');
    const first = await importFile('UN consolidated', 'un_xml', bytes, admin, 'screening-un-once');
    const again = await importFile('UN consolidated', 'un_xml', bytes, admin, 'screening-un-once');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ added: 4, updated: 0, removed: 0 });
  });

  it('a new file of a list keeps known entries, adds and removes the rest', async () => {
    const header = 'id,schema,name,aliases,birth_date,countries\n';
    const one = await importFile(
      'PEP',
      'opensanctions',
      Buffer.from(`${header}p1,Person,Ann Lee,,,\np2,Person,Bo Kim,,,\n`),
    );
    expect(one.json()).toMatchObject({ added: 2, updated: 0, removed: 0 });
    const two = await importFile(
      'pep',
      'opensanctions',
      Buffer.from(`${header}p2,Person,Bo Kim,,,\np3,Person,Cy Park,,,\n`),
    );
    expect(two.json()).toMatchObject({
      added: 1,
      updated: 1,
      removed: 1,
      list: { name: 'PEP', entry_count: 2 },
    });
  });

  it.each([
    ['ofac_sdn', '1,"DOE, Jan","individual"\n', 'SCREENING_FILE_CSV_COLUMNS'],
    ['un_xml', '<CONSOLIDATED_LIST><INDIVIDUALS>', 'SCREENING_FILE_XML'],
    ['opensanctions', 'id,name\n1,x\n', 'SCREENING_FILE_CSV_HEADER'],
  ])('refuses a malformed %s file and changes nothing', async (format, text, code) => {
    const before = (await get(`${BASE}/lists`)).json();
    const res = await importFile('OFAC SDN', format, Buffer.from(text));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect((await get(`${BASE}/lists`)).json()).toEqual(before);
  });

  it('refuses a missing file, a bad name, and members who may not configure', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: `${BASE}/lists/import?name=X%20list&format=ofac_sdn`,
      headers: { ...admin, 'idempotency-key': 'screening-none-1' },
    });
    expect(none.json().code).toBe('SCREENING_FILE_MISSING');
    expect((await importFile('<script>', 'ofac_sdn', Buffer.from('x'))).statusCode).toBe(400);
    expect((await importFile('Mine', 'ofac_sdn', Buffer.from('x'), manager)).statusCode).toBe(403);
  });

  it('stores a file name sent with a NUL, control characters or folders as its printable name', async () => {
    const file = 'id,schema,name,aliases,birth_date,countries\nx1,Person,Zyxwv Qortan,,1970-01-01,tr\n';
    const form = multipartFile(Buffer.from(file), {
      fileName: '..\\lists/sdn\u0000\u0001 export.csv',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/lists/import?name=Odd%20name&format=opensanctions`,
      payload: form.payload,
      headers: { ...admin, ...form.headers, 'idempotency-key': 'screening-odd-name-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lists = (await get(`${BASE}/lists`)).json().items as { name: string; file_name: string }[];
    expect(lists.find((l) => l.name === 'Odd name')?.file_name).toBe('sdn export.csv');
  });
});

describe('the threshold', () => {
  it('starts at 0.85, takes 0.5 to 1 with two decimals, refuses a stale version', async () => {
    expect((await get(`${BASE}/settings`)).json()).toEqual({ threshold: 0.85, version: 0 });
    for (const threshold of [0.49, 1.01, 0.855, Number.MAX_VALUE])
      expect((await post(`${BASE}/settings`, { threshold, version: 0 })).statusCode).toBe(400);
    expect((await post(`${BASE}/settings`, { threshold: 0.5, version: 0 })).json().settings).toEqual({
      threshold: 0.5,
      version: 1,
    });
    expect((await post(`${BASE}/settings`, { threshold: 0.9, version: 0 })).json().code).toBe('STALE_EDIT');
    expect((await post(`${BASE}/settings`, { threshold: 0.85, version: 1 })).json().settings).toEqual({
      threshold: 0.85,
      version: 2,
    });
    expect((await post(`${BASE}/settings`, { threshold: 0.85, version: 2 }, manager)).statusCode).toBe(403);
  });
});

describe('trying a name', () => {
  it('finds Işıl Şahin on the OFAC list as "SAHIN, Isil", explained part by part', async () => {
    const res = (
      await get(`${BASE}/try?name=${encodeURIComponent('Işıl Şahin')}&birth_date=1981-03-14&nationality=tr`)
    ).json();
    expect(res.threshold).toBe(0.85);
    expect(res.hits[0]).toMatchObject({
      entry: { ref: '90001', name: 'Isil SAHIN', list: { name: 'OFAC SDN' } },
      explanation: {
        score: 0.97,
        parts: [
          { query: 'Işıl', listed: 'Isil', how: 'transliterated' },
          { query: 'Şahin', listed: 'SAHIN', how: 'transliterated' },
        ],
        birth_date: 'agree',
        nationality: 'agree',
      },
    });
  });

  it('finds a phonetic spelling through an alias and refuses junk input', async () => {
    const res = (await get(`${BASE}/try?name=${encodeURIComponent('Mehmet Karapınar')}`)).json();
    expect(res.hits[0].explanation).toMatchObject({ alias: true, matched_name: 'Mehmed KARAPINAR' });
    expect(res.hits[0].explanation.parts[0].how).toBe('phonetic');
    expect((await get(`${BASE}/try?name=x`)).statusCode).toBe(400);
    expect((await get(`${BASE}/try?name=Ann&birth_date=1990-02-31`)).statusCode).toBe(400);
    expect((await get(`${BASE}/try?name=Ann%00Lee`)).statusCode).toBe(400);
    expect((await get(`${BASE}/evidence?alert_id=99999999999`)).json().code).toBe(
      'SCREENING_ALERT_NOT_FOUND',
    );
    expect((await get(`${BASE}/evidence?alert_id=abc`)).statusCode).toBe(400);
  });
});

describe('screening customers', () => {
  it('screens a new customer when the engine takes the customer event, raising one explained alert', async () => {
    const hit = await newCustomer('IŞIL', 'ŞAHİN', '1981-03-14', 'TR');
    const miss = await newCustomer('Işık', 'Sarıgül');
    await t.app.fraudEngine.evaluatePending();
    const alerts = await alertsOf(hit);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.figures).toMatchObject({ score: '0.970', list: 'OFAC SDN' });
    expect(await alertsOf(miss)).toEqual([]);
    const evidence = (await get(`${BASE}/evidence?alert_id=${alerts[0]!.id}`)).json();
    expect(evidence.customer).toMatchObject({ id: hit, birth_date: '1981-03-14', nationality: 'TR' });
    expect(evidence.hits[0]).toMatchObject({
      entry: { ref: '90001' },
      explanation: { score: 0.97, birth_date: 'agree', nationality: 'agree' },
    });
  });

  it('rescreens everyone as a run: finds existing customers, never raises twice, reports its count', async () => {
    const late = await newCustomer('Gokhan', 'Celikkaya', '1979-07-21', null);
    await t.db.execute(sql`DELETE FROM fraud_event_queue`); // as if the customer predated the list
    expect(await alertsOf(late)).toEqual([]);
    const start = await post(`${BASE}/rescreen`, {});
    expect(start.statusCode, start.body).toBe(200);
    await t.app.fraudRuns.execute(start.json().run_id);
    const run = await runStatus(start.json().run_id);
    expect(run.status).toBe('done');
    expect(run.result!.hits).toBeGreaterThanOrEqual(2);
    expect(await alertsOf(late)).toHaveLength(1);
    const again = await post(`${BASE}/rescreen`, {});
    await t.app.fraudRuns.execute(again.json().run_id);
    expect(await alertsOf(late)).toHaveLength(1);
  });

  it('a cancelled rescreen stops before its first chunk', async () => {
    const start = await post(`${BASE}/rescreen`, {});
    await t.db.execute(sql`UPDATE fraud_runs SET cancel_requested = true WHERE id = ${start.json().run_id}`);
    await t.app.fraudRuns.execute(start.json().run_id);
    expect((await runStatus(start.json().run_id)).status).toBe('cancelled');
  });

  it('remembers a pair closed as a false positive: not scored again, whatever the threshold', async () => {
    const id = await newCustomer('Cemile', 'Doğanay');
    await t.app.fraudEngine.evaluatePending();
    const [alert] = await alertsOf(id);
    expect(alert).toBeDefined();
    const matchedAt = async () =>
      (
        await t.db.execute<{ matched_at: Date }>(
          sql`SELECT matched_at FROM screening_matches WHERE customer_id = ${id}`,
        )
      ).rows[0]!.matched_at;
    const first = await matchedAt();
    await t.db.execute(sql`UPDATE fraud_alerts SET status = 'closed', outcome = 'false_positive', closed_at = now(),
                             closing_note = 'Different person' WHERE id = ${alert!.id}`);
    const remembered = await t.db.execute(sql`SELECT 1 FROM screening_dismissals WHERE customer_id = ${id}`);
    expect(remembered.rows).toHaveLength(1);
    clock.advance(60_000);
    const start = await post(`${BASE}/rescreen`, {});
    await t.app.fraudRuns.execute(start.json().run_id);
    expect(await matchedAt()).toEqual(first);
    // A confirmed closing is not remembered as a dismissal.
    const other = await newCustomer('Faris Nabil', 'Al-Qudsi');
    await t.app.fraudEngine.evaluatePending();
    const [confirmed] = await alertsOf(other);
    await t.db.execute(sql`UPDATE fraud_alerts SET status = 'closed', outcome = 'confirmed', closed_at = now(),
                             closing_note = 'Same person' WHERE id = ${confirmed!.id}`);
    expect(
      (await t.db.execute(sql`SELECT 1 FROM screening_dismissals WHERE customer_id = ${other}`)).rows,
    ).toEqual([]);
  });

  it('holds the threshold: below it no hit, at it a hit', async () => {
    // "I. SAHIN" scores 0.85 against "Isil SAHIN" (an initial 0.7 and an exact surname 1).
    const set = async (threshold: number) => {
      const version = (await get(`${BASE}/settings`)).json().version;
      await post(`${BASE}/settings`, { threshold, version });
    };
    await set(0.86);
    const above = await newCustomer('I.', 'SAHIN');
    await t.app.fraudEngine.evaluatePending();
    expect(await alertsOf(above)).toEqual([]);
    await set(0.85);
    const at = await newCustomer('I.', 'SAHIN');
    await t.app.fraudEngine.evaluatePending();
    expect(await alertsOf(at)).toHaveLength(1);
  });
});
