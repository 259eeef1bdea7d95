import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { addressFor, txHashFor, uuidV4 } from '../../../../db/seed/addresses.ts';
import {
  customerDepositAddress,
  customerUsualWithdrawalAddress,
  P2P_CONTRACTS,
  pickRail,
  RAILS,
  type Rail,
} from '../../../../db/seed/assets.ts';
import { type AmountRange, drawAmount } from '../../../../db/seed/decimal-text.ts';
import { customerDevice, customerIp } from '../../../../db/seed/fraud.ts';
import { DEFAULT_SEED } from '../../../../db/seed/plan.ts';
import { Rng } from '../../../../db/seed/prng.ts';
import type { Clock } from '../../../../lib/clock.ts';

/**
 * The demo's live activity (issue 13): every few seconds some customers sign in, deposit, withdraw
 * and trade P2P, as on a real exchange, and now and then one of them does what a fraud rule looks for,
 * so alerts keep arriving while someone tries the product. Plain rows in the exchange's own tables:
 * the engine sees them through its triggers like any other event. Demo only (config.demoActivity); the
 * rounds are jobs (fraud-demo.module.ts).
 */

/** Which rule a tick's suspicious customer trips; they come in turn. */
export const SUSPICIOUS_SCENARIOS = [
  'failed_logins',
  'withdrawal_velocity',
  'withdrawal_after_deposit',
  'new_address_withdrawal',
  'p2p_amount',
] as const;
export type SuspiciousScenario = (typeof SUSPICIOUS_SCENARIOS)[number];

export interface TickReport {
  signIns: number;
  walletTransactions: number;
  trades: number;
  scenario: SuspiciousScenario | null;
}

export interface DemoActivityOptions {
  pool: pg.Pool;
  clock: Clock;
  /** A tick in this many is suspicious; 0 never. */
  suspiciousEvery?: number;
  /** Seeds the draws (tests); a random seed otherwise. */
  seed?: number;
}

const ATTACKER_IPS = ['203.0.113.17', '203.0.113.58', '198.51.100.203'];
const TRY_RAIL = RAILS.find((r) => r.asset === 'TRY')!;
const BTC_RAIL = RAILS.find((r) => r.asset === 'BTC')!;

/**
 * Everyday amounts out: the bottom of a range, so ordinary withdrawals and purchases stay under the
 * amount rules and alerts come from the suspicious rounds rather than from every other withdrawal.
 */
const everyday = (range: AmountRange): AmountRange => ({
  ...range,
  max: Math.max(range.min * 2, range.max / 200),
});

interface Customer {
  id: number;
  userName: string;
}

