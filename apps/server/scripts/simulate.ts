// npm run simulate — an exchange that drives a running Backdesk through its public API (decision 0025),
// the path a real exchange's services take: its asset catalogue and rates, its customers, their
// sign-ins, deposits and withdrawals (pending, then confirmed or failed by a newer version), balance
// snapshots, P2P offers and trades, now and then a dispute. Crypto transfers carry the travel rule's
// IVMS101 data as an exchange sends it (demo-travel-rule.ts: to and from the demo directory's VASPs by
// their LEI, self-hosted wallets, a few with a gap); each withdrawal is checked first and sent only if
// allowed (review: Backdesk holds it; block: not sent). It follows its events feed and prints the
// travel-rule and withdrawal decisions on its transfers; when an officer asks for information, it
// sends the transfer's next version with the data gathered.
//   npm run simulate [-- --url http://127.0.0.1:3000] [--rate 20] [--seconds 0] [--seed N]
// The key: SIMULATOR_KEY, else the one the server keeps in its data folder's secrets (DATA_DIR,
// ./data by default; written by ensureSimulatorKey when the demo starts). --rate: events a second;
// --seconds 0 runs until Ctrl-C. Every answer's refusals are printed: the simulator sends only
// valid items, so one is a fault on either side.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackdeskError, createBackdeskClient, type IngestAnswer } from '@backdesk/client';
import type { publicApi } from '@backdesk/contract';
import type { Asset } from '@backdesk/contract/rules';
import { addressFor, txHashFor } from '../src/db/seed/addresses.ts';
import {
  ASSET_PRECISION,
  catalogueExternalId,
  customerDepositAddress,
  P2P_CONTRACTS,
  pickRail,
  RAILS,
} from '../src/db/seed/assets.ts';
import { drawAmount, drawPrice } from '../src/db/seed/decimal-text.ts';
import { Rng } from '../src/db/seed/prng.ts';
import { DEMO_VASPS } from '../src/db/seed/travel-rule.ts';
import {
  checkLine,
  drawTravelRule,
  type SimulatedTransfer,
  type SimulatedVasp,
  TRAVEL_RULE_SHAPES,
} from '../src/modules/compliance/fraud/demo/demo-travel-rule.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SIMULATOR_URL ?? 'http://127.0.0.1:3000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '0' },
    seed: { type: 'string' },
    customers: { type: 'string', default: '200' },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CUSTOMERS = Number(values.customers);
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const rng = new Rng(seed, seed ^ 0x2545f491, seed + 99, 3);
/** Versions grow across runs: the clock's milliseconds, and a counter within one. */
let clockVersion = Date.now();
const nextVersion = () => ++clockVersion;
const now = () => new Date().toISOString();

async function simulatorKey(): Promise<string> {
  if (process.env.SIMULATOR_KEY) return process.env.SIMULATOR_KEY;
  const file = path.resolve(process.env.DATA_DIR ?? './data', 'secrets.json');
  try {
    const secrets = JSON.parse(await fs.readFile(file, 'utf8')) as { simulatorKey?: string };
    if (secrets.simulatorKey) return secrets.simulatorKey;
  } catch {}
  throw new Error(`No simulator key: set SIMULATOR_KEY, or start Backdesk once on ${file}'s folder`);
}

const api = createBackdeskClient({ baseUrl: values.url, apiKey: await simulatorKey() });
const sent = { applied: 0, refused: 0 };
const checks = { allow: 0, review: 0, block: 0 };
const shapes = Object.fromEntries(TRAVEL_RULE_SHAPES.map((s) => [s, 0])) as Record<string, number>;
/** The counterparties named by LEI: the demo directory's that have one, until Backdesk says it lacks one. */
let vasps: SimulatedVasp[] = DEMO_VASPS.flatMap((v) =>
  v.lei ? [{ ref: { lei: v.lei }, name: v.name }] : [],
);
/** The transfers sent with travel-rule data, by id, to answer an officer's request for information. */
const withData = new Map<string, { item: Record<string, unknown>; transfer: SimulatedTransfer }>();
const KEEP_TRANSFERS = 10_000;
const INGEST = {
  assets: api.ingest.assets,
  rates: api.ingest.rates,
  customers: api.ingest.customers,
  'sign-ins': api.ingest.signIns,
  'wallet-transactions': api.ingest.walletTransactions,
  'p2p-offers': api.ingest.p2pOffers,
  'p2p-trades': api.ingest.p2pTrades,
  balances: api.ingest.balances,
} as const;

