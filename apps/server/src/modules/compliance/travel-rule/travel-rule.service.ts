import type {
  complianceApi,
  TravelRuleJurisdiction,
  TravelRuleParties,
  TravelRuleQueueItem,
  TravelRuleRecord,
  TravelRuleState,
} from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  type Actor,
  type ChangeOutcome,
  type Changes,
  recordChange,
  type SystemActor,
} from '../../platform/audit/changes.ts';
import { maskIdentifier, maskParties } from './travel-rule-mask.ts';
import type {
  EvaluatedColumns,
  QueueRow,
  RecordRow,
  TravelRuleRecordsRepository,
} from './travel-rule-records.repository.ts';
import { readTravelRuleRules } from './travel-rule-settings.ts';
import { columns, evaluateTransfer, type Given, givenOf, heldOf } from './travel-rule-transfer.ts';

type Versioned = { id: number; version: number };

const FINAL: readonly TravelRuleState[] = ['returned', 'rejected'];
const OPEN: readonly TravelRuleState[] = [
  'required_unverified',
  'information_missing',
  'awaiting_counterparty',
];

const toQueueItem = (row: QueueRow): TravelRuleQueueItem => ({
  id: Number(row.id),
  transaction_id: Number(row.transaction_id),
  direction: row.direction,
  customer_id: Number(row.customer_id),
  user_name: row.user_name,
  asset: row.asset,
  amount: row.amount,
  jurisdiction: row.jurisdiction,
  currency: row.currency,
  amount_in_currency: row.amount_in_currency,
  state: row.state,
  wallet_kind: row.wallet_kind,
  counterparty_vasp_id: row.counterparty_vasp_id,
  counterparty_vasp_name: row.counterparty_vasp_name,
  originator_name: row.originator_name,
  beneficiary_name: row.beneficiary_name,
  originator_identifier:
    row.originator_identifier === null ? null : maskIdentifier(row.originator_identifier),
  missing_fields: row.missing_fields,
  deadline: row.deadline,
  held: row.held,
  awaiting_approval: row.awaiting_approval,
  created_at: row.created_at,
  version: row.version,
});

const partiesOf = (row: TravelRuleParties): TravelRuleParties => ({
  originator: row.originator,
  beneficiary: row.beneficiary,
  originating_vasp: row.originating_vasp,
  beneficiary_vasp: row.beneficiary_vasp,
});

function toRecord(row: RecordRow, reveal: boolean): TravelRuleRecord {
  const parties = (reveal ? partiesOf(row) : maskParties(partiesOf(row))) as Record<
    keyof TravelRuleParties,
    Record<string, unknown> | null
  >;
  return {
    ...toQueueItem(row),
    network: row.network,
    from_address: row.from_address,
    to_address: row.to_address,
    tx_hash: row.tx_hash,
    transferred_at: row.transferred_at,
    required_fields: row.required_fields,
    verification_required: row.verification_required,
    state_reason: row.state_reason,
    state_changed_by: row.state_changed_by,
    state_changed_at: row.state_changed_at,
    self_hosted_proof: row.proof_method
      ? { method: row.proof_method, checked_by: row.proof_checked_by, checked_at: row.proof_checked_at ?? '' }
      : null,
    ...parties,
    masked: !reveal,
  };
}

/** What the audit trail keeps of a record: never an identity number or a birth date in clear. */
const auditedOf = (row: RecordRow | (EvaluatedColumns & { parties: TravelRuleParties })) => {
  const parties = 'parties' in row ? row.parties : partiesOf(row);
  return {
    state: row.state,
    missing_fields: 'missingFields' in row ? row.missingFields : row.missing_fields,
    deadline: row.deadline,
    held: row.held ?? false,
    ...maskParties(parties),
  };
};

const stateOf = (row: RecordRow) => ({
  state: row.state,
  state_reason: row.state_reason,
  deadline: row.deadline,
  held: row.held,
});

