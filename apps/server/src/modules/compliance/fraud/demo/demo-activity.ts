import { randomBytes, randomUUID } from 'node:crypto';
import type { BackdeskClient, IngestAnswer } from '@backdesk/client';
import type { IngestP2pTrade, IngestSignIn, IngestWalletTransaction } from '@backdesk/contract';
import type { Asset } from '@backdesk/contract/rules';
import { CHECK_DECISIONS, type CheckDecision } from '@backdesk/contract/transactions/keys';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
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
import {
  drawTravelRule,
  type SimulatedCustomer,
  type SimulatedVasp,
  TRAVEL_RULE_SHAPES,
  type TravelRuleShape,
} from './demo-travel-rule.ts';

/**
 * The demo's live activity (docs/product-rules.md R65, decision 0021): every few seconds some customers sign in, deposit, withdraw
 * and trade P2P, as on a real exchange, and now and then one of them does what a fraud rule looks for,
 * so alerts keep arriving while someone tries the product. It plays the exchange: each round is sent
 * over HTTP to this deployment's own public API (`/api/v1/ingest/...`, decision 0025) with the
 * exchange simulator's key, never written into the exchange's tables directly, so the demo exercises
 * the path a real exchange uses — key, scopes, rate limit, Idempotency-Key, call log — and the engine
 * sees the rows through their triggers like any other event. Crypto transfers carry the travel rule's
 * IVMS101 data as an exchange sends it (demo-travel-rule.ts), and each withdrawal is checked first
 * (`/api/v1/checks/withdrawal`): only one the check allows is sent; one held for review is Backdesk's
 * to decide, one blocked is not sent. Demo only (config.demoActivity); the rounds are jobs
 * (fraud-demo.module.ts).
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
  /** Sent to ingestion: deposits, and the withdrawals their check allowed. */
  walletTransactions: number;
  trades: number;
  scenario: SuspiciousScenario | null;
  /** The withdrawal checks' answers (a check that failed closed counts as `review`: the exchange holds it). */
  checks: Record<CheckDecision, number>;
  /** The crypto transfers drawn, by the travel-rule data they carry. */
  travelRule: Record<TravelRuleShape, number>;
}

/** The public-API calls a round makes: the typed client's. */
export interface DemoApi {
  ingest: Pick<BackdeskClient['ingest'], 'signIns' | 'walletTransactions' | 'p2pTrades'>;
  checkWithdrawal: BackdeskClient['checkWithdrawal'];
}

/** No public API to send to yet (the node is not listening, or has no simulator key): the round is skipped. */
export class DemoApiUnavailable extends Error {}

