import type {
  Person,
  TravelRuleBlock,
  TravelRuleCurrency,
  TravelRuleDirection,
  TravelRuleJurisdiction,
  TravelRuleParties,
  TravelRuleRules,
  TravelRuleState,
  TravelRuleVaspRef,
  WalletKind,
} from '@backdesk/contract';
import { TRAVEL_RULE_JURISDICTIONS } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { type AnyActor, recordChange } from '../../platform/audit/changes.ts';
import { type Evaluation, evaluateTravelRule } from './travel-rule-evaluate.ts';
import { maskParties } from './travel-rule-mask.ts';
import {
  type Attribution,
  createTravelRuleRecordsRepository,
  type EvaluatedColumns,
  type RecordRow,
  type TravelRuleRecordsRepository,
} from './travel-rule-records.repository.ts';
import { readTravelRuleRules } from './travel-rule-settings.ts';
import { createTrpRepository } from './trp/trp.repository.ts';
import { startTrpInquiry, type TrpDeposit, trpCounterpartyOf } from './trp/trp-start.ts';

/**
 * What is known of the other side when the directory holds no address for it: the VASP the exchange
 * named (by id or LEI) or its word that the wallet is self-hosted.
 */
export interface Given {
  walletKind: Exclude<WalletKind, 'unknown'>;
  vaspId: number | null;
  jurisdiction: TravelRuleJurisdiction | null;
}

/** A record's own knowledge of its counterparty, when it came with the transfer rather than the directory. */
export const givenOf = (row: RecordRow): Given | undefined =>
  row.counterparty_address_id === null && row.wallet_kind !== 'unknown'
    ? {
        walletKind: row.wallet_kind,
        vaspId: row.counterparty_vasp_id,
        jurisdiction: row.counterparty_jurisdiction,
      }
    : undefined;

/** Reads what the rule needs of a transfer and evaluates it; every read is in `tx`. */
/**
 * What the evaluation of a transfer reads: its direction and amount, the directory's attribution of
 * the other side's address, the rules and the asset's rates at the transfer's time.
 */
export interface TransferReads {
  direction: TravelRuleDirection;
  amount: string;
  attribution: Attribution | undefined;
  rules: TravelRuleRules;
  rates: Partial<Record<TravelRuleCurrency, string>>;
}

async function readTransfer(
  tx: DbOrTx,
  repo: TravelRuleRecordsRepository,
  transactionId: number,
): Promise<TransferReads> {
  const transfer = await repo.transfer(tx, transactionId);
  if (!transfer || (transfer.type !== 'deposit' && transfer.type !== 'withdrawal'))
    throw new AppError('TRAVEL_RULE_RECORD_NOT_FOUND');
  const direction: TravelRuleDirection = transfer.type;
  // The other side's address: where a withdrawal goes, where a deposit came from.
  const address = direction === 'withdrawal' ? transfer.to_address : transfer.from_address;
  const attribution = address ? await repo.attribution(tx, transfer.network, address) : undefined;
  const { rules } = await readTravelRuleRules(tx);
  const rates = await repo.ratesAt(tx, transfer.asset, transfer.created_at);
  return { direction, amount: transfer.amount, attribution, rules, rates };
}

/** Evaluates a transfer's record for `parties`, from `reads` when the caller has them, else read in `tx`. */
export async function evaluateTransfer(
  tx: DbOrTx,
  deps: { repo: TravelRuleRecordsRepository; home: TravelRuleJurisdiction },
  transactionId: number,
  parties: TravelRuleParties,
  given?: Given,
  reads?: TransferReads,
) {
  const { direction, amount, attribution, rules, rates } =
    reads ?? (await readTransfer(tx, deps.repo, transactionId));
  // The directory's attribution wins over what the exchange says of the address.
  const walletKind: WalletKind = attribution
    ? attribution.self_hosted
      ? 'self_hosted'
      : 'vasp'
    : (given?.walletKind ?? 'unknown');
  const vaspId = attribution ? attribution.vasp_id : (given?.vaspId ?? null);
  const evaluation = evaluateTravelRule({
    rules,
    home: deps.home,
    counterpartyJurisdiction: attribution ? attribution.jurisdiction : (given?.jurisdiction ?? null),
    direction,
    amount,
    rates,
    walletKind,
    parties,
    selfHostedProof: attribution?.proof_method != null,
  });
  return { direction, evaluation, attribution, walletKind, vaspId, rules } as const;
}