export function createTravelRuleService(deps: {
  db: Db;
  repo: TravelRuleRecordsRepository;
  changes: Changes;
  clock: Clock;
  home: TravelRuleJurisdiction;
}) {
  const { db, repo, changes, clock } = deps;
  const hoursFromNow = (hours: number) => new Date(clock.now().getTime() + hours * 3_600_000).toISOString();

  const evaluate = (tx: DbOrTx, transactionId: number, parties: TravelRuleParties, given?: Given) =>
    evaluateTransfer(tx, { repo, home: deps.home }, transactionId, parties, given);

  async function locked(tx: DbOrTx, id: number, version: number): Promise<RecordRow> {
    const row = await repo.byId(tx, id, true);
    if (!row) throw new AppError('TRAVEL_RULE_RECORD_NOT_FOUND');
    if (row.version !== version) throw new AppError('STALE_EDIT');
    if (FINAL.includes(row.state)) throw new AppError('TRAVEL_RULE_RECORD_CLOSED');
    return row;
  }

  const change = (
    row: RecordRow,
    action: 'update' | 'reevaluate' | 'request_information' | 'verify' | 'return' | 'reject',
  ) =>
    ({
      entity: 'travel_rule_record',
      action,
      entityId: Number(row.id),
      customerId: Number(row.customer_id),
    }) as const;

  /** A state move by an officer: one audit row with the state, its reason and deadline. */
  function move(
    body: { id: number; version: number },
    actor: Actor,
    action: 'request_information' | 'return' | 'reject',
    next: {
      state: TravelRuleState;
      reason: string;
      deadline?: (tx: DbOrTx, row: RecordRow) => Promise<string | null>;
    },
  ) {
    return changes.run(actor, async (tx) => {
      const before = await locked(tx, body.id, body.version);
      if (action === 'request_information' && !OPEN.includes(before.state))
        throw new AppError('TRAVEL_RULE_WRONG_STATE', { state: before.state });
      const deadline = next.deadline ? await next.deadline(tx, before) : undefined;
      await repo.setState(tx, body.id, {
        state: next.state,
        memberId: actor.memberId,
        reason: next.reason,
        deadline,
      });
      const after = (await repo.byId(tx, body.id))!;
      return {
        result: toRecord(after, false),
        change: { ...change(before, action), before: stateOf(before), after: stateOf(after) },
      };
    });
  }

  /**
   * Writes a record's parties and what the rule, evaluated afresh, makes of them. A verified record
   * whose data changes is unverified again; gaps reopen a request with the jurisdiction's deadline.
   */
  async function evaluateAgain(
    tx: DbOrTx,
    before: RecordRow,
    parties: TravelRuleParties,
    actor: Actor,
  ): Promise<RecordRow> {
    const { evaluation, attribution, walletKind, rules, vaspId } = await evaluate(
      tx,
      Number(before.transaction_id),
      parties,
      givenOf(before),
    );
    let state: TravelRuleState;
    if (evaluation.state === 'not_in_scope') state = 'not_in_scope';
    else if (before.state === 'awaiting_counterparty') state = 'awaiting_counterparty';
    else state = evaluation.state;
    const deadline =
      state === 'information_missing'
        ? (before.deadline ?? hoursFromNow(rules[evaluation.jurisdiction].answer_hours))
        : state === 'awaiting_counterparty'
          ? before.deadline
          : null;
    const next = {
      ...columns(evaluation, attribution, walletKind, vaspId),
      state,
      deadline,
      parties,
      // A held deposit stays held while the rule still holds it.
      held: before.held && heldOf(before.direction, walletKind, state, evaluation.level === 'verified'),
    };
    await repo.update(tx, Number(before.id), { ...next, stateChangedBy: actor.memberId, stateReason: null });
    return (await repo.byId(tx, Number(before.id)))!;
  }

  /** The record locked at the version seen, open, and with every required field present. */
  async function verifiable(tx: DbOrTx, body: Versioned) {
    const before = await locked(tx, body.id, body.version);
    if (!OPEN.includes(before.state)) throw new AppError('TRAVEL_RULE_WRONG_STATE', { state: before.state });
    const parties = partiesOf(before);
    const evaluated = await evaluate(tx, Number(before.transaction_id), parties, givenOf(before));
    if (evaluated.evaluation.missingFields.length > 0)
      throw new AppError('TRAVEL_RULE_FIELDS_MISSING', {
        fields: evaluated.evaluation.missingFields.join(', '),
      });
    return { before, parties, ...evaluated };
  }

  async function verifyIn(
    tx: DbOrTx,
    body: Versioned,
    actor: Actor,
  ): Promise<ChangeOutcome<TravelRuleRecord>> {
    const { before, parties, evaluation, attribution, walletKind, vaspId } = await verifiable(tx, body);
    await repo.update(tx, body.id, {
      ...columns(evaluation, attribution, walletKind, vaspId),
      state: 'complete',
      deadline: null,
      // Complete releases a held deposit.
      held: false,
      parties,
      stateChangedBy: actor.memberId,
      stateReason: null,
    });
    const after = (await repo.byId(tx, body.id))!;
    return {
      result: toRecord(after, false),
      change: { ...change(before, 'verify'), before: stateOf(before), after: stateOf(after) },
    };
  }

  return {
    async queue(query: z.output<typeof complianceApi.TravelRuleQueueQuerySchema>) {
      const page = await repo.queue(db, query);
      return { ...page, items: page.items.map(toQueueItem) };
    },

    async queueCount(filters: z.output<typeof complianceApi.TravelRuleQueueFiltersSchema>) {
      return { total: await repo.queueCount(db, filters) };
    },

    async get(id: number): Promise<TravelRuleRecord> {
      const row = await repo.byId(db, id);
      if (!row) throw new AppError('TRAVEL_RULE_RECORD_NOT_FOUND');
      return toRecord(row, false);
    },

    /** The record in clear; the reveal itself is the audit row (who saw whose identity, when). */
    reveal(id: number, actor: Actor): Promise<TravelRuleRecord> {
      return changes.run(actor, async (tx) => {
        const row = await repo.byId(tx, id);
        if (!row) throw new AppError('TRAVEL_RULE_RECORD_NOT_FOUND');
        return {
          result: toRecord(row, true),
          change: {
            entity: 'travel_rule_record',
            action: 'reveal',
            entityId: Number(row.id),
            customerId: Number(row.customer_id),
            before: null,
            after: { fields: ['nationalIdentifier', 'dateOfBirth'] },
          },
        };
      });
    },

    /**
     * Opens the record of a transfer with what arrived with it: the rule decides its first state. The
     * public API's travel-rule fields (ingestion and the withdrawal check) and the demo seed come through here.
     */
    open(
      transactionId: number,
      parties: TravelRuleParties,
      actor: Actor | SystemActor,
    ): Promise<TravelRuleRecord> {
      return changes.run(actor, async (tx) => {
        const { direction, evaluation, attribution, walletKind, rules, vaspId } = await evaluate(
          tx,
          transactionId,
          parties,
        );
        const state = evaluation.state;
        const fields = {
          ...columns(evaluation, attribution, walletKind, vaspId),
          state,
          deadline:
            state === 'information_missing'
              ? hoursFromNow(rules[evaluation.jurisdiction].answer_hours)
              : null,
        };
        const id = await repo.insert(tx, { ...fields, transactionId, direction, parties });
        const row = (await repo.byId(tx, id))!;
        return {
          result: toRecord(row, false),
          change: {
            entity: 'travel_rule_record',
            action: 'create',
            entityId: id,
            customerId: Number(row.customer_id),
            before: null,
            after: auditedOf(row),
          },
        };
      });
    },

    /** Enters or corrects the parties; the rule is evaluated again (evaluateAgain). */
    edit(body: z.output<typeof complianceApi.EditTravelRuleRecordBodySchema>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await locked(tx, body.id, body.version);
        const current = partiesOf(before);
        const parties: TravelRuleParties = {
          originator: body.originator === undefined ? current.originator : body.originator,
          beneficiary: body.beneficiary === undefined ? current.beneficiary : body.beneficiary,
          originating_vasp:
            body.originating_vasp === undefined ? current.originating_vasp : body.originating_vasp,
          beneficiary_vasp:
            body.beneficiary_vasp === undefined ? current.beneficiary_vasp : body.beneficiary_vasp,
        };
        if (JSON.stringify(parties) === JSON.stringify(current))
          return { result: toRecord(before, false), change: null };
        const after = await evaluateAgain(tx, before, parties, actor);
        return {
          result: toRecord(after, false),
          change: { ...change(before, 'update'), before: auditedOf(before), after: auditedOf(after) },
        };
      });
    },

    /**
     * Evaluates the open records resting on a directory attribution again, after what the directory
     * knows of it changed (a self-hosted wallet's proof): each record whose state or missing fields
     * move is one audit row. In the caller's transaction; the number of records moved.
     */
    async reevaluateOnAddressIn(tx: Tx, addressId: number, actor: Actor): Promise<number> {
      let moved = 0;
      for (const id of await repo.openOnAddress(tx, addressId)) {
        const before = (await repo.byId(tx, id, true))!;
        const after = await evaluateAgain(tx, before, partiesOf(before), actor);
        const audited = { before: auditedOf(before), after: auditedOf(after) };
        if (JSON.stringify(audited.before) === JSON.stringify(audited.after)) continue;
        await recordChange(tx, actor, { ...change(before, 'reevaluate'), ...audited });
        moved += 1;
      }
      return moved;
    },

    requestInformation(body: z.output<typeof complianceApi.requestTravelRuleInformation.body>, actor: Actor) {
      return move(body, actor, 'request_information', {
        state: 'information_missing',
        reason: body.note,
        deadline: async (tx, row) => {
          const { rules } = await readTravelRuleRules(tx);
          return hoursFromNow(body.answer_hours ?? rules[row.jurisdiction].answer_hours);
        },
      });
    },

    /** Complete: refused while the rule, evaluated afresh, still misses a field. */
    verify(body: Versioned, actor: Actor) {
      return changes.run(actor, (tx) => verifyIn(tx, body, actor));
    },

    /** The verification in the caller's transaction, for its four-eyes release (travel-rule-release.ts). */
    verifyIn,

    /** Whether the record could be verified now (its version, state and fields), changing nothing. */
    async assertVerifiable(tx: DbOrTx, body: Versioned): Promise<void> {
      await verifiable(tx, body);
    },

    async recordIn(tx: DbOrTx, id: number): Promise<TravelRuleRecord> {
      const row = await repo.byId(tx, id);
      if (!row) throw new AppError('TRAVEL_RULE_RECORD_NOT_FOUND');
      return toRecord(row, false);
    },

    returnTransfer(body: z.output<typeof complianceApi.returnTravelRuleRecord.body>, actor: Actor) {
      return move(body, actor, 'return', {
        state: 'returned',
        reason: body.reason,
        deadline: async () => null,
      });
    },

    reject(body: z.output<typeof complianceApi.rejectTravelRuleRecord.body>, actor: Actor) {
      return move(body, actor, 'reject', {
        state: 'rejected',
        reason: body.reason,
        deadline: async () => null,
      });
    },
  };
}
export type TravelRuleService = ReturnType<typeof createTravelRuleService>;
