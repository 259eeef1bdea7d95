// The data of `npm run bench:travel-rule`, loaded set-based (INSERT … SELECT over generate_series, a
// million rows a statement) into a database that holds the demo seed's customers and staff: a VASP
// directory with address ranges and self-hosted wallets, the exchange's hourly price rates, and
// `transfers` wallet transactions of which every (transfers / records)-th is a crypto deposit or
// withdrawal carrying a travel-rule record. The records' states are those of a working desk: most
// finished (complete, not in scope, returned, rejected), 5 % open — and the open ones recent, as
// deadlines make them. Every person and VASP is invented.
import { TRAVEL_RULE_JURISDICTIONS } from '@backdesk/contract';
import { decimalsOf } from '@backdesk/contract/rules';
import type pg from 'pg';
import { withDeferredIndexes } from '../src/db/seed/deferred-indexes.ts';
import { DEFAULT_TRAVEL_RULE_RULES } from '../src/modules/compliance/travel-rule/travel-rule-defaults.ts';

export const BENCH_VASPS = 200;
/** Self-hosted wallets proved, per network. */
const SELF_HOSTED = 2_500;
const CHUNK = 1_000_000;

/** The crypto rails a record's transfer runs on, and their price in each currency (rates ±2 % an hour). */
const RAILS = [
  { asset: 'USDT', network: 'TRC20', max: 5000, usd: 1 },
  { asset: 'USDC', network: 'ERC20', max: 5000, usd: 1 },
  { asset: 'BTC', network: 'BITCOIN', max: 0.5, usd: 60_000 },
  { asset: 'ETH', network: 'ETHEREUM', max: 8, usd: 3_000 },
] as const;
const PER_USD = { USD: 1, EUR: 0.92, TRY: 34 } as const;

/** The bench's VASP range on a network: every address starting with it is that VASP's. */
export const vaspPrefix = (vasp: number) => `TBV${vasp}-`;

const FAMILY = ['Aksoy', 'Yıldırım', 'Öztürk', 'Şahin', 'Kaplan', 'Müller', 'Rossi', 'Novak', 'Carter'];
const GIVEN = ['Zeynep', 'Mert', 'Elif', 'Can', 'Deniz', 'Lena', 'Marco', 'Petra', 'Grace'];
const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

/** A natural person of IVMS101 as the contract parses it, from SQL expressions for its parts. */
const person = (
  family: string,
  given: string,
  id: string,
) => `jsonb_build_object('naturalPerson', jsonb_build_object(
  'name', jsonb_build_object('nameIdentifier', jsonb_build_array(jsonb_build_object(
    'primaryIdentifier', ${family}, 'secondaryIdentifier', ${given}, 'nameIdentifierType', 'LEGL'))),
  'nationalIdentification', jsonb_build_object('nationalIdentifier', ${id}, 'nationalIdentifierType', 'RAID',
    'countryOfIssue', 'TR'),
  'dateAndPlaceOfBirth', jsonb_build_object('dateOfBirth', '1986-04-12', 'placeOfBirth', 'İstanbul')))`;
const legal = (name: string) => `jsonb_build_object('legalPerson', jsonb_build_object('name',
  jsonb_build_object('nameIdentifier', jsonb_build_array(jsonb_build_object('legalPersonName', ${name},
    'legalPersonNameIdentifierType', 'LEGL')))))`;

/**
 * A record's draw `salt` in [0, m), from its number n: hashint8 mixes consecutive numbers, so its state,
 * jurisdiction, counterparty kind and VASP are independent (n mod m alone ties them: every VASP's
 * records fell in one state).
 */
const draw = (n: string, salt: number, m: number) => `((hashint8(${n} * 8 + ${salt}) & 2147483647) % ${m})`;

