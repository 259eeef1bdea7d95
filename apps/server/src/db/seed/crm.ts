import { isoTime } from './copy-text.ts';
import { customerCreateDate } from './customers.ts';
import { type AmountRange, drawAmount } from './decimal-text.ts';
import { hash32, rowRng, weighted } from './prng.ts';
import type { CopyTable } from './tables.ts';
import { DAY_MS } from './timeline.ts';

/**
 * Streams of the CRM rows. Numbers above the core ones (prng.ts `Stream`), so adding these tables
 * changes no existing row.
 */
const CrmStream = { document: 101, decision: 102, note: 103, restriction: 104, balance: 105 } as const;

/** The demo staff who write notes and restrictions (ids of the seeded members). */
const STAFF_IDS = [1, 2, 3] as const;

// ── Notes ──────────────────────────────────────────────────────────────────────────────────────────

const NOTES = [
  'Called the customer to confirm the withdrawal address.',
  'Müşteri telefonla arandı, kimlik bilgileri teyit edildi.',
  'Asked for a recent utility bill as proof of address.',
  'Customer reports the mobile app logs out after every update.',
  'Yüksek tutarlı P2P işlemi için kaynak beyanı istendi.',
  'VIP upgrade requested by the account manager.',
  'E-posta adresi değişikliği talebi alındı, doğrulama bekleniyor.',
  'Duplicate account suspected; linked by device fingerprint.',
];

export const customerNotesTable: CopyTable = {
  table: 'customer_notes',
  columns: ['customer_id', 'member_id', 'body', 'created_at'],
  size: (plan) => Math.ceil(plan.customers / 10),
  rowAt: (plan) => (index) => {
    const rng = rowRng(plan.seed, CrmStream.note, index);
    const customerId = Math.min(plan.customers, index * 10 + 1 + rng.int(0, 9));
    const created = customerCreateDate(plan.seed, plan.timeline, customerId);
    const at = created + Math.floor((plan.timeline.now - created) * rng.float());
    return [customerId, rng.pick(STAFF_IDS), rng.pick(NOTES), isoTime(at)];
  },
};

// ── Restrictions: active, scheduled, expired and lifted ones ───────────────────────────────────────

const pickKind = weighted([
  ['withdrawal', 35],
  ['login', 15],
  ['deposit', 10],
  ['trade', 15],
  ['p2p', 25],
] as const);
const RESTRICTION_REASONS = [
  'Suspicious withdrawal pattern under review',
  'Şüpheli giriş denemeleri',
  'Pending source-of-funds declaration',
  'P2P dispute under investigation',
  'Court order received',
  'Kimlik belgesi süresi doldu',
];
const pickShape = weighted([
  ['open', 30],
  ['running', 20],
  ['expired', 25],
  ['lifted', 20],
  ['scheduled', 5],
] as const);

export const customerRestrictionsTable: CopyTable = {
  table: 'customer_restrictions',
  columns: [
    'customer_id',
    'kind',
    'reason',
    'created_by',
    'starts_at',
    'ends_at',
    'lifted_at',
    'lifted_by',
    'lift_reason',
    'created_at',
  ],
  size: (plan) => Math.max(10, Math.ceil(plan.customers / 50)),
  rowAt: (plan) => (index) => {
    const rng = rowRng(plan.seed, CrmStream.restriction, index);
    const customerId = 1 + (hash32(plan.seed, CrmStream.restriction, index) % plan.customers);
    const now = plan.timeline.now;
    const shape = pickShape(rng);
    const createdAt = now - rng.int(DAY_MS, 120 * DAY_MS);
    const startsAt = shape === 'scheduled' ? now + rng.int(DAY_MS, 14 * DAY_MS) : createdAt;
    let endsAt: number | null = null;
    if (shape === 'running' || shape === 'scheduled')
      endsAt = Math.max(now, startsAt) + rng.int(DAY_MS, 60 * DAY_MS);
    if (shape === 'expired') endsAt = startsAt + Math.floor((now - startsAt) * rng.float());
    const liftedAt = shape === 'lifted' ? startsAt + Math.floor((now - startsAt) * rng.float()) : null;
    return [
      customerId,
      pickKind(rng),
      rng.pick(RESTRICTION_REASONS),
      rng.pick(STAFF_IDS),
      isoTime(startsAt),
      endsAt === null ? null : isoTime(endsAt),
      liftedAt === null ? null : isoTime(liftedAt),
      liftedAt === null ? null : rng.pick(STAFF_IDS),
      liftedAt === null ? null : 'Customer provided the requested documents',
      isoTime(createdAt),
    ];
  },
};

// ── Balances: three assets per customer, exact decimals ────────────────────────────────────────────

const BALANCE_ASSETS: readonly (readonly [string, AmountRange])[] = [
  ['USDT', { min: 1, max: 250_000, scale: 6 }],
  ['TRY', { min: 10, max: 5_000_000, scale: 2 }],
  ['BTC', { min: 0.00001, max: 12, scale: 8 }],
  ['ETH', { min: 0.0001, max: 150, scale: 10 }],
  ['USDC', { min: 1, max: 100_000, scale: 6 }],
  ['TRYB', { min: 10, max: 2_000_000, scale: 6 }],
];
const ASSETS_PER_CUSTOMER = 3;

export const customerBalancesTable: CopyTable = {
  table: 'customer_balances',
  columns: ['customer_id', 'asset', 'available', 'locked', 'updated_at'],
  size: (plan) => plan.customers * ASSETS_PER_CUSTOMER,
  rowAt: (plan) => (index) => {
    const customerId = Math.floor(index / ASSETS_PER_CUSTOMER) + 1;
    // A rotation start per customer: three distinct assets, varying from customer to customer.
    const start = hash32(plan.seed, CrmStream.balance, customerId) % BALANCE_ASSETS.length;
    const [asset, range] = BALANCE_ASSETS[(start + (index % ASSETS_PER_CUSTOMER)) % BALANCE_ASSETS.length]!;
    const rng = rowRng(plan.seed, CrmStream.balance, index);
    const available = rng.chance(0.1) ? '0' : drawAmount(rng, range);
    const locked = rng.chance(0.75) ? '0' : drawAmount(rng, { ...range, max: range.max / 10 });
    const created = customerCreateDate(plan.seed, plan.timeline, customerId);
    return [
      customerId,
      asset,
      available,
      locked,
      isoTime(created + Math.floor((plan.timeline.now - created) * rng.float())),
    ];
  },
};

/** CRM tables filled after the core tables (notes, restrictions, balances); KYC's are in kyc.ts. */
export const CRM_COPY_TABLES: readonly CopyTable[] = [
  customerNotesTable,
  customerRestrictionsTable,
  customerBalancesTable,
];
