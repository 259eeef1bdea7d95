import type {
  ListTotal,
  SelfHostedProof,
  TravelRuleCurrency,
  TravelRuleDirection,
  TravelRuleField,
  TravelRuleJurisdiction,
  TravelRuleParties,
  TravelRuleState,
  WalletKind,
} from '@backdesk/contract';
import { TRAVEL_RULE_OPEN_STATES } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { listKeysetPage } from '../../../lib/counted-page.ts';
import { allOf } from '../../../lib/list-query.ts';

/**
 * The queue's partial indexes hold exactly these states (migration 0053). Written into the text, not
 * bound: a prepared statement's generic plan can use a partial index only when its predicate is
 * visible in the text (the states are the contract's constants).
 */
const OPEN = sql.raw(`r.state IN (${TRAVEL_RULE_OPEN_STATES.map((s) => `'${s}'`).join(', ')})`);

const SORT = { created_at: sql`r.created_at`, deadline: sql`r.deadline` } as const;

/** The first name identifier of a party's first person, as an officer reads it ("Demir, Ayşe"). */
export const firstName = (party: SQL, persons: string) => sql`(
  SELECT coalesce(n->>'primaryIdentifier' || coalesce(', ' || (n->>'secondaryIdentifier'), ''), n->>'legalPersonName')
  FROM jsonb_path_query_first(${party}, ${`$.${persons}[0].*.name.nameIdentifier[0]`}::jsonpath) AS n)`;

const QUEUE_COLUMNS = sql`
  r.id, r.transaction_id, r.direction, w.customer_id, c.user_name, w.asset, trim_scale(w.amount)::text AS amount,
  r.jurisdiction, r.currency, trim_scale(r.amount_in_currency)::text AS amount_in_currency, r.state,
  r.wallet_kind, r.counterparty_vasp_id, v.name AS counterparty_vasp_name,
  ${firstName(sql`r.originator`, 'originatorPersons')} AS originator_name,
  ${firstName(sql`r.beneficiary`, 'beneficiaryPersons')} AS beneficiary_name,
  jsonb_path_query_first(r.originator, '$.originatorPersons[*].*.nationalIdentification.nationalIdentifier') #>> '{}'
    AS originator_identifier,
  r.missing_fields, ${isoUtc(sql`r.deadline`)} AS deadline, r.held, ${isoUtc(sql`r.created_at`)} AS created_at, r.version,
  EXISTS (SELECT 1 FROM approval_requests ar
    WHERE ar.kind = 'travel_rule_release' AND ar.entity = 'travel_rule_record' AND ar.entity_id = r.id::text
      AND ar.status = 'pending' AND ar.expires_at > now()) AS awaiting_approval`;

const RECORD_COLUMNS = sql`${QUEUE_COLUMNS},
  w.network, w.from_address, w.to_address, w.tx_hash, ${isoUtc(sql`w.created_at`)} AS transferred_at,
  r.required_fields, r.verification_required, r.state_reason, sb.display_name AS state_changed_by,
  ${isoUtc(sql`r.state_changed_at`)} AS state_changed_at, r.counterparty_address_id,
  a.proof_method, pb.display_name AS proof_checked_by, ${isoUtc(sql`a.proof_checked_at`)} AS proof_checked_at,
  r.originator, r.beneficiary, r.originating_vasp, r.beneficiary_vasp, v.jurisdiction AS counterparty_jurisdiction`;

const FROM = sql`travel_rule_records r
  JOIN wallet_transactions w ON w.id = r.transaction_id
  JOIN customers c ON c.id = w.customer_id
  LEFT JOIN vasps v ON v.id = r.counterparty_vasp_id`;

const RECORD_FROM = sql`${FROM}
  LEFT JOIN vasp_addresses a ON a.id = r.counterparty_address_id
  LEFT JOIN staff_members sb ON sb.id = r.state_changed_by
  LEFT JOIN staff_members pb ON pb.id = a.proof_checked_by`;

export type QueueRow = {
  id: number;
  transaction_id: number;
  direction: TravelRuleDirection;
  customer_id: number;
  user_name: string;
  asset: string;
  amount: string;
  jurisdiction: TravelRuleJurisdiction;
  currency: TravelRuleCurrency;
  amount_in_currency: string | null;
  state: TravelRuleState;
  wallet_kind: WalletKind;
  counterparty_vasp_id: number | null;
  counterparty_vasp_name: string | null;
  originator_name: string | null;
  beneficiary_name: string | null;
  originator_identifier: string | null;
  missing_fields: TravelRuleField[];
  deadline: string | null;
  held: boolean;
  /** A four-eyes release asked and not yet decided (travel-rule-release.ts). */
  awaiting_approval: boolean;
  created_at: string;
  version: number;
};

