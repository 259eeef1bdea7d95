// npm run bench:p2p — a filtered page of enriched pending trades (SQL join, keyset page, bounded
// count) against the spec's original approach (fetch both full lists, join them in the client),
// on a fresh embedded database with 10,000 offers and at least 100,000 pending trades.
//   npm run bench:p2p [-- --data-dir /tmp/bench-p2p]   (kept and seeded once when given)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type EnrichedTrade, type MarketOffer, type PendingTrade, transactionsApi } from '@backdesk/contract';
import { enrichTrade } from '@backdesk/contract/rules';
import { sql } from 'drizzle-orm';
import { createDb, createPool } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { isDemoDataPresent, seedDemoData } from '../src/db/seed/index.ts';
import { createP2pRepository } from '../src/modules/p2p/p2p.repository.ts';

const OFFERS = 10_000;
// About 68 % of generated trades are pending: this many trades gives at least 100,000 pending ones.
const TRADES = 148_000;
const RUNS = 100;
const SPEC_RUNS = 10;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50).toFixed(1), p95: percentile(s, 95).toFixed(1), max: s.at(-1)!.toFixed(1) };
};
async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const DATA_DIR = parseArgs({ options: { 'data-dir': { type: 'string' } } }).values['data-dir'];
const dir = DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-bench-p2p-')));
const database = await startEmbeddedDatabase(dir);
const pool = createPool(database.url, 4);
try {
  const db = createDb(pool);
  await runMigrations(pool);
  if (await isDemoDataPresent(pool)) console.log(`Reusing the data in ${dir}`);
  else {
    console.log(
      `Seeding ${OFFERS.toLocaleString('en-US')} offers and ${TRADES.toLocaleString('en-US')} trades…`,
    );
    await seedDemoData(pool, { customers: 2_000, offers: OFFERS, trades: TRADES, walletTransactions: 1_000 });
  }
  const counts = (
    await db.execute<{ offers: number; pending: number }>(
      sql`SELECT (SELECT count(*)::int FROM p2p_offers) AS offers,
                 (SELECT count(*)::int FROM p2p_trades WHERE status = 'pending') AS pending`,
    )
  ).rows[0]!;
  console.log(
    `Data: ${counts.offers.toLocaleString('en-US')} offers, ${counts.pending.toLocaleString('en-US')} pending trades\n`,
  );

  const repo = createP2pRepository();
  const sellers = (
    await db.execute<{ s: string }>(
      sql`SELECT DISTINCT left(seller_user_name, 3) AS s FROM p2p_offers LIMIT 20`,
    )
  ).rows.map((r) => r.s);
  // A mix of what members do: a contract with an amount range in its own units, a seller prefix,
  // newest first or by amount.
  const contracts = [
    { contract: 'USDT-TRC20', minAmount: '1000' },
    { contract: 'BTC', minAmount: '0.1' },
    { contract: 'ETH-ERC20', minAmount: '1', maxAmount: '5' },
    { contract: 'USDC-ERC20', maxAmount: '500' },
  ];
  const queryFor = (i: number, extra: Record<string, string> = {}) =>
    transactionsApi.TradeListQuerySchema.parse({
      limit: 50,
      status: 'pending',
      dir: i % 2 ? 'desc' : 'asc',
      sort: i % 3 === 0 ? 'trade_amount' : 'created_at',
      ...(i % 2 ? contracts[i % contracts.length] : { seller: sellers[i % sellers.length] }),
      ...extra,
    });

  for (let i = 0; i < 10; i++) await repo.tradesPage(db, queryFor(i)); // warm-up
  const sqlMs: number[] = [];
  for (let i = 0; i < RUNS; i++) sqlMs.push(await time(() => repo.tradesPage(db, queryFor(i))));

  // The spec's approach: every pending trade and every offer, joined and filtered in JS.
  const specMs: number[] = [];
  for (let i = 0; i < SPEC_RUNS; i++) {
    const q = queryFor(i);
    specMs.push(
      await time(async () => {
        const [trades, offers] = await Promise.all([
          db.execute<PendingTrade>(sql`SELECT id, trade_market_guid::text AS trade_market_guid,
              trim_scale(trade_amount)::text AS trade_amount, buyer_user_name, status, created_at::text AS created_at
              FROM p2p_trades WHERE status = 'pending'`),
          db.execute<MarketOffer>(sql`SELECT trade_market_guid::text AS trade_market_guid, seller_user_name,
              selling_contract_name, selling_account_address, trim_scale(unit_price)::text AS unit_price, rank_seller,
              seller_message, status, created_at::text AS created_at, version FROM p2p_offers`),
        ]);
        const byGuid = new Map(offers.rows.map((o) => [o.trade_market_guid, o]));
        const enriched = trades.rows.map((t) => enrichTrade(t, byGuid.get(t.trade_market_guid)));
        const filtered = enriched.filter(
          (t) =>
            (!q.contract || t.selling_contract_name === q.contract) &&
            (!q.seller || t.seller_user_name.toLowerCase().startsWith(q.seller.toLowerCase())),
        );
        filtered.sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
        return filtered.slice(0, 50) as unknown as EnrichedTrade[];
      }),
    );
  }

  // The worst case of a keyset scan in sort order: a filter nothing matches (no BTC trade of 10 BTC).
  const emptyMs: number[] = [];
  for (let i = 1; i <= 20; i += 2)
    emptyMs.push(await time(() => repo.tradesPage(db, queryFor(i, { contract: 'BTC', minAmount: '10' }))));

  const ours = summary(sqlMs);
  const empty = summary(emptyMs);
  const spec = summary(specMs);
  console.log('Filtered page of 50 enriched pending trades (ms)      p50      p95      max   runs');
  console.log(
    `  SQL join + keyset page + bounded count          ${ours.p50.padStart(7)}  ${ours.p95.padStart(7)}  ${ours.max.padStart(7)}  ${String(RUNS).padStart(5)}`,
  );
  console.log(
    `  same, filter matching nothing (worst case)      ${empty.p50.padStart(7)}  ${empty.p95.padStart(7)}  ${empty.max.padStart(7)}  ${String(emptyMs.length).padStart(5)}`,
  );
  console.log(
    `  spec: both full lists, joined in JS             ${spec.p50.padStart(7)}  ${spec.p95.padStart(7)}  ${spec.max.padStart(7)}  ${String(SPEC_RUNS).padStart(5)}`,
  );
  console.log(`\nTarget p95 < 20 ms: ${Number(ours.p95) < 20 ? 'met' : 'NOT met'}`);
} finally {
  await pool.end();
  await database.stop();
  if (!DATA_DIR) await fs.rm(dir, { recursive: true, force: true });
}
