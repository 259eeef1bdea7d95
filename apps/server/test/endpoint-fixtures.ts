import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { specimenDocument } from '../src/modules/platform/documents/index.ts';
import type { FileTestApp } from './harness.ts';
import { multipartFile } from './multipart.ts';
import type { DemoMember } from './roles.ts';

/** A call an endpoint accepts: who makes it and its body, built from the test database's rows. */
/** The demo members' headers, asked for at the top of the test file (harness.ts `session`). */
export type Sessions = Record<Exclude<DemoMember, 'support'>, Record<string, string>>;

export interface ValidCall {
  who: keyof Sessions;
  body: Record<string, unknown>;
  /** The query, for an endpoint that takes its inputs there (a multipart upload). */
  query?: Record<string, string>;
  /** A multipart body sent instead of `body` (test/multipart.ts). */
  form?: { payload: Buffer; headers: Record<string, string> };
  /** Audit rows the call writes when it changes two records at once (one by default). */
  auditRows?: number;
}

const one = async <T>(t: FileTestApp, query: ReturnType<typeof sql>): Promise<T> => {
  const row = (await t.db.execute(query)).rows[0] as T | undefined;
  if (!row) throw new Error(`no row for the fixture: ${JSON.stringify(query)}`);
  return row;
};

/** A fresh customer, so a fixture never depends on what an earlier call changed. */
async function newCustomer(t: FileTestApp): Promise<number> {
  const tag = randomUUID().slice(0, 8);
  const row = await one<{ id: number }>(
    t,
    sql`INSERT INTO customers (user_name, alias_email) VALUES (${`fx-${tag}`}, ${`fx-${tag}@example.com`}) RETURNING id`,
  );
  return Number(row.id);
}

/** A pending KYC document of a fresh customer, with the customer's open case (no file stored). */
/** A fresh integration (and its id and version), so a fixture never depends on an earlier call. */
async function newIntegration(t: FileTestApp, enabled = true): Promise<{ id: number; version: number }> {
  const row = await one<{ id: number; version: number }>(
    t,
    sql`INSERT INTO integrations (name, scopes, enabled) VALUES (${`fx-${randomUUID().slice(0, 8)}`}, '{events:read}', ${enabled})
        RETURNING id, version`,
  );
  return { id: Number(row.id), version: Number(row.version) };
}

/** A live key of a fresh integration. */
async function newIntegrationKey(t: FileTestApp): Promise<number> {
  const { id } = await newIntegration(t);
  const row = await one<{ id: number }>(
    t,
    sql`INSERT INTO integration_keys (integration_id, prefix, secret_hash)
        VALUES (${id}, ${`bdk_${randomUUID().replace(/-/g, '').slice(0, 8)}`}, decode('00', 'hex')) RETURNING id`,
  );
  return Number(row.id);
}

async function pendingKycDocument(t: FileTestApp) {
  const customer = await newCustomer(t);
  const doc = await one<{ id: number; version: number }>(
    t,
    sql`INSERT INTO kyc_documents (customer_id, kind, file_name, mime_type, size_bytes, sha256)
        VALUES (${customer}, 'passport', 'passport.pdf', 'application/pdf', 100, ${randomUUID().replaceAll('-', '').padEnd(64, '0')})
        RETURNING id, version`,
  );
  await t.db.execute(
    sql`INSERT INTO kyc_cases (customer_id, waiting_since, pending_documents) VALUES (${customer}, now(), 1)`,
  );
  return { customer, id: Number(doc.id), version: Number(doc.version) };
}

/** A fresh customer's fraud alert, and their open case holding it when `inCase` (fraud cases). */
async function caseAlert(t: FileTestApp, inCase: boolean) {
  const customer = await newCustomer(t);
  const alert = await one<{ id: number }>(
    t,
    sql`INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                                  window_end, params, event_at)
        VALUES (${customer}, 'failed_logins', 1, 'low', 'fx', now(), now(), '{}', now()) RETURNING id`,
  );
  if (!inCase) return { customer, alert: Number(alert.id), caseId: 0 };
  const c = await one<{ id: number }>(
    t,
    sql`INSERT INTO fraud_cases (customer_id) VALUES (${customer}) RETURNING id`,
  );
  await t.db.execute(sql`UPDATE fraud_alerts SET case_id = ${c.id} WHERE id = ${alert.id}`);
  return { customer, alert: Number(alert.id), caseId: Number(c.id) };
}