export function createDemoActivity(options: DemoActivityOptions) {
  const { pool, clock, suspiciousEvery = 6 } = options;
  const seed = options.seed ?? randomBytes(4).readUInt32LE();
  const rng = new Rng(seed, seed ^ 0x5bd1e995, seed + 17, 7);

  async function randomCustomer(client: pg.PoolClient): Promise<Customer | undefined> {
    const { rows } = await client.query<{ id: number; user_name: string }>(
      `SELECT id, user_name FROM customers
        WHERE id >= (SELECT floor(random() * coalesce(max(id), 0))::bigint + 1 FROM customers)
        ORDER BY id LIMIT 1`,
    );
    const row = rows[0];
    return row && { id: Number(row.id), userName: row.user_name };
  }

  async function signIn(client: pg.PoolClient, c: Customer, at: Date, failed: boolean, ip?: string) {
    const slot: 0 | 1 = rng.chance(0.6) ? 0 : 1;
    await client.query(
      `INSERT INTO customer_login_events (customer_id, at, ip, device_id, user_agent, outcome, failure_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        c.id,
        at,
        ip ?? customerIp(DEFAULT_SEED, c.id, slot),
        ip ? 'dev-x-demo-attacker' : customerDevice(DEFAULT_SEED, c.id, slot),
        ip
          ? 'python-requests/2.31.0'
          : slot === 0
            ? 'Backdesk Exchange/4.12 (Android 14)'
            : 'Mozilla/5.0 Chrome/126.0',
        failed ? 'failure' : 'success',
        failed ? 'bad_password' : null,
      ],
    );
  }

  async function walletTransaction(
    client: pg.PoolClient,
    c: Customer,
    at: Date,
    type: 'deposit' | 'withdrawal',
    rail: Rail,
    amount: string,
    toAddress?: string,
  ) {
    const from = type === 'deposit' ? (rail.kind === 'bank' ? null : addressFor(rng, rail.kind)) : null;
    const to =
      type === 'deposit'
        ? customerDepositAddress(DEFAULT_SEED, c.id, rail.kind)
        : (toAddress ?? customerUsualWithdrawalAddress(DEFAULT_SEED, c.id, rail.kind));
    const deposit = type === 'deposit';
    await client.query(
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, fee, from_address,
         to_address, tx_hash, status, created_at, updated_at, channel, source_check, hold_state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14)`,
      [
        c.id,
        type,
        rail.asset,
        rail.network,
        amount,
        deposit ? '0' : rail.withdrawalFee(rng),
        from,
        to,
        deposit ? txHashFor(rng, rail.kind) : null,
        deposit ? 'completed' : 'pending',
        at,
        deposit ? (rail.kind === 'bank' ? 'bank_transfer' : 'on_chain') : null,
        deposit ? 'passed' : null,
        deposit ? 'none' : null,
      ],
    );
  }

  /** A purchase on a random active offer; `big` buys enough USDT to cross the P2P amount rule. */
  async function trade(client: pg.PoolClient, buyer: Customer, at: Date, big = false): Promise<boolean> {
    const { rows } = await client.query<{ guid: string; contract: string | null }>(
      `SELECT trade_market_guid AS guid, selling_contract_name AS contract FROM p2p_offers
        WHERE status = 'active' AND seller_user_name <> $2
          AND ($3::text IS NULL OR selling_contract_name LIKE $3)
        -- From a random point on, wrapping round (offers are at most ten thousand).
        ORDER BY trade_market_guid < $1::uuid, trade_market_guid LIMIT 1`,
      [uuidV4(rng), buyer.userName, big ? 'USDT%' : null],
    );
    const offer = rows[0];
    if (!offer) return false;
    const contract = P2P_CONTRACTS.find((c) => c.name === offer.contract) ?? P2P_CONTRACTS[0]!;
    const amount = big
      ? drawAmount(rng, { min: 10_000, max: 25_000, scale: 2 })
      : drawAmount(rng, everyday(contract.tradeAmount));
    await client.query(
      `INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, created_at)
       VALUES ($1, $2, $3, 'pending', $4)`,
      [offer.guid, buyer.userName, amount, at],
    );
    return true;
  }

  /** What a rule looks for, done by one customer now. */
  async function suspicious(client: pg.PoolClient, scenario: SuspiciousScenario, report: TickReport) {
    const c = await randomCustomer(client);
    if (!c) return;
    const now = clock.now().getTime();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    switch (scenario) {
      case 'failed_logins': {
        const ip = rng.pick(ATTACKER_IPS);
        for (let i = 8; i > 0; i--) await signIn(client, c, at(i * 20), true, ip);
        report.signIns += 8;
        break;
      }
      case 'withdrawal_velocity':
        for (let i = 7; i > 0; i--)
          await walletTransaction(
            client,
            c,
            at(i * 30),
            'withdrawal',
            TRY_RAIL,
            drawAmount(rng, TRY_RAIL.amount),
          );
        report.walletTransactions += 7;
        break;
      case 'withdrawal_after_deposit': {
        const amount = drawAmount(rng, { min: 20_000, max: 400_000, scale: 0 });
        await walletTransaction(client, c, at(600), 'deposit', TRY_RAIL, amount);
        // Nearly all of it, out again ten minutes later to an account never used before.
        const out = ((BigInt(amount) * 95n) / 100n).toString();
        await walletTransaction(client, c, at(0), 'withdrawal', TRY_RAIL, out, addressFor(rng, 'bank'));
        report.walletTransactions += 2;
        break;
      }
      case 'new_address_withdrawal':
        await walletTransaction(
          client,
          c,
          at(0),
          'withdrawal',
          BTC_RAIL,
          drawAmount(rng, { min: 1, max: 4, scale: 8 }),
          addressFor(rng, BTC_RAIL.kind),
        );
        report.walletTransactions += 1;
        break;
      case 'p2p_amount':
        if (await trade(client, c, at(0), true)) report.trades += 1;
        break;
    }
  }

  /**
   * One round of activity, in one transaction. `round` counts the rounds of the whole deployment (the
   * job carries it), so the suspicious turn does not depend on which node runs the round.
   */
  async function tick(round: number, client?: pg.PoolClient): Promise<TickReport> {
    const own = client ?? (await pool.connect());
    const report: TickReport = { signIns: 0, walletTransactions: 0, trades: 0, scenario: null };
    try {
      await own.query('BEGIN');
      const now = clock.now();
      for (let i = rng.int(2, 5); i > 0; i--) {
        const c = await randomCustomer(own);
        if (!c) break;
        await signIn(own, c, now, rng.chance(0.05));
        report.signIns++;
      }
      for (let i = rng.int(1, 3); i > 0; i--) {
        const c = await randomCustomer(own);
        if (!c) break;
        const rail = pickRail(rng);
        const deposit = rng.chance(0.6);
        await walletTransaction(
          own,
          c,
          now,
          deposit ? 'deposit' : 'withdrawal',
          rail,
          drawAmount(rng, deposit ? rail.amount : everyday(rail.amount)),
        );
        report.walletTransactions++;
      }
      if (rng.chance(0.3)) {
        const c = await randomCustomer(own);
        if (c && (await trade(own, c, now))) report.trades++;
      }
      if (suspiciousEvery > 0 && round % suspiciousEvery === 0) {
        const scenario =
          SUSPICIOUS_SCENARIOS[Math.floor(round / suspiciousEvery) % SUSPICIOUS_SCENARIOS.length]!;
        await suspicious(own, scenario, report);
        report.scenario = scenario;
      }
      await own.query('COMMIT');
      return report;
    } catch (err) {
      await own.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      if (!client) own.release();
    }
  }

  return { tick };
}

export type DemoActivity = ReturnType<typeof createDemoActivity>;
