#!/usr/bin/env node
// "The limit" and "the naive approach" of the withdrawal check (decision 0025, "Speed"), for
// scripts/bench-checks.mjs to measure beside Backdesk in the same run, over HTTP, on the same database:
// a bare Fastify with no plugins and a bare pg pool (the checks' pool size), one route each.
//   POST /limit/api/v1/checks/withdrawal — the whole work in ONE prepared statement: the key by its
//     prefix and secret hash, the per-key minute counter and last-used, the customer, its withdrawal
//     restriction, the limit the selection rule picks (R14) and the two cap sums, the blocklist, its
//     screening hits, the three withdrawal rules at their current versions' parameters, the decision,
//     and the check's record (realtime_checks); the call-log row is batched after the answer, as
//     Backdesk batches it.
//   POST /naive/api/v1/checks/withdrawal — the same reads as separate statements one after another
//     (unprepared), then the counter, the record: what a first implementation does.
// The decision is computed in SQL here, a simplified copy of the rules (reasons are codes only; a
// rule's figures are not kept): it is a floor for the cost of the work, not a second implementation
// to run in service. Started by bench-checks.mjs as a child process: DATABASE_URL, PORT; it prints
// `limit listening on <port>`.
import Fastify from 'fastify';
import pg from 'pg';

// Named in pg_stat_activity, so bench:ingest tells its connections from Backdesk's checks'.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL ?? 6),
  application_name: 'bench-limit',
});

// $1 prefix, $2 secret, $3 address, $4 customer external id, $5 asset, $6 network, $7 amount,
// $8 to address, $9 from address, $10 withdrawal id, $11 input json, $12 minute window start.
const PARTS = {
  key: `SELECT k.id AS key_id, k.integration_id, i.requests_per_minute, k.last_used_at,
            (k.secret_hash = sha256(convert_to($2::text, 'UTF8')) AND k.revoked_at IS NULL AND i.enabled
             AND (k.expires_at IS NULL OR k.expires_at > now())
             AND (i.allowed_addresses IS NULL OR $3::inet <<= ANY (i.allowed_addresses))
             AND 'checks:withdrawal' = ANY (i.scopes)) AS ok
       FROM integration_keys k JOIN integrations i ON i.id = k.integration_id WHERE k.prefix = $1::text`,
  customer: `SELECT id FROM customers WHERE external_id = $4::text`,
  restricted: `SELECT EXISTS (SELECT 1 FROM customer_restrictions r WHERE r.customer_id = (SELECT id FROM c)
       AND r.kind = 'withdrawal' AND r.lifted_at IS NULL AND r.starts_at <= now()
       AND (r.ends_at IS NULL OR r.ends_at > now())) AS restricted`,
  // R14: the type's limits whose set fields all match, the most specific first, then the newest.
  limit: `SELECT l.min_amount, l.max_amount, l.daily_cap, l.monthly_cap FROM transaction_limits l
       WHERE l.limit_type = 'withdrawal' AND (l.contract_name IS NULL OR l.contract_name = $5::text || '-' || $6::text)
         AND (l.wallet_address IS NULL OR l.wallet_address = $9::text) AND l.wallet_name IS NULL
       ORDER BY (l.contract_name IS NOT NULL)::int + (l.wallet_address IS NOT NULL)::int DESC, l.lid DESC LIMIT 1`,
  sums: `SELECT coalesce(sum(amount) FILTER (WHERE created_at > now() - interval '24 hours'), 0) AS day,
              coalesce(sum(amount), 0) AS month
       FROM wallet_transactions WHERE customer_id = (SELECT id FROM c) AND type = 'withdrawal'
         AND asset = $5::text AND network = $6::text AND status IN ('completed', 'pending')
         AND created_at > now() - interval '30 days'`,
  listed: `SELECT count(*) AS n FROM fraud_blocklist b WHERE b.removed_at IS NULL AND b.kind = 'address'
         AND b.value = bd_fraud_address($8::text) AND (b.network IS NULL OR b.network = upper($6::text))`,
  screening: `SELECT count(*) FILTER (WHERE outcome = 'confirmed') AS confirmed,
              count(*) FILTER (WHERE outcome IS DISTINCT FROM 'confirmed') AS open
       FROM fraud_alerts WHERE customer_id = (SELECT id FROM c) AND rule_code = 'screening_hit'
         AND (status <> 'closed' OR outcome = 'confirmed')`,
  rules: `SELECT jsonb_object_agg(r.code, CASE WHEN v.enabled THEN v.params END) AS p
       FROM fraud_rules r JOIN fraud_rule_versions v ON v.rule_code = r.code AND v.version = r.current_version
      WHERE r.code IN ('withdrawal_velocity', 'withdrawal_after_deposit', 'new_address_withdrawal')`,
  velocity: `SELECT count(*) + 1 AS n FROM wallet_transactions w, v
      WHERE w.customer_id = (SELECT id FROM c) AND w.type = 'withdrawal'
        AND w.created_at >= now() - make_interval(mins => coalesce((v.p->'withdrawal_velocity'->>'windowMinutes')::int, 0))`,
  deposit: `SELECT EXISTS (SELECT 1 FROM wallet_transactions w, v WHERE w.customer_id = (SELECT id FROM c)
        AND w.type = 'deposit' AND v.p->'withdrawal_after_deposit' IS NOT NULL
        AND w.created_at >= now() - make_interval(mins => (v.p->'withdrawal_after_deposit'->>'withinMinutes')::int)
        AND $7::numeric * 100 >= w.amount * (v.p->'withdrawal_after_deposit'->>'minPercent')::numeric) AS hit`,
  fresh: `SELECT NOT EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.customer_id = (SELECT id FROM c)
        AND w.type = 'withdrawal' AND w.to_address = $8::text) AS fresh`,
};

