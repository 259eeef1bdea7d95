import type pg from 'pg';
import { isoTime } from './copy-text.ts';
import { customerCreateDate } from './customers.ts';
import { hash32, type Rng, rowRng, weighted } from './prng.ts';
import type { CopyTable, Row, SeedPlan } from './tables.ts';
import { DAY_MS } from './timeline.ts';

/**
 * Fraud check demo data (docs/product-rules.md R65): customers' sign-ins on the exchange. Most are a customer's own
 * phone and computer from their home and mobile addresses; on top come the patterns the fraud pages
 * exist for: bursts of failed passwords from a few attackers' addresses (some ending in a success, a
 * taken-over account), and small rings of customers sharing one device and one address, so linked
 * customers show. Streams are above the KYC ones (kyc.ts).
 */
const FraudStream = { signIn: 301, burst: 302, ring: 303, profile: 304 } as const;

const MINUTE_MS = 60_000;
/** Sign-ins per customer in the ordinary history (some are skipped: inactive customers sign in less). */
export const SIGN_INS_PER_CUSTOMER = 4;

/** Desktop browsers: customers on the web, and staff in the back office (access-history.ts). */
export const BROWSER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
] as const;
const USER_AGENTS = [
  'Backdesk Exchange/4.12 (iPhone; iOS 17.5)',
  'Backdesk Exchange/4.12 (Android 14; SM-S918B)',
  'Backdesk Exchange/4.11 (Android 13; Redmi Note 12)',
  ...BROWSER_AGENTS,
] as const;
/** Scripts, not people: what credential-stuffing tools tend to send. */
export const ATTACKER_AGENTS = ['python-requests/2.31.0', 'okhttp/4.9.2', 'Mozilla/5.0', null] as const;

/**
 * Attackers' and rings' addresses come from the documentation ranges (RFC 5737), so no real network is
 * ever named; customers' own addresses are synthetic ones from ISP-looking public ranges.
 */
const ATTACKER_IPS = ['203.0.113.17', '203.0.113.58', '198.51.100.203'] as const;
const HOME_PREFIXES = ['78.160', '85.105', '88.230', '95.70', '176.88', '212.156'] as const;
const MOBILE_PREFIXES = ['31.223', '46.154', '188.119'] as const;

const pickFailure = weighted([
  ['bad_password', 80],
  ['bad_two_factor', 15],
  ['locked', 5],
] as const);

const octet = (h: number, shift: number) => (((h >>> shift) & 0xff) % 254) | 1;

/** A customer's own address: home (slot 0) or mobile (slot 1), stable per customer. */
export function customerIp(seed: number, customerId: number, slot: 0 | 1): string {
  const h = hash32(seed, FraudStream.signIn, customerId, slot);
  const prefixes = slot === 0 ? HOME_PREFIXES : MOBILE_PREFIXES;
  return `${prefixes[h % prefixes.length]}.${octet(h, 8)}.${octet(h, 16)}`;
}

/** A customer's own device fingerprint: phone (slot 0) or computer (slot 1). */
export function customerDevice(seed: number, customerId: number, slot: 0 | 1): string {
  return `dev-${hash32(seed, FraudStream.signIn, customerId, 10 + slot)
    .toString(16)
    .padStart(8, '0')}${slot}`;
}

/** Row: customer_id, at, ip, device_id, user_agent, outcome, failure_reason. */
type SignIn = [number, string, string, string, string | null, 'success' | 'failure', string | null];

