import { kindHasExpiry, kycStatusOf } from '@backdesk/contract';
import type pg from 'pg';
import {
  type Specimen,
  type SpecimenPerson,
  specimenDocument,
} from '../../modules/platform/documents/index.ts';
import { isoTime } from './copy-text.ts';
import { type Customer, customerAt } from './customers.ts';
import { COUNTRIES } from './names.ts';
import { type Rng, rowRng, weighted } from './prng.ts';
import type { CopyTable, Row, SeedPlan } from './tables.ts';
import { DAY_MS } from './timeline.ts';

/**
 * KYC demo data (docs/product-rules.md R37–R39): every customer who started KYC has documents — an identity document,
 * a selfie and a proof of address, or a business's four company papers — decided as their KYC status
 * says, plus a level decision for the decided ones. The files are synthetic specimens saying SPECIMEN
 * (modules/platform/documents), a few per kind, stored once each (stored by hash) when the demo is seeded.
 * Numbers of the streams are above the CRM ones (crm.ts).
 */
const KycStream = { documents: 201, profile: 202, decision: 203 } as const;
const STAFF_IDS = [1, 2, 3] as const;
const HOUR_MS = 3_600_000;

/** Invented people printed on the specimens; no real person is meant. */
const SPECIMEN_PEOPLE: SpecimenPerson[] = [
  {
    fullName: 'JAMIE EXAMPLE',
    birthDate: '1988-03-12',
    documentNumber: 'S00000011',
    expiryDate: '2032-03-12',
    address: '12 Specimen Road, Exampleton',
  },
  {
    fullName: 'EVREN DENEME',
    birthDate: '1979-11-30',
    documentNumber: 'S00000012',
    expiryDate: '2029-11-30',
    address: 'Deneme Mah. Numune Sok. 7, İzmir',
  },
];

const IMAGE_KINDS = [
  'passport',
  'national_id_front',
  'national_id_back',
  'driving_licence',
  'residence_permit',
  'selfie',
  'selfie_with_document',
  'signatory_id',
] as const;
const PDF_KINDS = ['proof_of_address', 'company_registration', 'articles', 'shareholder_register'] as const;

/** Per kind, the specimen files seeded documents point at. */
export type SeedSpecimens = ReadonlyMap<string, readonly Specimen[]>;

let specimens: Promise<SeedSpecimens> | undefined;

/** Built once per process: two images or PDFs per kind (a few hundred milliseconds in all). */
export function seedSpecimens(): Promise<SeedSpecimens> {
  specimens ??= (async () => {
    const entries = await Promise.all([
      ...IMAGE_KINDS.map(
        async (kind) =>
          [
            kind,
            await Promise.all(
              SPECIMEN_PEOPLE.map((person) => specimenDocument({ kind, format: 'jpeg', person })),
            ),
          ] as const,
      ),
      ...PDF_KINDS.map(
        async (kind) =>
          [
            kind,
            await Promise.all(
              SPECIMEN_PEOPLE.map((person) => specimenDocument({ kind, format: 'pdf', person })),
            ),
          ] as const,
      ),
    ]);
    return new Map(entries);
  })();
  return specimens;
}

/** Puts the seeded documents' files in the store (each stored once; already there is fine). */
export async function storeSeedSpecimens(store: {
  putBytes(bytes: Buffer, contentType: string): Promise<unknown>;
}): Promise<number> {
  let stored = 0;
  for (const files of (await seedSpecimens()).values())
    for (const file of files) {
      await store.putBytes(file.bytes, file.contentType);
      stored++;
    }
  return stored;
}

// ── Which documents a customer has ─────────────────────────────────────────────────────────────────

interface SeedDocument {
  kind: string;
  status: 'pending' | 'approved' | 'rejected' | 'resubmission_requested';
  uploadedAt: number;
  reviewedAt: number | null;
  reviewer: number | null;
  reasonCode: string | null;
  reasonText: string | null;
  expiresOn: string | null;
  staffUpload: boolean;
}

const pickIdKind = weighted([
  ['passport', 35],
  ['national_id_front', 45],
  ['driving_licence', 15],
  ['residence_permit', 5],
] as const);
const pickRejection = weighted([
  ['suspected_forgery', 3],
  ['name_mismatch', 4],
  ['expired', 3],
  ['unreadable', 2],
] as const);
const pickResubmission = weighted([
  ['unreadable', 5],
  ['expired', 3],
  ['unsupported_kind', 1],
  ['other', 1],
] as const);

