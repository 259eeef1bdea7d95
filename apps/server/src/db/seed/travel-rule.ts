import { complianceApi, type Person, type TravelRuleParties, type TravelRuleState } from '@backdesk/contract';
import type pg from 'pg';
import { DEFAULT_TRAVEL_RULE_RULES } from '../../modules/compliance/travel-rule/travel-rule-defaults.ts';
import { evaluateTravelRule } from '../../modules/compliance/travel-rule/travel-rule-evaluate.ts';
import { demoProof } from './self-hosted-proofs.ts';

/*
 * The demo's travel rule: a directory of invented VASPs and records in every state on the
 * seeded crypto transfers, so the queue and the record have something to show. Every person, VASP
 * and identity number here is made up.
 */

const { leiWithCheckDigits } = complianceApi;

/** The demo's VASP directory; the exchange simulator names the ones with an LEI by it. */
export const DEMO_VASPS = [
  {
    name: 'Boğaziçi Dijital Varlık A.Ş.',
    lei: leiWithCheckDigits('789000BOGAZICI0DV1'),
    jurisdiction: 'TR',
    country: 'TR',
    licence: 'SPK KVHS 2025/014',
    protocol: 'trp',
    dd: 'approved',
  },
  {
    name: 'Nordlicht Krypto GmbH',
    lei: leiWithCheckDigits('529900NORDLICHT0K2'),
    jurisdiction: 'EU',
    country: 'DE',
    licence: 'BaFin CASP 0431',
    protocol: 'trp',
    dd: 'approved',
  },
  {
    name: 'Harbor Digital Assets LLC',
    lei: null,
    jurisdiction: 'US',
    country: 'US',
    licence: 'FinCEN MSB 31000212345678',
    protocol: 'trisa',
    dd: 'approved',
  },
  {
    name: 'Kestrel Exchange Ltd',
    lei: null,
    jurisdiction: 'FATF',
    country: 'SG',
    licence: 'MAS DPT 2024-77',
    protocol: 'email',
    dd: 'pending',
  },
  {
    name: 'Marmara Coin Borsası A.Ş.',
    lei: null,
    jurisdiction: 'TR',
    country: 'TR',
    licence: null,
    protocol: 'none',
    dd: 'restricted',
  },
] as const;

/** Invented family and given names of the people on the other side of a transfer. */
export const FAMILY = [
  'Aksoy',
  'Yıldırım',
  'Öztürk',
  'Şahin',
  'Kaplan',
  'Müller',
  'Rossi',
  'Novak',
  'Lindqvist',
  'Carter',
];
export const GIVEN = ['Zeynep', 'Mert', 'Elif', 'Can', 'Deniz', 'Lena', 'Marco', 'Petra', 'Sven', 'Grace'];

/** The seven states in turn, so the demo holds each one. */
const STATES: readonly TravelRuleState[] = [
  'information_missing',
  'required_unverified',
  'complete',
  'awaiting_counterparty',
  'returned',
  'rejected',
  'not_in_scope',
];

const REASONS: Partial<Record<TravelRuleState, string>> = {
  information_missing: 'Asked the customer for the beneficiary’s identity number',
  awaiting_counterparty: 'Sent to the beneficiary VASP over TRP; no answer yet',
  returned: 'The originator’s details did not arrive before the deadline',
  rejected: 'The beneficiary name does not match the counterparty’s answer',
};

const RECORDS = 70;

type Row = {
  id: string;
  customer_id: string;
  type: 'deposit' | 'withdrawal';
  network: string;
  amount: string;
  address: string;
  tx_hash: string;
  status: string;
  given: string | null;
  family: string | null;
  birth_date: string | null;
  created_at: string;
  try: string | null;
  usd: string | null;
  eur: string | null;
};

export const natural = (family: string, given: string, extra: Record<string, unknown> = {}): Person => ({
  naturalPerson: {
    name: {
      nameIdentifier: [{ primaryIdentifier: family, secondaryIdentifier: given, nameIdentifierType: 'LEGL' }],
    },
    ...extra,
  },
});

export const legal = (name: string): Person => ({
  legalPerson: {
    name: { nameIdentifier: [{ legalPersonName: name, legalPersonNameIdentifierType: 'LEGL' }] },
  },
});

/** An invented 11-digit T.C. identity number, the same for the same id. */
export const inventedIdentityNumber = (id: number): string =>
  `9${String(1_000_000_000 + id * 7919).slice(-10)}`;