export type RecordRow = QueueRow &
  TravelRuleParties & {
    network: string;
    from_address: string | null;
    to_address: string | null;
    tx_hash: string | null;
    transferred_at: string;
    required_fields: TravelRuleField[];
    verification_required: boolean;
    state_reason: string | null;
    state_changed_by: string | null;
    state_changed_at: string;
    counterparty_address_id: number | null;
    proof_method: SelfHostedProof | null;
    proof_checked_by: string | null;
    proof_checked_at: string | null;
    counterparty_jurisdiction: TravelRuleJurisdiction | null;
  };

export interface QueueFilters {
  state?: TravelRuleState;
  jurisdiction?: TravelRuleJurisdiction;
  direction?: TravelRuleDirection;
  vaspId?: number;
}

/** The queue's condition over `r` for its filters (exported for the plan test). */
export function queueWhere(f: QueueFilters): SQL {
  return allOf(
    [
      OPEN,
      f.state ? sql`r.state = ${f.state}` : undefined,
      f.jurisdiction ? sql`r.jurisdiction = ${f.jurisdiction}` : undefined,
      f.direction ? sql`r.direction = ${f.direction}` : undefined,
      f.vaspId ? sql`r.counterparty_vasp_id = ${f.vaspId}` : undefined,
    ].filter((c): c is SQL => c !== undefined),
  );
}

/** What the rule's evaluation wrote of a record: the indexed columns beside the parties. */
export interface EvaluatedColumns {
  state: TravelRuleState;
  jurisdiction: TravelRuleJurisdiction;
  currency: TravelRuleCurrency;
  amountInCurrency: string | null;
  verificationRequired: boolean;
  walletKind: WalletKind;
  counterpartyVaspId: number | null;
  counterpartyAddressId: number | null;
  requiredFields: TravelRuleField[];
  missingFields: TravelRuleField[];
  deadline: string | null;
  /** Left as it is when not given. */
  held?: boolean;
}

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
const json = (value: unknown) => (value === null ? sql`NULL` : sql`${JSON.stringify(value)}::jsonb`);

export type TransferFacts = {
  id: number;
  type: string;
  asset: string;
  network: string;
  amount: string;
  from_address: string | null;
  to_address: string | null;
  created_at: string;
};

export type Attribution = {
  id: number;
  vasp_id: number | null;
  self_hosted: boolean;
  proof_method: SelfHostedProof | null;
  jurisdiction: TravelRuleJurisdiction | null;
};