/** What the KYC rows need of a customer, kept compactly per plan (customerAt is the costly part). */
type KycCustomer = Pick<Customer, 'id' | 'userKy' | 'kycType' | 'kycLevel' | 'createDate' | 'countryCode'>;

function kindsOf(c: KycCustomer, rng: Rng): string[] {
  if (c.kycType === 'kyb')
    return ['company_registration', 'articles', 'shareholder_register', 'signatory_id'];
  const id = pickIdKind(rng);
  return id === 'national_id_front'
    ? [id, 'national_id_back', 'selfie', 'proof_of_address']
    : [id, 'selfie', 'proof_of_address'];
}

/** A customer's documents, oldest first; none for one who has not started KYC. */
function documentsOf(plan: SeedPlan, c: KycCustomer): SeedDocument[] {
  if (c.userKy !== 'approved' && c.userKy !== 'pending' && c.userKy !== 'rejected') return [];
  const rng = rowRng(plan.seed, KycStream.documents, c.id);
  const now = plan.timeline.now;
  const kinds = kindsOf(c, rng);
  // Most waiting documents came in today, the rest over the last days: fresh, due and overdue cases.
  const start =
    c.userKy === 'pending'
      ? Math.max(
          c.createDate,
          now - (rng.chance(0.6) ? rng.int(10 * 60_000, 20 * HOUR_MS) : rng.int(20 * HOUR_MS, 5 * DAY_MS)),
        )
      : c.createDate + rng.int(10 * 60_000, 3 * DAY_MS);
  const docs: SeedDocument[] = [];
  const decided = (at: number) => Math.min(now, at + rng.int(HOUR_MS, 2 * DAY_MS));
  const expiry = (kind: string, at: number) =>
    kindHasExpiry(kind) ? new Date(at + rng.int(300, 3600) * DAY_MS).toISOString().slice(0, 10) : null;
  // One approved customer in five sent a first file that had to be sent again.
  if (c.userKy === 'approved' && rng.chance(0.2)) {
    const at = Math.min(start, now);
    docs.push({
      kind: kinds[0]!,
      status: 'resubmission_requested',
      uploadedAt: at,
      reviewedAt: decided(at),
      reviewer: rng.pick(STAFF_IDS),
      reasonCode: pickResubmission(rng),
      reasonText: null,
      expiresOn: null,
      staffUpload: false,
    });
    docs[0]!.reasonText =
      docs[0]!.reasonCode === 'other' ? 'Glare over the photo; asked for a new picture' : null;
  }
  kinds.forEach((kind, i) => {
    const uploadedAt = Math.min(now, start + (docs.length > 0 ? DAY_MS : 0) + i * rng.int(1_000, 90_000));
    const staffUpload = rng.chance(0.05);
    let doc: SeedDocument;
    if (c.userKy === 'pending' && !(c.kycLevel >= 1 && i === 0)) {
      doc = {
        kind,
        status: 'pending',
        uploadedAt,
        reviewedAt: null,
        reviewer: null,
        reasonCode: null,
        reasonText: null,
        expiresOn: null,
        staffUpload,
      };
    } else if (c.userKy === 'rejected' && i === 0) {
      const final = rng.chance(0.6);
      doc = {
        kind,
        status: final ? 'rejected' : 'resubmission_requested',
        uploadedAt,
        reviewedAt: decided(uploadedAt),
        reviewer: rng.pick(STAFF_IDS),
        reasonCode: final ? pickRejection(rng) : pickResubmission(rng),
        reasonText: null,
        expiresOn: null,
        staffUpload,
      };
      if (doc.reasonCode === 'other') doc.reasonText = 'Document partly covered; asked for a full scan';
    } else {
      doc = {
        kind,
        status: 'approved',
        uploadedAt,
        reviewedAt: decided(uploadedAt),
        reviewer: rng.pick(STAFF_IDS),
        reasonCode: null,
        reasonText: null,
        expiresOn: expiry(kind, uploadedAt),
        staffUpload,
      };
    }
    docs.push(doc);
  });
  return docs;
}

/**
 * The KYC status a seeded customer's row stores: what the status rule (kycStatusOf, R38) derives from
 * the documents and decisions the seed gives them, so the CRM reads what happened to each (a file asked
 * for again reads "Resubmission requested"). One without documents keeps the status drawn for them.
 */
export function seededKycStatus(plan: SeedPlan, c: Customer): string | null {
  return KY_CODES[layoutOf(plan).stored[c.id]!]!;
}