export const columns = (
  e: Evaluation,
  a: Pick<Attribution, 'id'> | undefined,
  walletKind: WalletKind,
  vaspId: number | null,
): Omit<EvaluatedColumns, 'state' | 'deadline'> => ({
  jurisdiction: e.jurisdiction,
  currency: e.currency,
  amountInCurrency: e.amountInCurrency,
  verificationRequired: e.level === 'verified',
  walletKind,
  counterpartyVaspId: vaspId,
  counterpartyAddressId: a?.id ?? null,
  requiredFields: e.requiredFields,
  missingFields: e.missingFields,
});

/**
 * A deposit from a VASP is held while its information is missing and, where the rule asks for
 * verified data, until an officer has verified it; a final record keeps what it had.
 */
export const heldOf = (
  direction: TravelRuleDirection,
  walletKind: WalletKind,
  state: TravelRuleState,
  verificationRequired: boolean,
) =>
  direction === 'deposit' &&
  walletKind === 'vasp' &&
  (state === 'information_missing' ||
    (verificationRequired && (state === 'required_unverified' || state === 'awaiting_counterparty')));

/** A VASP of the directory as a travel-rule block names it. */
export type DirectoryVasp = {
  id: number;
  name: string;
  lei: string | null;
  country: string | null;
  jurisdiction: TravelRuleJurisdiction | null;
  due_diligence: string;
};

const refKey = (ref: TravelRuleVaspRef) => (ref.id !== undefined ? `id:${ref.id}` : `lei:${ref.lei}`);

/** The VASPs the blocks name, by id or LEI, in one query (keys `id:7`, `lei:…`). */
export async function directoryVasps(
  db: DbOrTx,
  refs: TravelRuleVaspRef[],
): Promise<Map<string, DirectoryVasp>> {
  const found = new Map<string, DirectoryVasp>();
  const ids = refs.flatMap((r) => (r.id !== undefined ? [r.id] : []));
  const leis = refs.flatMap((r) => (r.lei !== undefined ? [r.lei] : []));
  if (ids.length === 0 && leis.length === 0) return found;
  const { rows } = await db.execute<DirectoryVasp>(sql`
    SELECT id, name, lei, country, jurisdiction, due_diligence FROM vasps
     WHERE id = ANY(${sql.param(ids)}::int[]) OR lei = ANY(${sql.param(leis)}::text[])`);
  for (const v of rows) {
    found.set(`id:${v.id}`, v);
    if (v.lei) found.set(`lei:${v.lei}`, v);
  }
  return found;
}

/** The refs of a block, with the field each stands at. */
export const vaspRefsOf = (block: TravelRuleBlock | undefined) =>
  (
    [
      ['originatingVasp', block?.originatingVasp],
      ['beneficiaryVasp', block?.beneficiaryVasp],
    ] as const
  ).flatMap(([field, ref]) => (ref ? [{ field, ref }] : []));

/** The first VASP a block names that the directory does not hold: its field path, for the item's refusal. */
export function unknownVaspOf(
  block: TravelRuleBlock | undefined,
  vasps: Map<string, DirectoryVasp>,
): string | null {
  const missing = vaspRefsOf(block).find(({ ref }) => !vasps.has(refKey(ref)));
  return missing ? `travelRule.${missing.field}` : null;
}