// The reasons and the decision from the parts above (named as CTEs: k, c, r, l, s, b, h, v, vel, dep, f).
const DECIDE = `SELECT array_remove(ARRAY[
      CASE WHEN r.restricted THEN 'CUSTOMER_RESTRICTED' END,
      CASE WHEN $7::numeric < l.min_amount THEN 'BELOW_LIMIT_MINIMUM' END,
      CASE WHEN $7::numeric > l.max_amount THEN 'ABOVE_LIMIT_MAXIMUM' END,
      CASE WHEN s.day + $7::numeric > l.daily_cap THEN 'DAILY_CAP_EXCEEDED' END,
      CASE WHEN s.month + $7::numeric > l.monthly_cap THEN 'MONTHLY_CAP_EXCEEDED' END,
      CASE WHEN b.n > 0 THEN 'BLOCKLISTED' END,
      CASE WHEN h.confirmed > 0 THEN 'SCREENING_CONFIRMED' END], NULL) AS blocks,
    array_remove(ARRAY[
      CASE WHEN h.open > 0 THEN 'SCREENING_OPEN' END,
      CASE WHEN vel.n >= (v.p->'withdrawal_velocity'->>'count')::int THEN 'withdrawal_velocity' END,
      CASE WHEN dep.hit THEN 'withdrawal_after_deposit' END,
      CASE WHEN f.fresh AND $7::numeric >= (v.p->'new_address_withdrawal'->>'minAmount')::numeric
           THEN 'new_address_withdrawal' END], NULL) AS reviews
  FROM (SELECT 1) one LEFT JOIN r ON true LEFT JOIN l ON true LEFT JOIN s ON true LEFT JOIN b ON true
       LEFT JOIN h ON true LEFT JOIN v ON true LEFT JOIN vel ON true LEFT JOIN dep ON true LEFT JOIN f ON true`;

// A review holds the withdrawal as Backdesk's does (its row under review, under the exchange's id,
// with the rollups' deltas switch of migration 0062) and audits the hold, linked into the chain after
// commit by the server's linker (migration 0064): the same writes, so the limit does the work a review
// is, not only its answer. Not modelled: the travel rule's record of a held withdrawal.
const HOLD = `INSERT INTO wallet_transactions (external_id, source_integration_id, received_at, customer_id, type,
      asset, network, amount, from_address, to_address, status, review_reason, created_at, updated_at)
    SELECT $10::text, k.integration_id, now(), c.id, 'withdrawal', $5::text, $6::text, $7::numeric, $9::text,
           $8::text, 'under_review', 'Real-time check: ' || array_to_string(d.reviews, '; '), now(), now()
      FROM (SELECT set_config('bd.rollup_deltas', 'on', true)) deltas, k, c, d, total
     WHERE k.ok AND total.hits <= k.requests_per_minute AND cardinality(d.blocks) = 0 AND cardinality(d.reviews) > 0
    ON CONFLICT (external_id) DO NOTHING
    RETURNING id, customer_id`;