export interface DemoActivityOptions {
  /** Reads the customers and offers to act for; never written to. */
  db: Db;
  /** The public API as the exchange simulator's integration, or why there is none yet. */
  api: () => DemoApi | string;
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
 * It starts at three times the rail's smallest amount: the seeded withdrawal limits' minimums sit
 * up to 2.5× above it (BTC, ETH), and one everyday withdrawal in eight was refused below them.
 */
export const everyday = (range: AmountRange): AmountRange => ({
  ...range,
  min: range.min * 3,
  max: Math.max(range.min * 6, range.max / 200),
});

interface Customer extends SimulatedCustomer {
  externalId: string;
}

/** What one round sends, by kind, in the order it happened. */
interface Round {
  signIns: IngestSignIn[];
  wallet: IngestWalletTransaction[];
  trades: IngestP2pTrade[];
  /** The directory's VASPs the round's transfers may name. */
  vasps: SimulatedVasp[];
  travelRule: Record<TravelRuleShape, number>;
}

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export function createDemoActivity(options: DemoActivityOptions) {
  const { db, clock, suspiciousEvery = 6 } = options;
  const seed = options.seed ?? randomBytes(4).readUInt32LE();
  const rng = new Rng(seed, seed ^ 0x5bd1e995, seed + 17, 7);

  /**
   * A customer the exchange knows by its own id (seeded ones have one). Read from Backdesk rather
   * than kept by the activity: the seeder loaded the exchange's customers, and their devices,
   * addresses and deposit accounts are drawn from the seeded id, so a round acts as the customer's
   * own history does and ordinary rounds do not trip the device or new-address rules.
   */
  async function randomCustomer(): Promise<Customer | undefined> {
    const { rows } = await db.execute<{
      id: number;
      external_id: string;
      given: string | null;
      family: string | null;
      birth_date: string | null;
      nationality: string | null;
    }>(sql`
      SELECT id, external_id, alias_name AS given, alias_surname AS family,
             to_char(birth_date, 'YYYY-MM-DD') AS birth_date, nationality FROM customers
       WHERE id >= (SELECT floor(random() * coalesce(max(id), 0))::bigint + 1 FROM customers)
         AND external_id IS NOT NULL
       ORDER BY id LIMIT 1`);
    const row = rows[0];
    return (
      row && {
        id: Number(row.id),
        externalId: row.external_id,
        givenName: row.given,
        familyName: row.family,
        birthDate: row.birth_date,
        nationality: row.nationality,
      }
    );
  }

  /** The VASP directory as the exchange knows its counterparties: by LEI, else by Backdesk's id. */
  async function directory(): Promise<SimulatedVasp[]> {
    const { rows } = await db.execute<{ id: number; lei: string | null; name: string }>(
      sql`SELECT id, lei, name FROM vasps ORDER BY id`,
    );
    return rows.map((v) => ({ ref: v.lei ? { lei: v.lei } : { id: Number(v.id) }, name: v.name }));
  }

  function signIn(round: Round, c: Customer, at: Date, failed: boolean, ip?: string) {
    const slot: 0 | 1 = rng.chance(0.6) ? 0 : 1;
    round.signIns.push({
      externalId: `demo_si_${randomUUID()}`,
      version: 1,
      customerExternalId: c.externalId,
      at: at.toISOString(),
      ip: ip ?? customerIp(DEFAULT_SEED, c.id, slot),
      deviceId: ip ? 'dev-x-demo-attacker' : customerDevice(DEFAULT_SEED, c.id, slot),
      userAgent: ip
        ? 'python-requests/2.31.0'
        : slot === 0
          ? 'Backdesk Exchange/4.12 (Android 14)'
          : 'Mozilla/5.0 Chrome/126.0',
      outcome: failed ? 'failure' : 'success',
      failureReason: failed ? 'bad_password' : null,
    });
  }

  function walletTransaction(
    round: Round,
    c: Customer,
    at: Date,
    type: 'deposit' | 'withdrawal',
    rail: Rail,
    amount: string,
    toAddress?: string,
    travelRule = false,
  ) {
    const from = type === 'deposit' ? (rail.kind === 'bank' ? null : addressFor(rng, rail.kind)) : null;
    const to =
      type === 'deposit'
        ? customerDepositAddress(DEFAULT_SEED, c.id, rail.kind)
        : (toAddress ?? customerUsualWithdrawalAddress(DEFAULT_SEED, c.id, rail.kind));
    const deposit = type === 'deposit';
    // Bank transfers are out of the travel rule's reach; crypto ones carry what the exchange has.
    const drawn =
      travelRule && rail.kind !== 'bank'
        ? drawTravelRule(
            rng,
            {
              direction: type,
              customer: c,
              customerAccount: customerDepositAddress(DEFAULT_SEED, c.id, rail.kind),
              address: deposit ? from! : to,
            },
            round.vasps,
          )
        : undefined;
    if (drawn) round.travelRule[drawn.shape]++;
    round.wallet.push({
      externalId: `demo_wtx_${randomUUID()}`,
      version: 1,
      customerExternalId: c.externalId,
      type,
      asset: rail.asset,
      network: rail.network,
      amount,
      fee: deposit ? '0' : rail.withdrawalFee(rng),
      fromAddress: from,
      toAddress: to,
      txHash: deposit ? txHashFor(rng, rail.kind) : null,
      status: deposit ? 'completed' : 'pending',
      channel: deposit ? (rail.kind === 'bank' ? 'bank_transfer' : 'on_chain') : null,
      createdAt: at.toISOString(),
      ...(drawn?.block ? { travelRule: drawn.block } : {}),
    });
  }

  /** A purchase on a random active offer; `big` buys enough USDT to cross the P2P amount rule. */
  async function trade(round: Round, buyer: Customer, at: Date, big = false): Promise<boolean> {
    const { rows } = await db.execute<{ external_id: string; contract: string | null }>(sql`
      SELECT o.external_id, o.selling_contract_name AS contract FROM p2p_offers o
       WHERE o.status = 'active' AND o.external_id IS NOT NULL
         AND o.seller_user_name <> (SELECT user_name FROM customers WHERE id = ${buyer.id})
         AND (${big ? 'USDT%' : null}::text IS NULL OR o.selling_contract_name LIKE ${big ? 'USDT%' : null}::text)
       -- From a random point on, wrapping round (offers are at most ten thousand).
       ORDER BY o.trade_market_guid < ${uuidV4(rng)}::uuid, o.trade_market_guid LIMIT 1`);
    const offer = rows[0];
    if (!offer) return false;
    const contract = P2P_CONTRACTS.find((c) => c.name === offer.contract) ?? P2P_CONTRACTS[0]!;
    const amount = big
      ? drawAmount(rng, { min: 10_000, max: 25_000, scale: 2 })
      : drawAmount(rng, everyday(contract.tradeAmount));
    round.trades.push({
      externalId: `demo_trade_${randomUUID()}`,
      version: 1,
      offerExternalId: offer.external_id,
      buyerExternalId: buyer.externalId,
      amount,
      status: 'pending',
      createdAt: at.toISOString(),
    });
    return true;
  }

  /** What a rule looks for, done by one customer now. */
  async function suspicious(round: Round, scenario: SuspiciousScenario) {
    const c = await randomCustomer();
    if (!c) return;
    const now = clock.now().getTime();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    switch (scenario) {
      case 'failed_logins': {
        const ip = rng.pick(ATTACKER_IPS);
        for (let i = 8; i > 0; i--) signIn(round, c, at(i * 20), true, ip);
        break;
      }
      case 'withdrawal_velocity':
        for (let i = 7; i > 0; i--)
          walletTransaction(round, c, at(i * 30), 'withdrawal', TRY_RAIL, drawAmount(rng, TRY_RAIL.amount));
        break;
      case 'withdrawal_after_deposit': {
        const amount = drawAmount(rng, { min: 20_000, max: 400_000, scale: 0 });
        walletTransaction(round, c, at(600), 'deposit', TRY_RAIL, amount);
        // Nearly all of it, out again ten minutes later to an account never used before.
        const out = ((BigInt(amount) * 95n) / 100n).toString();
        walletTransaction(round, c, at(0), 'withdrawal', TRY_RAIL, out, addressFor(rng, 'bank'));
        break;
      }
      case 'new_address_withdrawal':
        walletTransaction(
          round,
          c,
          at(0),
          'withdrawal',
          BTC_RAIL,
          drawAmount(rng, { min: 1, max: 4, scale: 8 }),
          addressFor(rng, BTC_RAIL.kind),
        );
        break;
      case 'p2p_amount':
        await trade(round, c, at(0), true);
        break;
    }
  }

  /**
   * Each withdrawal asked about before it is sent, as an exchange asks: `allow` is sent; `review` is
   * held (Backdesk holds it under review and its outcome comes as an event; a check that failed closed
   * is held at the exchange); `block` is not sent. Returns the items to send and the answers' counts.
   */
  async function checked(api: DemoApi, wallet: IngestWalletTransaction[]) {
    const answers = zeroes(CHECK_DECISIONS);
    const send: IngestWalletTransaction[] = [];
    for (const item of wallet) {
      if (item.type !== 'withdrawal') {
        send.push(item);
        continue;
      }
      const answer = await api.checkWithdrawal({
        withdrawalId: item.externalId,
        customer: { externalId: item.customerExternalId },
        // The rails' assets are the catalogue's.
        asset: item.asset as Asset,
        network: item.network,
        amount: item.amount,
        toAddress: item.toAddress!,
        ...(item.travelRule ? { travelRule: item.travelRule } : {}),
      });
      answers[answer.decision]++;
      if (answer.decision === 'allow') send.push(item);
    }
    return { send, answers };
  }

  /**
   * The round's items over HTTP, one NDJSON batch a kind, in the order they happened (sign-ins, money,
   * trades), the withdrawals checked first. `keyOf` names each batch's Idempotency-Key: the client
   * sends the same one on its retries, and a round run again (another node taking a job thought lost)
   * reuses it, so Backdesk applies nothing twice — its sign-ins, sent before any check, are refused
   * under their key, so a round run again asks no check either. A refused item or a failed call ends
   * the round with an error.
   */
  async function send(api: DemoApi, round: Round, keyOf: (kind: string) => string) {
    const keyed = (kind: string) => ({ idempotencyKey: keyOf(kind), format: 'ndjson' as const });
    const check = (kind: string, answer: IngestAnswer) => {
      const refusal = answer.results.find((r) => r.status === 'refused');
      if (refusal) throw new Error(`demo activity: ${kind} refused: ${refusal.code} ${refusal.message}`);
    };
    if (round.signIns.length) check('sign-ins', await api.ingest.signIns(round.signIns, keyed('sign-ins')));
    const { send: wallet, answers } = await checked(api, round.wallet);
    if (wallet.length)
      check('wallet-transactions', await api.ingest.walletTransactions(wallet, keyed('wallet-transactions')));
    if (round.trades.length)
      check('p2p-trades', await api.ingest.p2pTrades(round.trades, keyed('p2p-trades')));
    return { sentWallet: wallet.length, answers };
  }

  /**
   * One round of activity: drawn, then sent. `round` counts the rounds of the whole deployment (the
   * job carries it), so the suspicious turn does not depend on which node runs the round; `chain`
   * names the job chain, so a round's batches have keys of their own across restarts of the chain.
   * Nothing is held open while the round is sent: the API's own requests need the pool.
   */
  async function tick(roundNumber: number, chain: string): Promise<TickReport> {
    const api = options.api();
    if (typeof api === 'string') throw new DemoApiUnavailable(api);
    const round: Round = {
      signIns: [],
      wallet: [],
      trades: [],
      vasps: await directory(),
      travelRule: zeroes(TRAVEL_RULE_SHAPES),
    };
    let scenario: SuspiciousScenario | null = null;
    const now = clock.now();
    for (let i = rng.int(2, 5); i > 0; i--) {
      const c = await randomCustomer();
      if (!c) break;
      signIn(round, c, now, rng.chance(0.05));
    }
    for (let i = rng.int(1, 3); i > 0; i--) {
      const c = await randomCustomer();
      if (!c) break;
      const rail = pickRail(rng);
      const deposit = rng.chance(0.6);
      walletTransaction(
        round,
        c,
        now,
        deposit ? 'deposit' : 'withdrawal',
        rail,
        drawAmount(rng, deposit ? rail.amount : everyday(rail.amount)),
        undefined,
        true,
      );
    }
    if (rng.chance(0.3)) {
      const c = await randomCustomer();
      if (c) await trade(round, c, now);
    }
    if (suspiciousEvery > 0 && roundNumber % suspiciousEvery === 0) {
      scenario =
        SUSPICIOUS_SCENARIOS[Math.floor(roundNumber / suspiciousEvery) % SUSPICIOUS_SCENARIOS.length]!;
      await suspicious(round, scenario);
    }
    const sent = await send(api, round, (kind) => `demo-${chain}-${roundNumber}-${kind}`);
    return {
      signIns: round.signIns.length,
      walletTransactions: sent.sentWallet,
      trades: round.trades.length,
      scenario,
      checks: sent.answers,
      travelRule: round.travelRule,
    };
  }

  return { tick };
}

export type DemoActivity = ReturnType<typeof createDemoActivity>;