/** The status rule over a customer's seeded documents (seededKycStatus). */
function statusOf(c: KycCustomer, docs: SeedDocument[]): string | null {
  if (docs.length === 0) return c.userKy;
  // Each kind's newest document (a later upload of the same kind answers the one before it).
  const newest = new Map<string, SeedDocument['status']>();
  for (const d of [...docs].sort((a, b) => a.uploadedAt - b.uploadedAt)) newest.set(d.kind, d.status);
  const latest = { approved: 0, rejected: 0, resubmission: 0 };
  for (const status of newest.values()) {
    if (status === 'approved') latest.approved++;
    else if (status === 'rejected') latest.rejected++;
    else if (status === 'resubmission_requested') latest.resubmission++;
  }
  return kycStatusOf({
    level: c.kycLevel,
    pendingDocuments: docs.filter((d) => d.status === 'pending').length,
    levelDecided: c.userKy === 'approved' || c.userKy === 'rejected',
    latest,
  });
}

/**
 * Where each customer's documents start in the table, and the customers whose KYC was decided
 * (memoised per plan: one pass over the customers).
 */
interface Layout {
  offsets: Int32Array;
  decided: Int32Array;
  /** Each customer's KYC status as their row stores it (KY_CODES), the rule's over their documents. */
  stored: Uint8Array;
  customer(id: number): KycCustomer;
}
const KY_CODES = [null, 'approved', 'pending', 'rejected', 'kyc', 'resubmit'] as const;
const kyCode = (status: string | null) => Math.max(0, KY_CODES.indexOf(status as (typeof KY_CODES)[number]));
const layouts = new WeakMap<SeedPlan, Layout>();
function layoutOf(plan: SeedPlan): Layout {
  let layout = layouts.get(plan);
  if (layout) return layout;
  const n = plan.customers;
  const offsets = new Int32Array(n + 1);
  const decided: number[] = [];
  // A few bytes per customer instead of a Customer object: a million of them stay small.
  const ky = new Uint8Array(n + 1);
  const stored = new Uint8Array(n + 1);
  const business = new Uint8Array(n + 1);
  const level = new Uint8Array(n + 1);
  const country = new Uint8Array(n + 1);
  const created = new Float64Array(n + 1);
  for (let id = 1; id <= n; id++) {
    const c = customerAt(plan.seed, plan.timeline, id);
    ky[id] = kyCode(c.userKy);
    business[id] = c.kycType === 'kyb' ? 1 : 0;
    level[id] = c.kycLevel;
    country[id] = Math.max(
      0,
      COUNTRIES.findIndex((x) => x.code === c.countryCode),
    );
    created[id] = c.createDate;
    const docs = documentsOf(plan, c);
    offsets[id] = offsets[id - 1]! + docs.length;
    stored[id] = kyCode(statusOf(c, docs));
    if (c.userKy === 'approved' || c.userKy === 'rejected') decided.push(id);
  }
  layout = {
    offsets,
    decided: Int32Array.from(decided),
    stored,
    customer: (id) => ({
      id,
      userKy: KY_CODES[ky[id]!]!,
      kycType: business[id] ? 'kyb' : 'kyc',
      kycLevel: level[id]!,
      createDate: created[id]!,
      countryCode: COUNTRIES[country[id]!]!.code,
    }),
  };
  layouts.set(plan, layout);
  return layout;
}

/** The customer whose documents hold row `index`: the last id whose start is ≤ index. */
function customerOfRow(offsets: Int32Array, index: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
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
    'sha256',
    'storage_key',
    'channel',
    'uploaded_by',
    'uploaded_at',
    'reviewed_at',
    'reviewed_by',
    'reason_code',
    'reason_text',
    'expires_on',
  ],
  size: (plan) => layoutOf(plan).offsets[plan.customers]!,
  async prepare(plan) {
    plan.specimens = await seedSpecimens();
  },
  rowAt: (plan) => {
    if (!plan.specimens) throw new Error('KYC documents need their specimen files: prepare(plan) first');
    const files = plan.specimens;
    const { offsets, customer } = layoutOf(plan);
    // Rows are asked for in order: one customer's documents are built once for all their rows.
    let cached: { id: number; docs: SeedDocument[] } | undefined;
    return (index): Row => {
      const id = customerOfRow(offsets, index);
      if (cached?.id !== id) cached = { id, docs: documentsOf(plan, customer(id)) };
      const doc = cached.docs[index - offsets[id - 1]!]!;
      const choices = files.get(doc.kind)!;
      const file = choices[(id + index) % choices.length]!;
      return [
        id,
        doc.kind,
        doc.status,
        file.fileName,
        file.contentType,
        file.bytes.length,
        file.sha256,
        file.sha256,
        doc.staffUpload ? 'staff' : 'customer',
        doc.staffUpload ? STAFF_IDS[id % STAFF_IDS.length]! : null,
        isoTime(doc.uploadedAt),
        doc.reviewedAt === null ? null : isoTime(doc.reviewedAt),
        doc.reviewer,
        doc.reasonCode,
        doc.reasonText,
        doc.expiresOn,
      ];
    };
  },
};