const HOLD_AUDIT = `INSERT INTO audit_log (integration_id, request_id, action, entity, entity_id, customer_id, before, after)
    SELECT k.integration_id, 'limit', 'create', 'wallet_transaction', held.id::text, held.customer_id, NULL,
           jsonb_build_object('status', 'under_review')
      FROM held, k`;

const RECORD = `INSERT INTO realtime_checks (kind, integration_id, customer_id, external_ref, input, decision,
      reasons, wallet_transaction_id, duration_ms, evaluated_at)
    SELECT 'withdrawal', k.integration_id, c.id, $10::text, $11::jsonb,
           CASE WHEN cardinality(d.blocks) > 0 THEN 'block' WHEN cardinality(d.reviews) > 0 THEN 'review' ELSE 'allow' END,
           to_jsonb(d.blocks || d.reviews), (SELECT id FROM held), 0, now()
      FROM k, c, d, total WHERE k.ok AND total.hits <= k.requests_per_minute
    RETURNING public_id, decision, reasons, wallet_transaction_id`;

// The key's minute count, one row per connection: in one statement the counter's row stays locked
// until the whole check commits, so a single row per key would serialise every check of the key.
// The count is the sum of the rows (what other connections committed, and this one).
const ONE_STATEMENT = `WITH k AS (${PARTS.key}),
  counted AS (INSERT INTO request_counts (window_start, bucket, subject, hits)
              SELECT $12::timestamptz, 'api key limit', k.key_id::text || ':' || pg_backend_pid(), 1 FROM k WHERE k.ok
              ON CONFLICT (window_start, bucket, subject) DO UPDATE SET hits = request_counts.hits + 1
              RETURNING hits),
  total AS (SELECT coalesce(sum(n.hits), 0) + 1 AS hits FROM request_counts n, k
             WHERE n.window_start = $12::timestamptz AND n.bucket = 'api key limit'
               AND n.subject LIKE k.key_id::text || ':%'),
  touched AS (UPDATE integration_keys SET last_used_at = now() FROM k
               WHERE integration_keys.id = k.key_id AND k.ok
                 AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute') RETURNING 1),
  c AS (${PARTS.customer}), r AS (${PARTS.restricted}), l AS (${PARTS.limit}), s AS (${PARTS.sums}),
  b AS (${PARTS.listed}), h AS (${PARTS.screening}), v AS (${PARTS.rules}), vel AS (${PARTS.velocity}),
  dep AS (${PARTS.deposit}), f AS (${PARTS.fresh}), d AS (${DECIDE}),
  held AS (${HOLD}), held_audit AS (${HOLD_AUDIT}), rec AS (${RECORD})
  SELECT (SELECT ok FROM k) AS key_ok, (SELECT hits FROM counted) AS hits, (SELECT id FROM c) AS customer_id,
         (SELECT row_to_json(rec) FROM rec) AS recorded`;

const now = () => new Date();
const minute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

function argsOf(request) {
  const token = /^Bearer (bdk_[0-9a-f]{8})_([A-Za-z0-9_-]{43})$/.exec(request.headers.authorization ?? '');
  const b = request.body ?? {};
  if (!token || typeof b.amount !== 'string' || !/^\d+(\.\d+)?$/.test(b.amount)) return null;
  return [
    token[1],
    token[2],
    request.ip,
    b.customer?.externalId ?? null,
    b.asset,
    b.network,
    b.amount,
    b.toAddress,
    b.fromAddress ?? null,
    b.withdrawalId,
    JSON.stringify(b),
    minute(),
  ];
}

// The call log, batched after the answer as Backdesk's is (one insert per 200 ms).
let calls = [];
setInterval(() => {
  if (!calls.length) return;
  const rows = calls;
  calls = [];
  const col = (i) => rows.map((r) => r[i]);
  pool
    .query({
      name: 'limit-calls',
      text: `INSERT INTO integration_calls (at, integration_id, key_id, method, route, status, duration_ms, address, request_id)
             SELECT a, i, k, 'POST', '/api/v1/checks/withdrawal', s, d, '127.0.0.1', 'limit' FROM
             unnest($1::timestamptz[], $2::int[], $3::int[], $4::smallint[], $5::real[]) AS t(a, i, k, s, d)`,
      values: [col(0), col(1), col(2), col(3), col(4)],
    })
    .catch(() => {});
}, 200).unref();