/** One batch as NDJSON (the client retries a 429 or 5xx with the same Idempotency-Key). */
async function send(kind: keyof typeof INGEST, items: object[]): Promise<IngestAnswer | undefined> {
  if (items.length === 0) return undefined;
  let answer: IngestAnswer;
  try {
    // The simulator builds its items loosely typed; the server validates each one.
    answer = await (INGEST[kind] as (batch: object[], o: object) => Promise<IngestAnswer>)(items, {
      format: 'ndjson',
    });
  } catch (error) {
    if (!(error instanceof BackdeskError)) throw error;
    console.error(`${kind}: ${error.status ?? '-'} ${error.code} ${error.message}`);
    return undefined;
  }
  sent.applied += answer.applied;
  sent.refused += answer.refused;
  for (const r of answer.results.filter((x) => x.status === 'refused')) {
    console.error(`\n${kind} #${r.index} ${r.externalId}: ${r.code} ${r.message}`);
    // A VASP this Backdesk's directory does not hold is not named again.
    const lei = (
      items[r.index] as {
        travelRule?: { beneficiaryVasp?: { lei?: string }; originatingVasp?: { lei?: string } };
      }
    )?.travelRule;
    const unknown = /travelRule\.(beneficiaryVasp|originatingVasp)/.exec(r.message ?? '')?.[1] as
      | 'beneficiaryVasp'
      | 'originatingVasp'
      | undefined;
    const named = unknown && lei?.[unknown]?.lei;
    if (named) vasps = vasps.filter((v) => v.ref.lei !== named);
  }
  return answer;
}

// ── The exchange's state ────────────────────────────────────────────────────────────────────────────