// ── Declared profile ───────────────────────────────────────────────────────────────────────────────

const CITIES: Record<string, readonly string[]> = {
  TR: ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Antalya'],
  DE: ['Berlin', 'Hamburg', 'München'],
  GB: ['London', 'Manchester', 'Leeds'],
  US: ['New York', 'Chicago', 'Austin'],
  FR: ['Paris', 'Lyon', 'Lille'],
};
const STREETS: Record<string, string> = {
  TR: 'Örnek Mah. Deneme Sok. No:{n}',
  DE: 'Musterstraße {n}',
  FR: '{n} rue de l’Exemple',
};

export const kycProfilesTable: CopyTable = {
  table: 'kyc_profiles',
  columns: ['customer_id', 'birth_date', 'nationality', 'address'],
  size: (plan) => plan.customers,
  rowAt: (plan) => (index) => {
    const c = layoutOf(plan).customer(index + 1);
    const rng = rowRng(plan.seed, KycStream.profile, index);
    const born = new Date(Date.UTC(rng.int(1955, 2005), rng.int(0, 11), rng.int(1, 28)));
    const city = rng.pick(CITIES[c.countryCode] ?? ['Sampletown', 'Exampleville']);
    const street = (STREETS[c.countryCode] ?? '{n} Example Street').replace('{n}', String(rng.int(1, 240)));
    return [
      c.id,
      c.kycType === 'kyb' ? null : born.toISOString().slice(0, 10),
      c.countryCode,
      `${street}, ${city}`,
    ];
  },
};

// ── Level decisions: one for every customer whose KYC was decided ───────────────────────────────────

export const kycDecisionsTable: CopyTable = {
  table: 'kyc_decisions',
  columns: [
    'customer_id',
    'decision',
    'level',
    'reason_code',
    'comment',
    'member_id',
    'at',
    'review_started_at',
  ],
  size: (plan) => layoutOf(plan).decided.length,
  rowAt: (plan) => {
    const { decided, customer } = layoutOf(plan);
    return (index) => {
      const c = customer(decided[index]!);
      const rng = rowRng(plan.seed, KycStream.decision, index);
      // After the last of their documents was decided.
      const documents = documentsOf(plan, c);
      const last = Math.max(...documents.map((d) => d.reviewedAt ?? d.uploadedAt));
      const at = Math.min(plan.timeline.now, last + rng.int(60_000, 6 * HOUR_MS));
      // Their only decision: its review began with the first document sent before it (migration 0028).
      const sent = documents.map((d) => d.uploadedAt).filter((t) => t <= at);
      return [
        c.id,
        c.userKy,
        c.kycLevel,
        // A rejection gives its reason, as the review form asks: the one its document was refused for.
        c.userKy === 'rejected' ? (documents.find((d) => d.reasonCode)?.reasonCode ?? 'unreadable') : null,
        c.userKy === 'approved' ? `Level ${c.kycLevel}: documents checked` : 'Identity could not be verified',
        rng.pick(STAFF_IDS),
        isoTime(at),
        sent.length ? isoTime(Math.min(...sent)) : null,
      ];
    };
  },
};

/** KYC tables after the customers (index.ts): documents, their decisions' history, levels, profiles. */
export const KYC_COPY_TABLES: readonly CopyTable[] = [kycProfilesTable, kycDocumentsTable, kycDecisionsTable];

/**
 * What follows from the copied documents, set-based: each decision's history row and the review
 * queue (one case per customer with pending documents).
 */
export async function finishKycSeed(client: pg.PoolClient): Promise<void> {
  await client.query(`
    INSERT INTO kyc_document_decisions (document_id, customer_id, decision, reason_code, reason_text, member_id, at)
    SELECT id, customer_id, status, reason_code, reason_text, reviewed_by, reviewed_at
    FROM kyc_documents WHERE status <> 'pending' ORDER BY reviewed_at, id`);
  await client.query(`
    INSERT INTO kyc_cases (customer_id, waiting_since, pending_documents)
    SELECT customer_id, min(uploaded_at), count(*) FROM kyc_documents WHERE status = 'pending' GROUP BY customer_id`);
}
