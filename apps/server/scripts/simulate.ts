// npm run simulate — an exchange that drives a running Backdesk through its public API (decision 0025),
// the path a real exchange's services take: its asset catalogue and rates, its customers, their
// sign-ins, deposits and withdrawals (pending, then confirmed or failed by a newer version), balance
// snapshots, P2P offers and trades, now and then a dispute.
//   npm run simulate [-- --url http://127.0.0.1:3000] [--rate 20] [--seconds 0] [--seed N]
// The key: SIMULATOR_KEY, else the one the server keeps in its data folder's secrets (DATA_DIR,
// ./data by default; written by ensureSimulatorKey when the demo starts). --rate: events a second;
// --seconds 0 runs until Ctrl-C. Every answer's refusals are printed: the simulator sends only
// valid items, so one is a fault on either side.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackdeskError, createBackdeskClient, type IngestAnswer } from '@backdesk/client';
import { addressFor, txHashFor } from '../src/db/seed/addresses.ts';
import {
  ASSET_PRECISION,
  catalogueExternalId,
  P2P_CONTRACTS,
  pickRail,
  RAILS,
} from '../src/db/seed/assets.ts';
import { drawAmount, drawPrice } from '../src/db/seed/decimal-text.ts';
import { Rng } from '../src/db/seed/prng.ts';

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
  for (const r of answer.results.filter((x) => x.status === 'refused'))
    console.error(`${kind} #${r.index} ${r.externalId}: ${r.code} ${r.message}`);
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
  createdAt: now(),
}));
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

/** One second of the exchange's life: about RATE events. */
async function second() {
  const signIns: object[] = [];
  const wallet: object[] = [];
  const trades: object[] = [];
  const balances: object[] = [];
  for (let i = 0; i < RATE; i++) {
    const c = rng.pick(customers);
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
      };
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
  // Transactions sent a few seconds ago settle: the same object, a newer version.
  for (const tx of pending.splice(0, Math.max(0, pending.length - RATE * 3))) {
    wallet.push({
      ...tx,
      version: (tx.version as number) + 1,
      status: rng.chance(0.95) ? 'completed' : 'failed',
      updatedAt: now(),
    });
  }
  await send('sign-ins', signIns);
  await send('wallet-transactions', wallet);
  await send('p2p-trades', trades);
  await send('balances', balances);
}

console.log(`Exchange simulator (seed ${seed}) → ${values.url}, ${RATE} events/s`);
await setUp();
const started = Date.now();
let stop = false;
process.once('SIGINT', () => {
  stop = true;
});
while (!stop && (SECONDS === 0 || Date.now() - started < SECONDS * 1000)) {
  const tick = Date.now();
  await second();
  process.stdout.write(`\r${sent.applied} applied, ${sent.refused} refused`);
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
}
console.log(`\nDone: ${sent.applied} applied, ${sent.refused} refused`);