/** A directory VASP as IVMS101 keeps a VASP: a legal person, its LEI as the national identification. */
const vaspPerson = (v: DirectoryVasp): Person => ({
  legalPerson: {
    name: { nameIdentifier: [{ legalPersonName: v.name, legalPersonNameIdentifierType: 'LEGL' }] },
    ...(v.lei
      ? { nationalIdentification: { nationalIdentifier: v.lei, nationalIdentifierType: 'LEIX' } }
      : {}),
    ...(v.country ? { countryOfRegistration: v.country } : {}),
  },
});

/** The parties once a block is applied over what the record held: each field given replaces its own. */
export function partiesWith(
  current: TravelRuleParties,
  block: TravelRuleBlock | undefined,
  vasps: Map<string, DirectoryVasp>,
): TravelRuleParties {
  if (!block) return current;
  const vasp = (ref: TravelRuleVaspRef | undefined) => (ref ? vasps.get(refKey(ref)) : undefined);
  const originating = vasp(block.originatingVasp);
  const beneficiary = vasp(block.beneficiaryVasp);
  return {
    originator: block.originator ?? current.originator,
    beneficiary: block.beneficiary ?? current.beneficiary,
    originating_vasp: originating ? { originatingVASP: vaspPerson(originating) } : current.originating_vasp,
    beneficiary_vasp: beneficiary ? { beneficiaryVASP: vaspPerson(beneficiary) } : current.beneficiary_vasp,
  };
}

/** The counterparty a block names: the VASP on the other side of the transfer, or a self-hosted wallet. */
export function givenBy(
  direction: TravelRuleDirection,
  block: TravelRuleBlock | undefined,
  vasps: Map<string, DirectoryVasp>,
): Given | undefined {
  if (!block) return undefined;
  if (block.selfHosted) return { walletKind: 'self_hosted', vaspId: null, jurisdiction: null };
  const ref = direction === 'withdrawal' ? block.beneficiaryVasp : block.originatingVasp;
  const v = ref ? vasps.get(refKey(ref)) : undefined;
  return v ? { walletKind: 'vasp', vaspId: v.id, jurisdiction: v.jurisdiction } : undefined;
}

/** The exchange's own jurisdiction (TRAVEL_RULE_JURISDICTION): read where the config is not at hand. */
export function homeJurisdiction(env: NodeJS.ProcessEnv = process.env): TravelRuleJurisdiction {
  const value = env.TRAVEL_RULE_JURISDICTION;
  return (TRAVEL_RULE_JURISDICTIONS as readonly string[]).includes(value ?? '')
    ? (value as TravelRuleJurisdiction)
    : 'TR';
}

/** One transfer the exchange sent (or sent again) that the travel rule may concern. */
export interface TransferTravelRuleInput {
  transactionId: number;
  customerId: number;
  direction: TravelRuleDirection;
  block: TravelRuleBlock | undefined;
  /**
   * A deposit a counterparty announced over TRP and we approved (decision 0030): its parties are the
   * inquiry's, its VASP the sender, and the record is complete once nothing the rule requires is
   * missing — the beneficiary was matched to our customer, the originator's data came from a VASP of
   * the directory.
   */
  protocol?: TrpDeposit;
  /**
   * The transfer as the caller read it just before inserting its row in this same transaction (the
   * withdrawal check's hold, whose facts statement read all of it): no record can exist yet and
   * nothing is read again — four round trips fewer on the check's connection (decision 0025).
   */
  inserted?: TransferReads;
}

const NONE: TravelRuleParties = {
  originator: null,
  beneficiary: null,
  originating_vasp: null,
  beneficiary_vasp: null,
};
const repo = createTravelRuleRecordsRepository();
const trpRepo = createTrpRepository();

/**
 * The travel-rule records of transfers just written by ingestion, in its transaction `tx`: a record
 * is opened (or its parties replaced by what the block gives) and the rule evaluated; each change is
 * one audit row with the integration as actor, and its event (held, information requested) when it is
 * one. A record already returned or rejected is final and left alone. `now` starts a deadline.
 */