export function createTravelRuleRecordsRepository() {
  return {
    async queue(
      db: DbOrTx,
      request: QueueFilters & {
        sort: keyof typeof SORT;
        dir: 'asc' | 'desc';
        cursor?: string;
        limit: number;
      },
    ) {
      // The total comes apart (queueCount), asked once per filter rather than with every page.
      return listKeysetPage<QueueRow>(
        db,
        {
          columns: QUEUE_COLUMNS,
          from: FROM,
          filter: queueWhere(request),
          sort: SORT[request.sort],
          id: sql`r.id`,
          dir: request.dir,
          // Its five joins took 3–5 ms to plan against 1 ms to run (decision 0031).
          prepared: true,
        },
        request,
      );
    },

    /** The queue's filters are the record's own columns: counted without the joins (migration 0059). */
    queueCount(db: DbOrTx, filters: QueueFilters): Promise<ListTotal> {
      return boundedCount(db, sql`travel_rule_records r WHERE ${queueWhere(filters)}`);
    },

    // The record's seven joins cost ~5 ms to plan and 0.4 ms to run: prepared, planned once a
    // connection (decision 0031).
    async byId(db: DbOrTx, id: number, lock = false): Promise<RecordRow | undefined> {
      const rows = await executePrepared<RecordRow>(
        db,
        sql`SELECT ${RECORD_COLUMNS} FROM ${RECORD_FROM} WHERE r.id = ${id}${lock ? sql` FOR UPDATE OF r` : sql``}`,
      );
      return rows[0];
    },

    /** The open records resting on a directory attribution, oldest first. */
    async openOnAddress(db: DbOrTx, addressId: number): Promise<number[]> {
      const { rows } = await db.execute<{ id: string }>(sql`
        SELECT r.id FROM travel_rule_records r
        WHERE r.counterparty_address_id = ${addressId} AND ${OPEN} ORDER BY r.id`);
      return rows.map((r) => Number(r.id));
    },

    /** The record of a transfer, locked for a change in `tx`. */
    async byTransaction(tx: DbOrTx, transactionId: number): Promise<RecordRow | undefined> {
      const rows = await executePrepared<RecordRow>(
        tx,
        sql`SELECT ${RECORD_COLUMNS} FROM ${RECORD_FROM} WHERE r.transaction_id = ${transactionId} FOR UPDATE OF r`,
      );
      return rows[0];
    },

    async transfer(db: DbOrTx, transactionId: number): Promise<TransferFacts | undefined> {
      const { rows } = await db.execute<TransferFacts>(sql`
        SELECT id, type, asset, network, trim_scale(amount)::text AS amount, from_address, to_address,
               ${isoUtc(sql`created_at`)} AS created_at
        FROM wallet_transactions WHERE id = ${transactionId}`);
      return rows[0];
    },

    /** The attribution of an address on a network: an exact one, else the longest matching range. */
    async attribution(db: DbOrTx, network: string, address: string): Promise<Attribution | undefined> {
      const { rows } = await db.execute<Attribution>(sql`
        SELECT a.id, a.vasp_id, a.self_hosted, a.proof_method, v.jurisdiction
        FROM vasp_addresses a LEFT JOIN vasps v ON v.id = a.vasp_id
        WHERE a.network = ${network}
          AND (a.address = ${address} OR (a.is_prefix AND starts_with(${address}, a.address)))
        ORDER BY a.is_prefix, length(a.address) DESC LIMIT 1`);
      return rows[0];
    },

    /** The asset's latest price in each currency at or before the moment (the exchange's own rates). */
    async ratesAt(
      db: DbOrTx,
      asset: string,
      at: string,
    ): Promise<Partial<Record<TravelRuleCurrency, string>>> {
      const { rows } = await db.execute<{ quote: TravelRuleCurrency; rate: string }>(sql`
        SELECT q.quote, x.rate FROM (VALUES ('TRY'), ('USD'), ('EUR')) AS q(quote)
        CROSS JOIN LATERAL (
          SELECT trim_scale(rate)::text AS rate FROM asset_rates
          WHERE asset = ${asset} AND quote = q.quote AND at <= ${at}::timestamptz
          ORDER BY at DESC LIMIT 1) x`);
      return Object.fromEntries(rows.map((r) => [r.quote, r.rate]));
    },

    async insert(
      tx: DbOrTx,
      r: EvaluatedColumns & {
        transactionId: number;
        direction: TravelRuleDirection;
        parties: TravelRuleParties;
      },
    ): Promise<number> {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency, amount_in_currency,
          verification_required, wallet_kind, counterparty_vasp_id, counterparty_address_id, required_fields,
          missing_fields, originator, beneficiary, originating_vasp, beneficiary_vasp, deadline, held)
        VALUES (${r.transactionId}, ${r.direction}, ${r.state}, ${r.jurisdiction}, ${r.currency},
          ${r.amountInCurrency}::numeric, ${r.verificationRequired}, ${r.walletKind}, ${r.counterpartyVaspId},
          ${r.counterpartyAddressId}, ${textArray(r.requiredFields)}, ${textArray(r.missingFields)},
          ${json(r.parties.originator)}, ${json(r.parties.beneficiary)}, ${json(r.parties.originating_vasp)},
          ${json(r.parties.beneficiary_vasp)}, ${r.deadline}::timestamptz, ${r.held ?? false})
        RETURNING id`);
      return Number(rows[0]!.id);
    },

    /** Writes an edit's parties and the evaluation worked out again; the caller decides the state. */
    async update(
      tx: DbOrTx,
      id: number,
      r: EvaluatedColumns & {
        parties: TravelRuleParties;
        stateChangedBy?: number | null;
        stateReason?: string | null;
      },
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE travel_rule_records SET
          state_changed_at = CASE WHEN state = ${r.state} THEN state_changed_at ELSE now() END,
          state_changed_by = CASE WHEN state = ${r.state} THEN state_changed_by ELSE ${r.stateChangedBy ?? null}::integer END,
          state_reason = CASE WHEN state = ${r.state} THEN state_reason ELSE ${r.stateReason ?? null} END,
          state = ${r.state}, jurisdiction = ${r.jurisdiction}, currency = ${r.currency},
          amount_in_currency = ${r.amountInCurrency}::numeric, verification_required = ${r.verificationRequired},
          wallet_kind = ${r.walletKind}, counterparty_vasp_id = ${r.counterpartyVaspId},
          counterparty_address_id = ${r.counterpartyAddressId}, required_fields = ${textArray(r.requiredFields)},
          missing_fields = ${textArray(r.missingFields)}, originator = ${json(r.parties.originator)},
          beneficiary = ${json(r.parties.beneficiary)}, originating_vasp = ${json(r.parties.originating_vasp)},
          beneficiary_vasp = ${json(r.parties.beneficiary_vasp)}, deadline = ${r.deadline}::timestamptz,
          held = ${r.held === undefined ? sql`held` : sql`${r.held}`}, updated_at = now(), version = version + 1
        WHERE id = ${id}`);
    },

    /** An officer's move of the state: who, why, and the deadline that goes with it. */
    async setState(
      tx: DbOrTx,
      id: number,
      s: { state: TravelRuleState; memberId: number | null; reason: string | null; deadline?: string | null },
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE travel_rule_records SET state = ${s.state}, state_changed_by = ${s.memberId},
          state_changed_at = now(), state_reason = ${s.reason},
          deadline = ${s.deadline === undefined ? sql`deadline` : sql`${s.deadline}::timestamptz`},
          updated_at = now(), version = version + 1
        WHERE id = ${id}`);
    },
  };
}
export type TravelRuleRecordsRepository = ReturnType<typeof createTravelRuleRecordsRepository>;