/** A fresh EVM address, so no earlier blocklist call answers for it. */
const fixtureAddress = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().slice(0, 8)}`;

/** A proposed P2P-amount setting unlike the current one (a fresh threshold each time). */
async function p2pAmountSetting(t: FileTestApp) {
  const { n } = await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM fraud_rule_versions`);
  return { code: 'p2p_amount', params: { minAmount: String(300_000 + n) }, severity: 'high', enabled: true };
}

const SCREENING_DATA = path.join(import.meta.dirname, '../data/screening');

/** A withdrawal under review on a fresh customer: above USDT's four-eyes threshold when `big`. */
async function withdrawalUnderReview(t: FileTestApp, big: boolean) {
  const customer = await newCustomer(t);
  return one<{ id: number; version: number }>(
    t,
    sql`INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
        VALUES (${customer}, 'withdrawal', 'USDT', 'TRC20', ${big ? '12000' : '10'}, 'TXfx', 'under_review')
        RETURNING id, version`,
  );
}

/** A pending four-eyes request that `admin` asked for (the first approval of a large withdrawal). */
async function requestAskedByAdmin(t: FileTestApp, sessions: Sessions) {
  const w = await withdrawalUnderReview(t, true);
  await t.app.inject({
    method: 'POST',
    url: '/api/transactions/wallet-transactions/approve',
    payload: { id: w.id, version: w.version },
    headers: sessions.admin,
  });
  return one<{ id: number; version: number }>(
    t,
    sql`SELECT id, version FROM approval_requests WHERE entity_id = ${String(w.id)} AND status = 'pending'`,
  );
}

/** A fresh staff member with the manager role, as a super would change them. */
const staffMember = (t: FileTestApp) =>
  one<{ id: number; version: number }>(
    t,
    sql`INSERT INTO staff_members (user_name, display_name, password_hash, roles)
        VALUES (${`fx.${randomUUID().slice(0, 8)}`}, 'Fixture Member', 'not-a-hash', '{manager}') RETURNING id, version`,
  );

const limit = (t: FileTestApp) =>
  one<{ lid: number }>(
    t,
    sql`INSERT INTO transaction_limits (limit_type, contract_name, max_amount) VALUES ('withdrawal', 'BTC', 5) RETURNING lid`,
  );
const commission = (t: FileTestApp) =>
  one<{ id: number; version: number }>(
    t,
    sql`INSERT INTO commission_rules (operation, asset, kind, value) VALUES ('trade', 'BTC', 'flat', 1) RETURNING id, version`,
  );
const offer = (t: FileTestApp, status: 'active' | 'suspended') =>
  one<{ trade_market_guid: string; version: number }>(
    t,
    sql`SELECT trade_market_guid::text, version FROM p2p_offers WHERE status = ${status} ORDER BY created_at DESC LIMIT 1`,
  );
const trade = (t: FileTestApp, status: 'pending' | 'disputed') =>
  one<{ id: number; version: number }>(
    t,
    sql`SELECT id, version FROM p2p_trades WHERE status = ${status} ORDER BY id DESC LIMIT 1`,
  );

/**
 * A valid call for every changing endpoint of the contract, keyed `METHOD /path`. A test that walks
 * the contract fails when an endpoint it needs has none here, so a new endpoint gets one.
 */