/** The `index`-th ordinary sign-in: customer index / N, spread between sign-up and now. */
function ordinarySignIn(plan: SeedPlan, index: number): SignIn {
  const customerId = Math.floor(index / SIGN_INS_PER_CUSTOMER) + 1;
  const rng = rowRng(plan.seed, FraudStream.signIn, index);
  const created = customerCreateDate(plan.seed, plan.timeline, customerId);
  // One customer in five tried the exchange in their first week and left; the others' sign-ins lean
  // to the recent past, as active customers' do.
  const dormant = hash32(plan.seed, FraudStream.signIn, customerId) % 5 === 0;
  const span = dormant ? Math.min(7 * DAY_MS, plan.timeline.now - created) : plan.timeline.now - created;
  const at = created + Math.floor(span * (dormant ? rng.float() : Math.sqrt(rng.float())));
  const slot: 0 | 1 = rng.chance(0.65) ? 0 : 1;
  const failed = rng.chance(0.06);
  return [
    customerId,
    isoTime(at),
    customerIp(plan.seed, customerId, rng.chance(0.7) ? 0 : 1),
    customerDevice(plan.seed, customerId, slot),
    USER_AGENTS[(slot === 0 ? 0 : 3) + (hash32(plan.seed, customerId) % 3)]!,
    failed ? 'failure' : 'success',
    failed ? pickFailure(rng) : null,
  ];
}

/** How many customers a pattern touches: a share of them, at least a few, at most a bounded number. */
const share = (customers: number, per: number, min: number, max: number) =>
  Math.min(customers, max, Math.max(min, Math.floor(customers / per)));

/** Customers the patterns pick, spread over the id range and distinct from each other. */
function pickCustomers(rng: Rng, customers: number, count: number, taken: Set<number>): number[] {
  const picked: number[] = [];
  for (let tries = 0; picked.length < count && tries < count * 20; tries++) {
    const id = rng.int(1, customers);
    if (taken.has(id)) continue;
    taken.add(id);
    picked.push(id);
  }
  return picked;
}

/**
 * Credential stuffing: a run of failed passwords within a few minutes from one or two attackers'
 * addresses; one in three ends in a success from there (the account taken over). Every fourth is in
 * the last day, so a fresh alert exists whenever the demo starts.
 */
function failureBursts(plan: SeedPlan, taken: Set<number>): SignIn[] {
  const rng = rowRng(plan.seed, FraudStream.burst, 0);
  const victims = pickCustomers(rng, plan.customers, share(plan.customers, 100, 4, 400), taken);
  const rows: SignIn[] = [];
  victims.forEach((customerId, n) => {
    const created = customerCreateDate(plan.seed, plan.timeline, customerId);
    const recent = n % 4 === 0;
    const from = recent ? Math.max(created, plan.timeline.now - DAY_MS) : created;
    const start = from + Math.floor((plan.timeline.now - from - 30 * MINUTE_MS) * rng.float());
    const attempts = rng.int(6, 12);
    const device = `dev-x${hash32(plan.seed, FraudStream.burst, n).toString(16).padStart(8, '0')}`;
    let at = Math.max(created, start);
    for (let i = 0; i < attempts; i++) {
      at += rng.int(5, 75) * 1000;
      rows.push([
        customerId,
        isoTime(at),
        rng.pick(ATTACKER_IPS),
        device,
        rng.pick(ATTACKER_AGENTS),
        'failure',
        'bad_password',
      ]);
    }
    if (n % 3 === 1)
      rows.push([
        customerId,
        isoTime(at + rng.int(30, 300) * 1000),
        rng.pick(ATTACKER_IPS),
        device,
        rng.pick(ATTACKER_AGENTS),
        'success',
        null,
      ]);
  });
  return rows;
}

/**
 * Rings: two to four customers signing in from one device and one address (a family, or one person
 * behind several accounts). The linked-customers view finds them through these.
 */