export async function recordTransferTravelRules(
  tx: Tx,
  items: TransferTravelRuleInput[],
  ctx: {
    actor: AnyActor;
    home: TravelRuleJurisdiction;
    now: Date;
    vasps: Map<string, DirectoryVasp>;
  },
): Promise<void> {
  for (const item of items) {
    const before = item.inserted ? undefined : await repo.byTransaction(tx, item.transactionId);
    if (before && (before.state === 'returned' || before.state === 'rejected')) continue;
    if (before && !item.block && !item.protocol) continue;
    const current: TravelRuleParties = before
      ? {
          originator: before.originator,
          beneficiary: before.beneficiary,
          originating_vasp: before.originating_vasp,
          beneficiary_vasp: before.beneficiary_vasp,
        }
      : NONE;
    const parties = item.protocol ? item.protocol.parties : partiesWith(current, item.block, ctx.vasps);
    // An officer's verification stands while the data it verified stands.
    if (before && JSON.stringify(parties) === JSON.stringify(current)) continue;
    const given: Given | undefined = item.protocol
      ? { walletKind: 'vasp', vaspId: item.protocol.vaspId, jurisdiction: item.protocol.jurisdiction }
      : (givenBy(item.direction, item.block, ctx.vasps) ?? (before ? givenOf(before) : undefined));
    const { direction, evaluation, attribution, walletKind, vaspId, rules } = await evaluateTransfer(
      tx,
      { repo, home: ctx.home },
      item.transactionId,
      parties,
      given,
      item.inserted,
    );
    let state: TravelRuleState = evaluation.state;
    if (before?.state === 'awaiting_counterparty' && state !== 'not_in_scope')
      state = 'awaiting_counterparty';
    const complete = state !== 'not_in_scope' && evaluation.missingFields.length === 0;
    if (item.protocol && complete) state = 'complete';
    // A withdrawal to a VASP we speak TRP with travels once its data is whole (decision 0030).
    const trp =
      item.direction === 'withdrawal' && complete && state !== 'complete'
        ? await trpCounterpartyOf(tx, vaspId, before ? Number(before.id) : null)
        : undefined;
    if (trp) state = 'awaiting_counterparty';
    const deadline =
      state === 'information_missing'
        ? (before?.deadline ??
          new Date(ctx.now.getTime() + rules[evaluation.jurisdiction].answer_hours * 3_600_000).toISOString())
        : null;
    const held = heldOf(direction, walletKind, state, evaluation.level === 'verified');
    const fields = { ...columns(evaluation, attribution, walletKind, vaspId), state, deadline, held };
    let id: number;
    if (before) {
      id = Number(before.id);
      await repo.update(tx, id, { ...fields, parties, stateChangedBy: null, stateReason: null });
    } else id = await repo.insert(tx, { ...fields, transactionId: item.transactionId, direction, parties });
    if (trp)
      await startTrpInquiry(tx, { recordId: id, transactionId: item.transactionId, vasp: trp, parties });
    if (item.protocol) await trpRepo.set(tx, item.protocol.trpId, { recordId: id });
    const audited = (
      r: { state: TravelRuleState; missing: unknown; deadline: unknown; held: boolean },
      p: TravelRuleParties,
    ) => ({
      state: r.state,
      missing_fields: r.missing,
      deadline: r.deadline,
      held: r.held,
      ...maskParties(p),
    });
    await recordChange(tx, ctx.actor, {
      entity: 'travel_rule_record',
      action: before ? 'update' : 'create',
      entityId: id,
      customerId: item.customerId,
      before: before
        ? audited(
            {
              state: before.state,
              missing: before.missing_fields,
              deadline: before.deadline,
              held: before.held,
            },
            current,
          )
        : null,
      after: audited({ state, missing: evaluation.missingFields, deadline, held }, parties),
    });
  }
}