/** Loads the directory and the records; run once, after the demo data and members exist. */
export async function seedTravelRule(pool: pg.Pool): Promise<number> {
  const present = await pool.query('SELECT 1 FROM vasps LIMIT 1');
  if (present.rows.length > 0) return 0;
  const vaspIds: number[] = [];
  for (const v of DEMO_VASPS) {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO vasps (name, lei, jurisdiction, country, licence, protocol, due_diligence, review_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (now() + interval '1 year')::date) RETURNING id`,
      [v.name, v.lei, v.jurisdiction, v.country, v.licence, v.protocol, v.dd],
    );
    vaspIds.push(rows[0]!.id);
  }
  const officer = await pool.query<{ id: number }>(
    `SELECT id FROM staff_members WHERE user_name = 'manager'`,
  );
  const officerId = officer.rows[0]?.id ?? null;
  // The exchange's price rates the live rule reads (asset_rates), which a demo without the exchange
  // lacks: made from the reports' dated USD rates, EUR at an invented 0.92 per USD.
  await pool.query(`
    INSERT INTO asset_rates (external_id, asset, quote, rate, at, external_version, received_at)
    SELECT 'demo-' || r.asset || '-' || q.quote || '-' || r.valid_from, r.asset, q.quote,
           CASE q.quote WHEN 'USD' THEN r.rate WHEN 'EUR' THEN r.rate * 0.92 ELSE r.rate / t.rate END,
           r.valid_from::timestamptz, 1, now()
    FROM report_rates r CROSS JOIN (VALUES ('USD'), ('EUR'), ('TRY')) AS q(quote)
    CROSS JOIN LATERAL (SELECT rate FROM report_rates WHERE asset = 'TRY' AND valid_from <= r.valid_from
                        ORDER BY valid_from DESC LIMIT 1) t
    WHERE r.asset <> 'TRY'
    ON CONFLICT (external_id) DO NOTHING`);
  const rate = (quote: string) => `(SELECT trim_scale(rate)::text FROM asset_rates
    WHERE asset = w.asset AND quote = '${quote}' AND at <= w.created_at ORDER BY at DESC LIMIT 1)`;
  const { rows } = await pool.query<Row>(
    `SELECT w.id, w.customer_id, w.type, w.network, trim_scale(w.amount)::text AS amount, w.tx_hash, w.status,
            CASE w.type WHEN 'withdrawal' THEN w.to_address ELSE w.from_address END AS address,
            c.alias_name AS given, c.alias_surname AS family, to_char(c.birth_date, 'YYYY-MM-DD') AS birth_date,
            w.created_at::text AS created_at, ${rate('TRY')} AS try, ${rate('USD')} AS usd, ${rate('EUR')} AS eur
     FROM wallet_transactions w JOIN customers c ON c.id = w.customer_id
     WHERE w.type IN ('deposit', 'withdrawal') AND w.asset <> 'TRY' AND w.tx_hash IS NOT NULL
       AND CASE w.type WHEN 'withdrawal' THEN w.to_address ELSE w.from_address END IS NOT NULL
       -- The last 45 days (the report's default 30 and the period before it), hours before the start
       -- so a record's state change is not in the future; a hash of the id spreads them over the days.
       AND w.created_at >= now() - interval '45 days' AND w.created_at < now() - interval '3 hours'
     -- Withdrawals and deposits in turn: with the seven states in turn, each state is met both ways.
     ORDER BY row_number() OVER (PARTITION BY w.type ORDER BY md5(w.id::text)), w.type DESC LIMIT $1`,
    [RECORDS],
  );
  for (const [i, row] of rows.entries()) {
    const state = STATES[i % STATES.length]!;
    // Most go to a VASP of the directory; every fifth is a self-hosted wallet, every seventh unknown.
    const walletKind = i % 7 === 6 ? 'unknown' : i % 5 === 4 ? 'self_hosted' : 'vasp';
    const vaspIndex = i % DEMO_VASPS.length;
    let addressId: number | null = null;
    if (walletKind !== 'unknown') {
      // Every other self-hosted wallet still waits for its proof of ownership (the officers' list); the
      // proved ones are withdrawals' and deposits' in turn, so both methods of proof show.
      const proof =
        walletKind === 'self_hosted' && [4, 9].includes(i % 20) ? await demoProof(pool, row) : null;
      if (proof) row.address = proof.address;
      const attributed = await pool.query<{ id: number }>(
        `INSERT INTO vasp_addresses (vasp_id, network, address, self_hosted, proof_method, proof_checked_by, proof_checked_at,
           customer_id, proof_message, proof_signature, proof_tx_hash, proof_transaction_id, proof_verified_by)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (network, address) DO UPDATE SET network = EXCLUDED.network RETURNING id`,
        [
          walletKind === 'vasp' ? vaspIds[vaspIndex] : null,
          row.network,
          row.address,
          walletKind === 'self_hosted',
          proof?.method ?? null,
          proof ? officerId : null,
          walletKind === 'self_hosted' ? row.customer_id : null,
          proof?.message ?? null,
          proof?.signature ?? null,
          proof?.txHash ?? null,
          proof?.transactionId ?? null,
          proof?.verifiedBy ?? null,
        ],
      );
      addressId = attributed.rows[0]!.id;
    }
    const customer = natural(
      row.family ?? FAMILY[i % FAMILY.length]!,
      row.given ?? GIVEN[i % GIVEN.length]!,
      {
        nationalIdentification: {
          nationalIdentifier: inventedIdentityNumber(Number(row.id)),
          nationalIdentifierType: 'RAID',
          countryOfIssue: 'TR',
        },
        ...(row.birth_date
          ? { dateAndPlaceOfBirth: { dateOfBirth: row.birth_date, placeOfBirth: 'İstanbul' } }
          : {}),
      },
    );
    const other = natural(FAMILY[(i + 3) % FAMILY.length]!, GIVEN[(i + 7) % GIVEN.length]!, {
      nationalIdentification: {
        nationalIdentifier: `U${String(20_000_000 + i * 4_001)}`,
        nationalIdentifierType: 'CCPT',
      },
      geographicAddress: [{ addressType: 'HOME', townName: 'Ankara', country: 'TR' }],
    });
    const ours = legal('Backdesk Demo Borsası A.Ş.');
    const theirs = walletKind === 'vasp' ? legal(DEMO_VASPS[vaspIndex]!.name) : null;
    const withdrawal = row.type === 'withdrawal';
    // The records still missing something lack the other side's data.
    const gap = state === 'information_missing' || state === 'awaiting_counterparty' || state === 'returned';
    const parties: TravelRuleParties = {
      originator:
        withdrawal || !gap
          ? {
              originatorPersons: [withdrawal ? customer : other],
              accountNumber: [withdrawal ? 'internal' : row.address],
            }
          : null,
      beneficiary:
        !withdrawal || !gap
          ? {
              beneficiaryPersons: [withdrawal ? other : customer],
              accountNumber: [withdrawal ? row.address : 'internal'],
            }
          : null,
      originating_vasp: { originatingVASP: withdrawal ? ours : (theirs ?? ours) },
      beneficiary_vasp: { beneficiaryVASP: withdrawal ? (theirs ?? ours) : ours },
    };
    if (walletKind !== 'vasp') {
      if (withdrawal) parties.beneficiary_vasp = null;
      else parties.originating_vasp = null;
    }
    const evaluation = evaluateTravelRule({
      rules: DEFAULT_TRAVEL_RULE_RULES,
      home: state === 'not_in_scope' ? 'US' : 'TR',
      counterpartyJurisdiction: null,
      direction: row.type,
      amount: row.amount,
      rates: Object.fromEntries(
        (['TRY', 'USD', 'EUR'] as const).flatMap((q) => {
          const value = row[q.toLowerCase() as 'try' | 'usd' | 'eur'];
          return value ? [[q, value]] : [];
        }),
      ),
      walletKind,
      parties,
      selfHostedProof: walletKind === 'self_hosted',
    });
    const officerMoved = state !== 'not_in_scope' && state !== 'required_unverified';
    const deadline =
      state === 'information_missing' || state === 'awaiting_counterparty'
        ? `now() + interval '${(i % 5) - 1} days'`
        : 'NULL';
    await pool.query(
      `INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency, amount_in_currency,
         verification_required, wallet_kind, counterparty_vasp_id, counterparty_address_id, required_fields,
         missing_fields, originator, beneficiary, originating_vasp, beneficiary_vasp, deadline, state_reason,
         state_changed_by, state_changed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, ${deadline}, $17, $18,
         $19::timestamptz + interval '2 hours', $19::timestamptz)`,
      [
        row.id,
        row.type,
        // A record not in scope is shown as a US deployment sees it: below FinCEN's threshold.
        state === 'not_in_scope' && evaluation.level !== 'not_in_scope' ? 'required_unverified' : state,
        evaluation.jurisdiction,
        evaluation.currency,
        evaluation.amountInCurrency,
        evaluation.level === 'verified',
        walletKind,
        walletKind === 'vasp' ? vaspIds[vaspIndex] : null,
        addressId,
        evaluation.requiredFields,
        state === 'complete' || state === 'not_in_scope' ? [] : evaluation.missingFields,
        parties.originator,
        parties.beneficiary,
        parties.originating_vasp,
        parties.beneficiary_vasp,
        REASONS[state] ?? null,
        officerMoved ? officerId : null,
        row.created_at,
      ],
    );
  }
  // A release waiting for its second member (four-eyes): the oldest complete withdrawal at or above
  // MASAK's threshold, asked by the manager, so an admin has one to approve.
  await pool.query(
    `INSERT INTO approval_requests (kind, entity, entity_id, payload, requested_by, expires_at)
     SELECT 'travel_rule_release', 'travel_rule_record', r.id::text,
            jsonb_build_object('customer_id', w.customer_id, 'direction', r.direction, 'asset', w.asset,
              'amount', trim_scale(w.amount)::text, 'amount_in_currency', trim_scale(r.amount_in_currency)::text,
              'currency', r.currency),
            $1, now() + interval '72 hours'
     FROM travel_rule_records r JOIN wallet_transactions w ON w.id = r.transaction_id
     WHERE r.state = 'required_unverified' AND r.direction = 'withdrawal' AND r.missing_fields = '{}'
       AND r.jurisdiction = 'TR'
       AND r.amount_in_currency >= $2::numeric AND $1::integer IS NOT NULL
     ORDER BY r.id LIMIT 1`,
    [officerId, DEFAULT_TRAVEL_RULE_RULES.TR.threshold],
  );
  await pool.query('ANALYZE vasps, vasp_addresses, travel_rule_records');
  return rows.length;
}