function sharedDeviceRings(plan: SeedPlan, taken: Set<number>): SignIn[] {
  const rng = rowRng(plan.seed, FraudStream.ring, 0);
  const rings = share(plan.customers, 200, 3, 200);
  const rows: SignIn[] = [];
  for (let r = 0; r < rings; r++) {
    const members = pickCustomers(rng, plan.customers, rng.int(2, 4), taken);
    const device = `dev-r${hash32(plan.seed, FraudStream.ring, r).toString(16).padStart(8, '0')}`;
    const ip = `198.51.100.${(r % 200) + 20}`;
    const agent = rng.pick(USER_AGENTS);
    for (const customerId of members) {
      const created = customerCreateDate(plan.seed, plan.timeline, customerId);
      const times = rng.int(2, 5);
      for (let i = 0; i < times; i++) {
        const at = created + Math.floor((plan.timeline.now - created) * rng.float());
        rows.push([customerId, isoTime(at), ip, device, agent, 'success', null]);
      }
    }
  }
  return rows;
}

/** The patterns' rows, built once per plan (a few thousand at most). */
function patternRows(plan: SeedPlan): SignIn[] {
  const taken = new Set<number>();
  return [...failureBursts(plan, taken), ...sharedDeviceRings(plan, taken)];
}

export const customerLoginEventsTable: CopyTable = {
  table: 'customer_login_events',
  columns: ['customer_id', 'at', 'ip', 'device_id', 'user_agent', 'outcome', 'failure_reason'],
  size: (plan) => plan.customers * SIGN_INS_PER_CUSTOMER + patternRows(plan).length,
  rowAt: (plan) => {
    const ordinary = plan.customers * SIGN_INS_PER_CUSTOMER;
    const patterns = patternRows(plan);
    return (index): Row => (index < ordinary ? ordinarySignIn(plan, index) : patterns[index - ordinary]!);
  },
};

export const FRAUD_COPY_TABLES: readonly CopyTable[] = [customerLoginEventsTable];

// ── Screening facts: birth dates, nationalities, and a few customers named like listed people ────────

/**
 * Customers who share a name with someone on the shipped lists (apps/server/data/screening), with
 * their birth date and nationality agreeing, partly agreeing or not at all, so screening has strong,
 * weak and explainable hits. Invented people, as the lists are.
 */
export const LOOKALIKES = [
  { name: 'Işıl', surname: 'Şahin', birthDate: '1981-03-14', nationality: 'TR' },
  { name: 'Hülya', surname: 'Kırbaşoğlu', birthDate: '1970-04-09', nationality: 'TR' },
  { name: 'Mehmet Emin', surname: 'Karapınaroğlu', birthDate: '1969-07-21', nationality: 'TR' },
  { name: 'Arkadiy', surname: 'Volkov', birthDate: '1974-11-02', nationality: 'RU' },
  { name: 'Serdar', surname: 'Yılmazer', birthDate: '1991-02-03', nationality: 'DE' },
] as const;

/** Which customers carry the lookalike names: spread over the id range, stable for a plan. */
export function lookalikeIds(customers: number): number[] {
  return LOOKALIKES.map((_, i) =>
    Math.max(1, Math.floor((customers * (2 * i + 1)) / (2 * LOOKALIKES.length))),
  );
}

const YEAR_MS = 365.25 * DAY_MS;

/** A customer's birth date: an adult of 18 to 75 at the demo's "now". */
export function birthDateOf(plan: SeedPlan, customerId: number): string {
  const rng = rowRng(plan.seed, FraudStream.profile, customerId);
  const age = 18 * YEAR_MS + rng.float() * 57 * YEAR_MS;
  return new Date(plan.timeline.now - age).toISOString().slice(0, 10);
}

/**
 * Names the lookalikes (screening's near matches) inside the seed's transaction; every other
 * customer's birth date and nationality came with its row (customersTable).
 */
export async function finishFraudSeed(client: pg.PoolClient, plan: SeedPlan): Promise<void> {
  const ids = lookalikeIds(plan.customers);
  for (const [i, person] of LOOKALIKES.entries())
    await client.query(
      `UPDATE customers SET alias_name = $2, alias_surname = $3, birth_date = $4, nationality = $5 WHERE id = $1`,
      [ids[i], person.name, person.surname, person.birthDate, person.nationality],
    );
}
