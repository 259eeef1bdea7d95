import { isoTime } from './copy-text.ts';
import { customerAt, customerCreateDate } from './customers.ts';
import { type AmountRange, drawAmount } from './decimal-text.ts';
import { hash32, rowRng, weighted } from './prng.ts';
import type { CopyTable, Row, SeedPlan } from './tables.ts';
import { DAY_MS } from './timeline.ts';

/**
 * Streams of the CRM rows. Numbers above the core ones (prng.ts `Stream`), so adding these tables
 * changes no existing row.
 */
const CrmStream = { document: 101, decision: 102, note: 103, restriction: 104, balance: 105 } as const;

/** The demo staff who write notes and restrictions (ids of the seeded members). */
const STAFF_IDS = [1, 2, 3] as const;

// ── KYC documents: one primary document per customer, a proof of address for every other one ─────

const DOCUMENT_STATUS: Record<string, string> = {
  approved: 'approved',
  rejected: 'rejected',
  pending: 'pending',
};

function documentRow(plan: SeedPlan, index: number): Row {
  const primary = index < plan.customers;
  const customerId = primary ? index + 1 : (index - plan.customers) * 2 + 1;
  const c = customerAt(plan.seed, plan.timeline, customerId);
  const rng = rowRng(plan.seed, CrmStream.document, index);
  const kind = !primary
    ? 'proof_of_address'
    : c.kycType === 'kyb'
      ? 'company_registration'
      : rng.pick(['passport', 'id_card', 'id_card', 'driving_licence']);
  const status = DOCUMENT_STATUS[c.userKy ?? ''] ?? (rng.chance(0.5) ? 'pending' : 'resubmit');
  const uploadedAt = c.createDate + rng.int(600_000, 3 * DAY_MS);
  const reviewed = status !== 'pending';
  const pdf = kind === 'company_registration' || kind === 'proof_of_address';
  return [
    customerId,
    kind,
    status,
    `${kind}-${customerId}.${pdf ? 'pdf' : 'jpg'}`,
    pdf ? 'application/pdf' : 'image/jpeg',
    rng.int(80_000, 4_800_000),
    isoTime(Math.min(uploadedAt, plan.timeline.now)),
    reviewed ? isoTime(Math.min(uploadedAt + rng.int(3_600_000, 2 * DAY_MS), plan.timeline.now)) : null,
    reviewed ? rng.pick(STAFF_IDS) : null,
  ];
}

export const kycDocumentsTable: CopyTable = {
  table: 'kyc_documents',
  columns: [
    'customer_id',
    'kind',
    'status',
    'file_name',
    'mime_type',
    'size_bytes',
    'uploaded_at',
    'reviewed_at',
    'reviewed_by',
  ],
  size: (plan) => plan.customers + Math.ceil(plan.customers / 2),
  rowAt: (plan) => (index) => documentRow(plan, index),
};

// ── KYC decisions: the latest decision of every other customer whose KYC was looked at ─────────────

const DECISION: Record<string, string> = { approved: 'approved', rejected: 'rejected' };
const REJECT_REASONS = ['document_expired', 'blurry_image', 'name_mismatch', 'underage', 'sanctions_hit'];

export const kycDecisionsTable: CopyTable = {
  table: 'kyc_decisions',
  columns: ['customer_id', 'decision', 'level', 'reason_code', 'comment', 'member_id', 'at'],
  size: (plan) => Math.ceil(plan.customers / 2),
  rowAt: (plan) => (index) => {
    const customerId = index * 2 + 1;
    const c = customerAt(plan.seed, plan.timeline, customerId);
    const rng = rowRng(plan.seed, CrmStream.decision, index);
    const decision = DECISION[c.userKy ?? ''] ?? 'resubmit';
    const reason = decision === 'approved' ? null : rng.pick(REJECT_REASONS);
    const at = Math.min(c.createDate + rng.int(3_600_000, 5 * DAY_MS), plan.timeline.now);
    return [
      customerId,
      decision,
      c.kycLevel,
      reason,
      reason ? `Checked documents: ${reason.replaceAll('_', ' ')}` : null,
      rng.pick(STAFF_IDS),
      isoTime(at),
    ];
  },
};

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

/** CRM tables filled after the core tables (restrictions, balances, KYC documents and decisions, notes). */
export const CRM_COPY_TABLES: readonly CopyTable[] = [
  kycDocumentsTable,
  kycDecisionsTable,
  customerNotesTable,
  customerRestrictionsTable,
  customerBalancesTable,
];