export const VALID_CALLS: Record<string, (t: FileTestApp, sessions: Sessions) => Promise<ValidCall>> = {
  'POST /api/customers/create': async () => {
    const tag = randomUUID().slice(0, 8);
    return {
      who: 'manager',
      body: {
        user_name: `walk.${tag}`,
        alias_name: 'Ada',
        alias_surname: 'Lovelace',
        alias_email: `walk.${tag}@example.com`,
        kyc_type: 'kyc',
      },
    };
  },
  'POST /api/compliance/kyc/documents/upload': async (t) => {
    // A file of its own (a PDF naming a fresh number), so no earlier upload answers for it.
    const file = await specimenDocument({
      kind: 'proof_of_address',
      format: 'pdf',
      person: { fullName: 'ALEX SAMPLE', birthDate: '1990-01-01', documentNumber: randomUUID() },
    });
    return {
      who: 'manager',
      body: {},
      query: { customer_id: String(await newCustomer(t)), kind: 'proof_of_address' },
      form: multipartFile(file.bytes, { fileName: 'bill.pdf' }),
    };
  },
  'POST /api/compliance/kyc/documents/decide': async (t) => {
    const doc = await pendingKycDocument(t);
    return { who: 'manager', body: { id: doc.id, version: doc.version, decision: 'approve' } };
  },
  'POST /api/compliance/kyc/level': async (t) => ({
    who: 'manager',
    body: { customer_id: await newCustomer(t), level: 1, version: 1 },
  }),
  'POST /api/compliance/kyc/queue/next': async (t) => {
    await pendingKycDocument(t);
    return { who: 'manager', body: {} };
  },
  'POST /api/inbox/queues/next': async (t) => {
    await pendingKycDocument(t);
    return { who: 'manager', body: { kind: 'kyc_waiting' } };
  },
  'POST /api/compliance/fraud/cases/open': async (t) => {
    const { customer, alert } = await caseAlert(t, false);
    return { who: 'manager', body: { customerId: customer, alertIds: [alert] } };
  },
  'POST /api/compliance/fraud/cases/attach': async (t) => {
    const { caseId, customer } = await caseAlert(t, true);
    const other = await one<{ id: number }>(
      t,
      sql`INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                                    window_end, params, event_at)
          VALUES (${customer}, 'failed_logins', 1, 'low', 'fx2', now(), now(), '{}', now()) RETURNING id`,
    );
    return { who: 'manager', body: { caseId, alertIds: [Number(other.id)] } };
  },
  'POST /api/compliance/fraud/cases/detach': async (t) => {
    const { caseId, alert } = await caseAlert(t, true);
    return { who: 'manager', body: { caseId, alertIds: [alert] } };
  },
  'POST /api/compliance/fraud/cases/comment': async (t) => ({
    who: 'manager',
    body: { id: (await caseAlert(t, true)).caseId, body: 'Called the customer' },
  }),
  'POST /api/compliance/fraud/cases/report': async (t) => ({
    who: 'manager',
    body: { id: (await caseAlert(t, true)).caseId, lang: 'tr' },
  }),
  'POST /api/compliance/fraud/alerts/comment': async (t) => ({
    who: 'manager',
    body: { id: (await caseAlert(t, false)).alert, body: 'Checked the sign-ins' },
  }),
  // A new restriction (its own audit row) recorded on the alert's history (the alert's row).
  'POST /api/compliance/fraud/alerts/restrict': async (t) => ({
    who: 'manager',
    body: { id: (await caseAlert(t, false)).alert, kind: 'withdrawal', reason: 'Fixture' },
    auditRows: 2,
  }),
  'POST /api/compliance/fraud/alerts/bulk': async (t) => ({
    who: 'manager',
    body: {
      filter: { customer: String((await caseAlert(t, false)).customer) },
      action: 'close_false_positive',
      note: 'Fixture',
      dry_run: false,
      expected: 1,
    },
  }),
  'POST /api/compliance/fraud/blocklist/add': async () => ({
    who: 'manager',
    body: { kind: 'address', value: fixtureAddress(), network: 'ERC20', reason: 'Fixture entry' },
  }),
  'POST /api/compliance/fraud/blocklist/import': async () => ({
    who: 'manager',
    body: {
      content: `kind,value,network,reason,source\naddress,${fixtureAddress()},ERC20,Fixture entry,test\n`,
    },
  }),
  'POST /api/compliance/fraud/rules/update': async (t) => ({
    who: 'admin',
    body: {
      ...(await p2pAmountSetting(t)),
      version: (
        await one<{ version: number }>(t, sql`SELECT version FROM fraud_rules WHERE code = 'p2p_amount'`)
      ).version,
      reason: 'Fixture change',
    },
  }),
  'POST /api/compliance/fraud/rules/backtest': async (t) => ({
    who: 'admin',
    body: await p2pAmountSetting(t),
  }),
  'POST /api/compliance/fraud/screening/lists/import': async () => ({
    who: 'admin',
    body: {},
    query: { name: `Fixture list ${randomUUID().slice(0, 8)}`, format: 'ofac_sdn' },
    form: multipartFile(await readFile(path.join(SCREENING_DATA, 'ofac-sdn-sample.csv')), {
      fileName: 'sdn.csv',
    }),
  }),
  'POST /api/compliance/fraud/screening/rescreen': async () => ({ who: 'admin', body: {} }),
  'POST /api/compliance/kyc/quarantine/recheck': async () => ({ who: 'super', body: {} }),
  'POST /api/customers/notes': async (t) => ({
    who: 'manager',
    body: { customerId: await newCustomer(t), body: 'Called the customer' },
  }),
  'POST /api/settings/integrations/webhooks/create': async (t) => ({
    who: 'super',
    body: {
      integration_id: (
        await one<{ id: number }>(
          t,
          sql`INSERT INTO integrations (name, scopes) VALUES (${`fx ${randomUUID().slice(0, 8)}`}, '{events:read}') RETURNING id`,
        )
      ).id,
      url: 'https://receiver.example.com/hooks',
      event_types: [],
    },
  }),
  'POST /api/customers/restrictions/add': async (t) => ({
    who: 'manager',
    body: { customerId: await newCustomer(t), kind: 'deposit', reason: 'Source of funds check' },
  }),
  'POST /api/transactions/transaction-limit-create': async () => ({
    who: 'admin',
    body: { limit_type: 'withdrawal', contract_name: `BTC-${randomUUID().slice(0, 4)}`, max_amount: '2' },
  }),
  'POST /api/transactions/transaction-limit-delete': async (t) => ({
    who: 'admin',
    body: { lid: (await limit(t)).lid },
  }),
  'POST /api/transactions/commissions/create': async () => ({
    who: 'admin',
    body: { operation: 'deposit', asset: 'ETH', kind: 'flat', value: '0.001' },
  }),
  'POST /api/transactions/commissions/update': async (t) => {
    const rule = await commission(t);
    return {
      who: 'admin',
      body: { ...rule, operation: 'trade', asset: 'BTC', kind: 'flat', value: '2' },
    };
  },
  'POST /api/transactions/commissions/delete': async (t) => ({ who: 'admin', body: await commission(t) }),
  'POST /api/transactions/wallet-transactions/approve': async (t) => ({
    who: 'admin',
    body: { ...(await withdrawalUnderReview(t, false)) },
  }),
  'POST /api/transactions/wallet-transactions/reject': async (t) => ({
    who: 'admin',
    body: { ...(await withdrawalUnderReview(t, false)), reason: 'Address on a sanctions list' },
  }),
  'POST /api/approvals/approve': async (t, s) => ({
    who: 'super',
    body: { ...(await requestAskedByAdmin(t, s)) },
  }),
  'POST /api/approvals/reject': async (t, s) => ({
    who: 'super',
    body: { ...(await requestAskedByAdmin(t, s)), reason: 'Not verified' },
  }),
  'POST /api/approvals/cancel': async (t, s) => ({
    who: 'admin',
    body: { ...(await requestAskedByAdmin(t, s)) },
  }),
  'POST /api/transactions/p2p/offers/suspend': async (t) => ({
    who: 'admin',
    body: await offer(t, 'active'),
  }),
  'POST /api/transactions/p2p/offers/resume': async (t) => ({
    who: 'admin',
    body: await offer(t, 'suspended'),
  }),
  'POST /api/transactions/p2p/trades/cancel': async (t) => ({
    who: 'admin',
    body: { ...(await trade(t, 'pending')), reason: 'Buyer asked to cancel' },
  }),
  'POST /api/transactions/p2p/trades/settle': async (t) => ({
    who: 'admin',
    body: { ...(await trade(t, 'disputed')), outcome: 'refund', reason: 'Payment never arrived' },
  }),
  'POST /api/customers/update': async (t) => {
    const id = await newCustomer(t);
    const row = await one<{ user_name: string; version: number }>(
      t,
      sql`SELECT user_name, version FROM customers WHERE id = ${id}`,
    );
    return { who: 'manager', body: { ...row, alias_name: 'Grace' } };
  },
  'POST /api/customers/restrictions/lift': async (t) => {
    const customer = await newCustomer(t);
    const row = await one<{ id: number; version: number }>(
      t,
      sql`INSERT INTO customer_restrictions (customer_id, kind, reason, created_by)
          VALUES (${customer}, 'trade', 'Fixture', 1) RETURNING id, version`,
    );
    return { who: 'manager', body: { id: Number(row.id), version: row.version, reason: 'Checked' } };
  },
  'POST /api/customer-types/update': async (t) => {
    const tier = await one<Record<string, unknown>>(
      t,
      sql`SELECT code, name, description, required_kyc_level, commission_discount::text, version
          FROM customer_types WHERE code = 'bronze'`,
    );
    return { who: 'admin', body: { ...tier, description: `Default tier ${randomUUID().slice(0, 4)}` } };
  },
  'POST /api/customer-types/move': async (t) => ({
    who: 'admin',
    body: { to: 'silver', customerId: await newCustomer(t) },
  }),
  'POST /api/logs/retention': async (t) => {
    const stored = (
      await t.db.execute<{ version: number }>(
        sql`SELECT version FROM app_settings WHERE key = 'access_log_retention_days'`,
      )
    ).rows[0];
    return {
      who: 'super',
      // A different number each time, so each call is a change.
      body: { days: 400 + (stored?.version ?? 0), version: stored?.version ?? 0 },
    };
  },
  'POST /api/saved-views/save': async () => ({
    who: 'manager',
    body: { list: 'crm.customers', name: `View ${randomUUID().slice(0, 6)}`, search: { status: 'active' } },
  }),
  'POST /api/saved-views/delete': async (t, s) => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-views/save',
      payload: { list: 'crm.customers', name: `Gone ${randomUUID().slice(0, 6)}`, search: {} },
      headers: s.manager,
    });
    return { who: 'manager', body: { id: saved.json().item.id } };
  },
  'POST /api/members/create': async () => ({
    who: 'super',
    body: {
      user_name: `fx.${randomUUID().slice(0, 8)}`,
      display_name: 'Fixture Member',
      email: '',
      roles: ['manager'],
    },
  }),
  'POST /api/members/roles': async (t) => ({
    who: 'super',
    body: { ...(await staffMember(t)), roles: ['admin'] },
  }),
  'POST /api/members/disable': async (t) => ({ who: 'super', body: await staffMember(t) }),
  'POST /api/members/enable': async (t) => ({ who: 'super', body: await staffMember(t) }),
  'POST /api/members/one-time-password': async (t) => ({ who: 'super', body: await staffMember(t) }),
  'POST /api/members/sessions/end': async (t) => ({ who: 'super', body: { id: (await staffMember(t)).id } }),
  // The member's own profile as it stands: a valid call that changes nothing.
  'POST /api/settings/integrations/create': async () => ({
    who: 'super',
    body: { name: `Fixture ${randomUUID().slice(0, 8)}`, scopes: ['events:read'], allowed_addresses: null },
  }),
  'POST /api/settings/integrations/update': async (t) => ({
    who: 'super',
    body: {
      ...(await newIntegration(t)),
      name: `Renamed ${randomUUID().slice(0, 8)}`,
      scopes: ['events:read'],
      allowed_addresses: null,
    },
  }),
  'POST /api/settings/integrations/disable': async (t) => ({ who: 'super', body: await newIntegration(t) }),
  'POST /api/settings/integrations/enable': async (t) => ({
    who: 'super',
    body: await newIntegration(t, false),
  }),
  'POST /api/settings/integrations/keys/create': async (t) => ({
    who: 'super',
    body: { integration_id: (await newIntegration(t)).id, expires_at: null },
  }),
  'POST /api/settings/integrations/keys/revoke': async (t) => ({
    who: 'super',
    body: { id: await newIntegrationKey(t) },
  }),
  'POST /api/settings/integrations/retention': async (t) => {
    const stored = (
      await t.db.execute<{ version: number }>(
        sql`SELECT version FROM app_settings WHERE key = 'integration_call_retention_days'`,
      )
    ).rows[0];
    // A different number each time, so each call is a change.
    return { who: 'super', body: { days: 100 + (stored?.version ?? 0), version: stored?.version ?? 0 } };
  },
  'POST /api/settings/profile': async (t) => ({
    who: 'super',
    body: await one<Record<string, unknown>>(
      t,
      sql`SELECT display_name, coalesce(email, '') AS email, version FROM staff_members WHERE user_name = 'super'`,
    ),
  }),
  'POST /api/settings/preferences': async () => ({ who: 'manager', body: { language: 'tr' } }),
  'POST /api/panel/report-rates': async () => ({
    who: 'admin',
    // A fresh asset code, so the rate is new each time.
    body: {
      asset: `FX${randomUUID().replace(/\D/g, '').slice(0, 8)}`,
      valid_from: '2026-01-01',
      rate: '1.5',
    },
  }),
  'POST /api/settings/notifications': async () => ({
    who: 'manager',
    body: { items: [{ kind: 'fraud_alert', severity: 'high', inbox: true, desktop: false }] },
  }),
};