/** One chunk: `g` from $1 to $2; the transfer's id is base + g; `stride`: one record every stride rows. */
function chunkSql(o: { base: number; stride: number; customers: number; vaspBase: number }): string {
  const { base, stride, customers, vaspBase } = o;
  // Amounts with no more places than the asset carries: the public API refuses more.
  const rails = RAILS.map((r) => `('${r.asset}', '${r.network}', ${r.max}, ${decimalsOf(r.asset)})`).join(
    ', ',
  );
  // What decides a record's kind, from its number n = g / stride (recomputed on both sides of the CTE).
  const n = `((w.id - ${base}) / ${stride})`;
  const required = (j: string) => arr(DEFAULT_TRAVEL_RULE_RULES[j as 'TR'].required_fields);
  return `
  WITH rail(k, asset, network, max, places) AS (SELECT (row_number() OVER ())::int, * FROM (VALUES ${rails}) v),
  rate(asset, quote, rate) AS (VALUES ${RAILS.flatMap((r) =>
    Object.entries(PER_USD).map(([q, f]) => `('${r.asset}', '${q}', ${r.usd * f})`),
  ).join(', ')}),
  g AS (
    SELECT g, g % ${stride} = 0 AS traveled, g / ${stride} AS n,
           ${draw(`(g / ${stride})`, 0, 1000)} AS sp, 1 + floor(random() * ${customers})::bigint AS customer_id,
           CASE WHEN g % ${stride} = 0 THEN 1 + (g / ${stride}) % 4 ELSE 1 + floor(random() * 4)::int END AS k
      FROM generate_series($1::bigint, $2::bigint) g),
  w AS (
    INSERT INTO wallet_transactions (id, customer_id, type, asset, network, amount, fee, from_address, to_address,
      tx_hash, status, created_at, updated_at, channel, source_check, hold_state, external_id)
    SELECT ${base} + g, customer_id, type, asset, network, amount, fee,
           CASE WHEN type = 'deposit' THEN counterparty END, CASE WHEN type = 'withdrawal' THEN counterparty END,
           'bench-tx-' || g, status, created_at, created_at,
           CASE WHEN type = 'deposit' THEN 'on_chain' END, CASE WHEN type = 'deposit' THEN 'passed' END,
           CASE WHEN type = 'deposit' THEN 'none' END, 'bench-w-' || g
      FROM (
        SELECT g.*, r.asset, r.network,
               CASE WHEN traveled THEN (CASE WHEN n % 2 = 0 THEN 'withdrawal' ELSE 'deposit' END)
                    ELSE (ARRAY['deposit','deposit','withdrawal','withdrawal','transfer','fee'])[1 + floor(random() * 6)::int] END AS type,
               round((random() * r.max)::numeric, r.places) + 0.0001 AS amount, round((random() * 2)::numeric, 6) AS fee,
               -- A record's counterparty: a VASP's range (8 in 10), a proved self-hosted wallet, or unknown.
               CASE WHEN NOT traveled OR ${draw('n', 2, 10)} = 9 THEN 'TUN' || g
                    WHEN ${draw('n', 2, 10)} = 8 THEN 'TSH' || (n % ${SELF_HOSTED})
                    ELSE 'TBV' || ${draw('n', 3, BENCH_VASPS)} || '-' || g END AS counterparty,
               CASE WHEN traveled AND sp < 50 THEN 'pending' ELSE 'completed' END AS status,
               -- Open work is recent; the history spreads over two years.
               now() - random() * CASE WHEN traveled AND sp < 50 THEN interval '30 days' ELSE interval '730 days' END
                 AS created_at
          FROM g JOIN rail r USING (k)
      ) x
    RETURNING id, type, asset, network, amount, from_address, to_address, created_at, customer_id),
  rec AS (
    SELECT w.*, ${n} AS n, ${draw(n, 0, 1000)} AS sp,
           (ARRAY['TR','TR','TR','TR','TR','TR','TR','TR','TR','TR','TR','TR','TR','TR','EU','EU','EU','US','US','FATF'])[1 + ${draw(n, 1, 20)}] AS jurisdiction,
           CASE ${draw(n, 2, 10)} WHEN 9 THEN 'unknown' WHEN 8 THEN 'self_hosted' ELSE 'vasp' END AS wallet_kind,
           ${draw(n, 3, BENCH_VASPS)} AS vasp
      FROM w WHERE (w.id - ${base}) % ${stride} = 0),
  st AS (
    SELECT rec.*, CASE WHEN sp < 20 THEN 'information_missing' WHEN sp < 40 THEN 'required_unverified'
                       WHEN sp < 50 THEN 'awaiting_counterparty' WHEN sp < 650 THEN 'complete'
                       WHEN sp < 950 THEN 'not_in_scope' WHEN sp < 975 THEN 'returned' ELSE 'rejected' END AS state,
           CASE jurisdiction WHEN 'TR' THEN 'TRY' WHEN 'EU' THEN 'EUR' ELSE 'USD' END AS currency
      FROM rec)
  INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency, amount_in_currency,
    verification_required, wallet_kind, counterparty_vasp_id, counterparty_address_id, required_fields, missing_fields,
    originator, beneficiary, originating_vasp, beneficiary_vasp, deadline, held, state_changed_at, created_at, updated_at)
  SELECT st.id, st.type, st.state, st.jurisdiction, st.currency, round(st.amount * rate.rate, 18),
         st.state IN ('complete', 'information_missing') AND st.jurisdiction = 'TR',
         st.wallet_kind, CASE WHEN st.wallet_kind = 'vasp' THEN ${vaspBase} + st.vasp END, a.id,
         CASE st.jurisdiction ${TRAVEL_RULE_JURISDICTIONS.map((j) => `WHEN '${j}' THEN ${required(j)}`).join(' ')} END,
         CASE WHEN st.state IN ('information_missing', 'awaiting_counterparty', 'returned') THEN ARRAY['beneficiary_name'] ELSE ARRAY[]::text[] END,
         jsonb_build_object('originatorPersons', jsonb_build_array(${person(
           `(${arr(FAMILY)})[1 + st.n % ${FAMILY.length}]`,
           `(${arr(GIVEN)})[1 + st.n % ${GIVEN.length}]`,
           `lpad((10000000000 + st.n * 7919 % 89999999999)::text, 11, '0')`,
         )}), 'accountNumber', jsonb_build_array(coalesce(st.from_address, 'internal'))),
         CASE WHEN st.state IN ('information_missing', 'awaiting_counterparty', 'returned') THEN NULL
              ELSE jsonb_build_object('beneficiaryPersons', jsonb_build_array(${person(
                `(${arr(FAMILY)})[1 + (st.n + 3) % ${FAMILY.length}]`,
                `(${arr(GIVEN)})[1 + (st.n + 5) % ${GIVEN.length}]`,
                `lpad((20000000000 + st.n * 104729 % 79999999999)::text, 11, '0')`,
              )}), 'accountNumber', jsonb_build_array(coalesce(st.to_address, 'internal'))) END,
         jsonb_build_object('originatingVASP', ${legal(`CASE WHEN st.type = 'deposit' AND st.wallet_kind = 'vasp' THEN 'Bench VASP ' || st.vasp ELSE 'Backdesk Bench Borsası A.Ş.' END`)}),
         CASE WHEN st.type = 'withdrawal' AND st.wallet_kind <> 'vasp' THEN NULL
              ELSE jsonb_build_object('beneficiaryVASP', ${legal(`CASE WHEN st.type = 'withdrawal' THEN 'Bench VASP ' || st.vasp ELSE 'Backdesk Bench Borsası A.Ş.' END`)}) END,
         -- Deadlines as requests set them: most in the next three days, one in eight passed.
         CASE WHEN st.state IN ('information_missing', 'awaiting_counterparty')
              THEN now() + (random() * 4 - 0.5) * interval '1 day' END,
         st.type = 'deposit' AND st.wallet_kind = 'vasp' AND st.state = 'information_missing',
         st.created_at, st.created_at, st.created_at
    FROM st JOIN rate ON rate.asset = st.asset AND rate.quote = st.currency
    LEFT JOIN vasp_addresses a ON a.network = st.network
     AND a.address = CASE st.wallet_kind WHEN 'vasp' THEN 'TBV' || st.vasp || '-'
                                         WHEN 'self_hosted' THEN coalesce(st.to_address, st.from_address) END`;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Loads the bench's data unless `transfers` wallet transactions are there already (a kept folder).
 * One transaction, with the two tables' indexes set aside and built once at the end, as the seed does;
 * the triggers the seed sets aside (inbox, fraud queue) are off, the reports' rollups stay on.
 */
export async function fillTravelRule(
  pool: pg.Pool,
  o: { transfers: number; records: number; customers: number },
): Promise<void> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM wallet_transactions WHERE external_id LIKE 'bench-w-%'`,
  );
  if (Number(rows[0]!.n) >= o.transfers) return console.log(`Reusing ${rows[0]!.n} bench transfers`);
  if (Number(rows[0]!.n) > 0) throw new Error('a partial bench load is there: start from a fresh folder');
  const stride = Math.max(1, Math.floor(o.transfers / o.records));
  console.log(
    `Loading ${o.transfers.toLocaleString('en-US')} wallet transactions, one in ${stride} with a travel-rule record (set-based)…`,
  );
  const client = await pool.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL backdesk.inbox = 'off'");
    const staff = await client.query<{ id: number }>(
      `SELECT id FROM staff_members WHERE user_name = 'manager'`,
    );
    const vaspBase = await timed('VASP directory and rates', async () => {
      const vasps = await client.query<{ id: number }>(
        `INSERT INTO vasps (name, jurisdiction, country, licence, protocol, due_diligence, review_date)
         SELECT 'Bench VASP ' || i, (ARRAY['TR','EU','US','FATF'])[1 + i % 4], (ARRAY['TR','DE','US','SG'])[1 + i % 4],
                'BENCH-' || i, (ARRAY['trp','trisa','email','none'])[1 + i % 4],
                CASE WHEN i % 50 = 49 THEN 'rejected' WHEN i % 10 = 9 THEN 'pending' ELSE 'approved' END,
                (now() + interval '1 year')::date
           FROM generate_series(0, ${BENCH_VASPS - 1}) i ORDER BY i RETURNING id`,
      );
      const vaspBase = Math.min(...vasps.rows.map((r) => Number(r.id)));
      await client.query(
        `INSERT INTO vasp_addresses (vasp_id, network, address, is_prefix)
         SELECT $1::int + v, n, 'TBV' || v || '-', true
           FROM generate_series(0, ${BENCH_VASPS - 1}) v, unnest($2::text[]) n`,
        [vaspBase, RAILS.map((r) => r.network)],
      );
      await client.query(
        `INSERT INTO vasp_addresses (network, address, self_hosted, proof_method, proof_checked_by, proof_checked_at)
         SELECT n, 'TSH' || i, true, 'signed_message', $1::int, now()
           FROM generate_series(0, ${SELF_HOSTED - 1}) i, unnest($2::text[]) n`,
        [staff.rows[0]?.id ?? null, RAILS.map((r) => r.network)],
      );
      // The exchange's price rates, hourly for two years (what the public API's rates feed sends).
      await client.query(
        `INSERT INTO asset_rates (external_id, asset, quote, rate, at, external_version, received_at)
         SELECT 'bench-' || r.asset || '-' || r.quote || '-' || h, r.asset, r.quote,
                round((r.rate * (0.98 + random() * 0.04))::numeric, 8), date_trunc('hour', now()) - h * interval '1 hour', 1, now()
           FROM (VALUES ${RAILS.flatMap((r) =>
             Object.entries(PER_USD).map(([q, f]) => `('${r.asset}', '${q}', ${r.usd * f})`),
           ).join(', ')}) r(asset, quote, rate), generate_series(0, 730 * 24) h
         ON CONFLICT (external_id) DO NOTHING`,
      );
      return vaspBase;
    });
    const base = Number(
      (await client.query<{ n: string }>('SELECT coalesce(max(id), 0) AS n FROM wallet_transactions'))
        .rows[0]!.n,
    );
    for (const trigger of ['wallet_transactions_inbox_insert', 'fraud_wallet_enqueue_insert'])
      await client.query(`ALTER TABLE wallet_transactions DISABLE TRIGGER ${trigger}`);
    const statement = chunkSql({ base, stride, customers: o.customers, vaspBase });
    await withDeferredIndexes(client, 'wallet_transactions', () =>
      withDeferredIndexes(client, 'travel_rule_records', async () => {
        for (let from = 1; from <= o.transfers; from += CHUNK) {
          const to = Math.min(o.transfers, from + CHUNK - 1);
          await timed(`transfers ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')}`, () =>
            client.query(statement, [from, to]),
          );
        }
        console.log('  building the indexes and foreign keys again…');
      }),
    );
    for (const trigger of ['wallet_transactions_inbox_insert', 'fraud_wallet_enqueue_insert'])
      await client.query(`ALTER TABLE wallet_transactions ENABLE TRIGGER ${trigger}`);
    await client.query(`SELECT setval(pg_get_serial_sequence('wallet_transactions', 'id'), $1)`, [
      base + o.transfers,
    ]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // As autovacuum would leave it soon after: statistics, and the visibility map index-only scans read.
  await timed('VACUUM (ANALYZE)', () =>
    pool.query('VACUUM (ANALYZE) wallet_transactions, travel_rule_records, vasp_addresses, asset_rates'),
  );
}