const customerId = (i: number) => `sim_c_${seed}_${i}`;
const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
  externalId: customerId(i),
  version: nextVersion(),
  userName: `sim_${seed}_${i}`,
  firstName: rng.pick(['Ayşe', 'Mehmet', 'Zeynep', 'Emre', 'Elif', 'Can']),
  lastName: rng.pick(['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik']),
  email: `sim.${seed}.${i}@example.com`,
  status: 'active',
  kycType: rng.chance(0.1) ? 'kyb' : 'kyc',
  birthDate: `${rng.int(1960, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
  nationality: rng.chance(0.9) ? 'TR' : rng.pick(['DE', 'AZ', 'GB']),
  createdAt: now(),
}));
/** A customer as the travel rule's data names them. */
const simulated = (i: number) => {
  const c = customers[i]!;
  return {
    id: i,
    givenName: c.firstName,
    familyName: c.lastName,
    birthDate: c.birthDate,
    nationality: c.nationality,
  };
};
/** Withdrawals sent as pending, to be confirmed or failed by a newer version a little later. */
const pending: Array<Record<string, unknown>> = [];
const offers: string[] = [];

async function setUp() {
  await send(
    'assets',
    RAILS.map((r) => ({
      externalId: catalogueExternalId(r),
      version: nextVersion(),
      asset: r.asset,
      network: r.network,
      precision: ASSET_PRECISION[r.asset] ?? 8,
      isFiat: r.asset === 'TRY',
    })),
  );
  await send(
    'rates',
    ['USDT', 'USDC', 'BTC', 'ETH'].flatMap((asset) =>
      (['TRY', 'USD', 'EUR'] as const).map((quote) => ({
        externalId: `rate_${asset}_${quote}_${Date.now()}`,
        version: nextVersion(),
        asset,
        quote,
        rate:
          asset === 'BTC' ? '3400000.00' : asset === 'ETH' ? '120000.00' : quote === 'TRY' ? '34.50' : '1.00',
        at: now(),
      })),
    ),
  );
  for (let i = 0; i < customers.length; i += 1000) await send('customers', customers.slice(i, i + 1000));
  const sellers = customers.slice(0, Math.min(20, customers.length));
  const made = sellers.map((c, i) => {
    const contract = P2P_CONTRACTS[i % P2P_CONTRACTS.length]!;
    const externalId = `sim_offer_${seed}_${i}`;
    offers.push(externalId);
    return {
      externalId,
      version: nextVersion(),
      sellerExternalId: c.externalId,
      contract: contract.name,
      unitPrice: drawPrice(rng, contract.price.min, contract.price.max, 2),
      status: 'active',
      createdAt: now(),
    };
  });
  await send('p2p-offers', made);
}

/**
 * The withdrawal check before sending, as an exchange asks it: `allow` sends; `review` holds it (Backdesk
 * holds it under review, its outcome comes as an event; a check that failed closed is held here);
 * `block` refuses it. What is not allowed is printed with its reasons.
 */
async function allowed(tx: Record<string, unknown>): Promise<boolean> {
  const answer = await api.checkWithdrawal({
    withdrawalId: tx.externalId as string,
    customer: { externalId: tx.customerExternalId as string },
    asset: tx.asset as Asset,
    network: tx.network as string,
    amount: tx.amount as string,
    toAddress: tx.toAddress as string,
    ...(tx.travelRule ? { travelRule: tx.travelRule as never } : {}),
  });
  checks[answer.decision]++;
  if (answer.failedClosed)
    console.log(`\nwithdrawal ${tx.externalId}: held, the check failed (${answer.error.code})`);
  else if (answer.decision !== 'allow') console.log(`\n${checkLine(tx.externalId as string, answer)}`);
  return answer.decision === 'allow';
}

/**
 * The events feed from now on, as the exchange follows it: the travel-rule and withdrawal decisions on
 * this run's transfers are printed, and an officer's request for information is answered with the
 * transfer's next version, its data complete.
 */
async function follow(signal: AbortSignal) {
  let after: string | undefined;
  for (let page = await api.events({ limit: 1000 }); ; page = await api.events({ after, limit: 1000 })) {
    after = page.next;
    if (!page.hasMore) break;
  }
  try {
    for await (const page of api.eventPages({ after, follow: true, pollIntervalMs: 2000, signal }))
      for (const event of page.events) await enforce(event);
  } catch (error) {
    if (!signal.aborted) console.error(`\nevents feed: ${(error as Error).message}`);
  }
}

async function enforce(event: publicApi.BackdeskEvent) {
  const id = event.data.subject.externalId;
  if (!id?.startsWith(`sim_wtx_${seed}_`)) return;
  if (!event.type.startsWith('travel_rule.') && !event.type.startsWith('withdrawal.')) return;
  const changes = event.data.changes;
  const missing = changes.missing_fields?.after;
  console.log(
    `\nevent ${event.type} ${id} by ${event.data.actor.kind}${event.data.actor.name ? ` ${event.data.actor.name}` : ''}` +
      (Array.isArray(missing) && missing.length ? ` — missing ${missing.join(', ')}` : ''),
  );
  const known = withData.get(id);
  if (event.type !== 'travel_rule.info_requested' || event.data.actor.kind !== 'member' || !known) return;
  const drawn = drawTravelRule(rng, known.transfer, vasps, 'complete');
  if (!drawn.block) return;
  // The transfer's next version, whatever it has become (settled or not), with the data gathered.
  Object.assign(known.item, {
    version: (known.item.version as number) + 1,
    travelRule: drawn.block,
    updatedAt: now(),
  });
  const answer = await send('wallet-transactions', [{ ...known.item }]);
  if (answer?.applied) console.log(`\nsent ${id} again with the information asked for`);
}

/** One second of the exchange's life: about RATE events. */
async function second() {
  const signIns: object[] = [];
  const wallet: object[] = [];
  const trades: object[] = [];
  const balances: object[] = [];
  for (let i = 0; i < RATE; i++) {
    const index = rng.int(0, customers.length - 1);
    const c = customers[index]!;
    const roll = rng.float();
    if (roll < 0.4) {
      const failed = rng.chance(0.05);
      signIns.push({
        externalId: `sim_si_${seed}_${nextVersion()}`,
        version: 1,
        customerExternalId: c.externalId,
        at: now(),
        ip: `198.51.100.${rng.int(1, 254)}`,
        deviceId: `sim-dev-${c.externalId}`,
        userAgent: 'Backdesk Exchange/4.12 (Android 14)',
        outcome: failed ? 'failure' : 'success',
        failureReason: failed ? 'bad_password' : null,
      });
    } else if (roll < 0.8) {
      const rail = pickRail(rng);
      const deposit = rng.chance(0.6);
      const tx = {
        externalId: `sim_wtx_${seed}_${nextVersion()}`,
        version: 1,
        customerExternalId: c.externalId,
        type: deposit ? 'deposit' : 'withdrawal',
        asset: rail.asset,
        network: rail.network,
        amount: drawAmount(rng, { ...rail.amount, max: rail.amount.max / 100 }),
        fee: deposit ? '0' : rail.withdrawalFee(rng),
        fromAddress: deposit && rail.kind !== 'bank' ? addressFor(rng, rail.kind) : null,
        toAddress: addressFor(rng, rail.kind),
        txHash: deposit ? txHashFor(rng, rail.kind) : null,
        status: 'pending',
        channel: deposit ? (rail.kind === 'bank' ? 'bank_transfer' : 'on_chain') : null,
        createdAt: now(),
      } as Record<string, unknown>;
      let known: SimulatedTransfer | undefined;
      if (rail.kind !== 'bank') {
        const transfer: SimulatedTransfer = {
          direction: deposit ? 'deposit' : 'withdrawal',
          customer: simulated(index),
          customerAccount: customerDepositAddress(seed, index, rail.kind),
          address: (deposit ? tx.fromAddress : tx.toAddress) as string,
        };
        const drawn = drawTravelRule(rng, transfer, vasps);
        shapes[drawn.shape]!++;
        if (drawn.block) {
          tx.travelRule = drawn.block;
          known = transfer;
        }
      }
      // A withdrawal is asked about first; only one the check allows is sent. One held under review is
      // Backdesk's until decided, so only what was sent is answered when an officer asks.
      if (!deposit && !(await allowed(tx))) continue;
      if (known) {
        withData.set(tx.externalId as string, { item: tx, transfer: known });
        if (withData.size > KEEP_TRANSFERS) withData.delete(withData.keys().next().value!);
      }
      wallet.push(tx);
      pending.push(tx);
    } else if (roll < 0.9 && offers.length > 0) {
      const disputed = rng.chance(0.05);
      trades.push({
        externalId: `sim_trade_${seed}_${nextVersion()}`,
        version: 1,
        offerExternalId: rng.pick(offers),
        buyerExternalId: c.externalId,
        amount: drawAmount(rng, { min: 20, max: 2_000, scale: 2 }),
        status: disputed ? 'disputed' : 'pending',
        disputeReason: disputed ? 'Payment not received' : null,
        createdAt: now(),
      });
    } else {
      const rail = rng.pick(RAILS);
      balances.push({
        customerExternalId: c.externalId,
        asset: rail.asset,
        version: nextVersion(),
        available: drawAmount(rng, rail.amount),
        locked: '0',
        asOf: now(),
      });
    }
  }
  // Transactions sent a few seconds ago settle: the same object, a newer version (kept on the object,
  // which an answer to an officer's request may advance too).
  for (const tx of pending.splice(0, Math.max(0, pending.length - RATE * 3))) {
    Object.assign(tx, {
      version: (tx.version as number) + 1,
      status: rng.chance(0.95) ? 'completed' : 'failed',
      updatedAt: now(),
    });
    wallet.push({ ...tx });
  }
  await send('sign-ins', signIns);
  await send('wallet-transactions', wallet);
  await send('p2p-trades', trades);
  await send('balances', balances);
}

const summary = () =>
  `${sent.applied} applied, ${sent.refused} refused; withdrawal checks ${checks.allow} allow, ${checks.review} review, ${checks.block} block; ` +
  `travel rule ${TRAVEL_RULE_SHAPES.map((s) => `${shapes[s]} ${s.replace('_', ' ')}`).join(', ')}`;

console.log(`Exchange simulator (seed ${seed}) → ${values.url}, ${RATE} events/s`);
await setUp();
const stopFeed = new AbortController();
const feed = follow(stopFeed.signal);
const started = Date.now();
let stop = false;
process.once('SIGINT', () => {
  stop = true;
});
while (!stop && (SECONDS === 0 || Date.now() - started < SECONDS * 1000)) {
  const tick = Date.now();
  await second();
  process.stdout.write(`\r${summary()}`);
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
}
stopFeed.abort();
await feed;
console.log(`\nDone: ${summary()}`);