/** The query of a reading endpoint that needs one (every other reads with no query at all). */
export const VALID_QUERIES: Record<string, (t: FileTestApp) => Promise<Record<string, string>>> = {
  'GET /api/customers/detail': async (t) => ({ id: String(await newCustomer(t)) }),
  'GET /api/transactions/wallet-transaction': async (t) => ({
    id: String((await withdrawalUnderReview(t, false)).id),
  }),
  'GET /api/transactions/wallet-transactions/checks': async (t) => ({
    id: String((await withdrawalUnderReview(t, false)).id),
  }),
  'GET /api/audit/history': async () => ({ entity: 'customer', entityId: '1' }),
  'GET /api/saved-views': async () => ({ list: 'crm.customers' }),
  'GET /api/transactions/commissions/preview': async () => ({
    operation: 'withdrawal',
    asset: 'BTC',
    amount: '1',
  }),
  'GET /api/customers/export': async () => ({ format: 'csv' }),
  'GET /api/compliance/fraud/rules/versions': async () => ({ code: 'withdrawal_velocity' }),
  'GET /api/compliance/kyc/documents/export': async () => ({ format: 'csv' }),
  'GET /api/compliance/kyc/documents/detail': async (t) => ({ id: String((await pendingKycDocument(t)).id) }),
  'GET /api/compliance/kyc/documents/content': async (t) => ({
    id: String((await pendingKycDocument(t)).id),
  }),
  'GET /api/compliance/kyc/documents/download': async (t) => ({
    id: String((await pendingKycDocument(t)).id),
  }),
  'GET /api/compliance/kyc/customer': async (t) => ({ customer_id: String(await newCustomer(t)) }),
  'GET /api/user-assets/export': async () => ({ format: 'csv' }),
  'GET /api/transactions/wallet-transactions/export': async () => ({ format: 'csv' }),
  'GET /api/compliance/travel-rule/records/export': async () => ({
    from: '2026-03-01',
    to: '2026-03-31',
    tz: 'UTC',
    format: 'csv',
  }),
  ...Object.fromEntries(
    [
      'compliance',
      'deposit-csc',
      'customers',
      'financial',
      'fraud-security',
      'p2p',
      'transactions',
      'travel-rule',
    ].map((r) => [
      `GET /api/panel/report-${r}`,
      async () => ({ from: '2026-03-01', to: '2026-03-31', tz: 'Europe/Istanbul', groupBy: 'week' }),
    ]),
  ),
};