const app = Fastify({ logger: false });

app.post('/limit/api/v1/checks/withdrawal', async (request, reply) => {
  const started = performance.now();
  const values = argsOf(request);
  if (!values) return reply.code(400).send({ code: 'VALIDATION_FAILED' });
  const { rows } = await pool.query({ name: 'limit-check', text: ONE_STATEMENT, values });
  const row = rows[0];
  if (!row.key_ok) return reply.code(401).send({ code: 'API_KEY_INVALID' });
  if (row.customer_id === null) return reply.code(404).send({ code: 'CUSTOMER_NOT_FOUND' });
  if (!row.recorded) return reply.code(429).send({ code: 'TOO_MANY_REQUESTS' });
  calls.push([now(), null, null, 200, performance.now() - started]);
  const { public_id, decision, reasons, wallet_transaction_id } = row.recorded;
  return {
    checkId: public_id,
    decision,
    reasons,
    evaluatedAt: now().toISOString(),
    reviewId: wallet_transaction_id,
  };
});

// The same parts one statement at a time, each with the customer's CTE repeated (no shared state).
app.post('/naive/api/v1/checks/withdrawal', async (request, reply) => {
  const started = performance.now();
  const values = argsOf(request);
  if (!values) return reply.code(400).send({ code: 'VALIDATION_FAILED' });
  const client = await pool.connect();
  try {
    // Each statement gets only the parameters it names, renumbered as pg needs them contiguous.
    const run = async (text) => {
      const used = [...new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort(
        (a, b) => a - b,
      );
      const renumbered = text.replace(/\$(\d+)/g, (_, n) => `$${used.indexOf(Number(n)) + 1}`);
      return (
        await client.query(
          renumbered,
          used.map((n) => values[n - 1]),
        )
      ).rows[0];
    };
    const c = `WITH c AS (${PARTS.customer}) `;
    const cv = `WITH c AS (${PARTS.customer}), v AS (${PARTS.rules}) `;
    const key = await run(PARTS.key);
    if (!key?.ok) return reply.code(401).send({ code: 'API_KEY_INVALID' });
    await run(`INSERT INTO request_counts (window_start, bucket, subject, hits) VALUES ($12, 'api key', '${key.key_id}', 1)
               ON CONFLICT (window_start, bucket, subject) DO UPDATE SET hits = request_counts.hits + 1`);
    const customer = await run(PARTS.customer);
    if (!customer) return reply.code(404).send({ code: 'CUSTOMER_NOT_FOUND' });
    for (const part of ['restricted', 'limit', 'sums', 'listed', 'screening', 'rules'])
      await run(c + PARTS[part]);
    for (const part of ['velocity', 'deposit', 'fresh']) await run(cv + PARTS[part]);
    const k = `k AS (SELECT ${key.integration_id}::int AS integration_id, true AS ok, 1 AS requests_per_minute),
               total AS (SELECT 1 AS hits)`;
    const parts = [
      'restricted',
      'limit',
      'sums',
      'listed',
      'screening',
      'rules',
      'velocity',
      'deposit',
      'fresh',
    ];
    const names = ['r', 'l', 's', 'b', 'h', 'v', 'vel', 'dep', 'f'];
    // The hold and the record: the insert derives the decision from the parts again (naive: they are
    // read twice).
    const recorded = await run(
      `WITH ${k}, c AS (${PARTS.customer}), ${parts.map((p, i) => `${names[i]} AS (${PARTS[p]})`).join(', ')},
       d AS (${DECIDE}), held AS (${HOLD}), held_audit AS (${HOLD_AUDIT}) ${RECORD}`,
    );
    calls.push([now(), key.integration_id, key.key_id, 200, performance.now() - started]);
    return {
      checkId: recorded.public_id,
      decision: recorded.decision,
      reasons: recorded.reasons,
      evaluatedAt: now().toISOString(),
      reviewId: null,
    };
  } finally {
    client.release();
  }
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`limit listening on ${new URL(address).port}`);
process.once('SIGINT', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
