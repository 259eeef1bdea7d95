import { randomUUID } from 'node:crypto';
import type { TravelRuleJurisdiction, TravelRuleParties } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { enqueueJob } from '../../../../jobs/enqueue.ts';
import { createTrpRepository, type TrpTransferRow, type TrpVasp } from './trp.repository.ts';

/** The TRP jobs (decision 0012: each runs once across nodes, retried with backoff until it is delivered). */
export const TRP_JOBS = {
  /** Our inquiry about a withdrawal, to the beneficiary VASP. */
  inquire: 'travel-rule.trp-inquire',
  /** Our answer to a counterparty's inquiry, to its callback. */
  answer: 'travel-rule.trp-answer',
  /** Our confirmation (txid) of an approved withdrawal, to the approval's callback. */
  confirm: 'travel-rule.trp-confirm',
} as const;

/** graphile-worker's backoff over this many attempts spans about a day and a half. */
export const TRP_MAX_ATTEMPTS = 16;

const repo = createTrpRepository();

/**
 * A deposit a counterparty announced over TRP and we approved: the inquiry's parties, the sending
 * VASP and its jurisdiction (its record is complete once nothing the rule requires is missing).
 */
export interface TrpDeposit {
  trpId: number;
  parties: TravelRuleParties;
  vaspId: number;
  jurisdiction: TravelRuleJurisdiction | null;
}

/** A VASP data may travel to over TRP: linked (address and its token for us), due diligence not rejected. */
export const canTravel = (
  v: TrpVasp | undefined,
): v is TrpVasp & { trp_url: string; trp_outbound_sealed: Buffer } =>
  v !== undefined &&
  v.protocol === 'trp' &&
  v.due_diligence !== 'rejected' &&
  v.trp_url !== null &&
  v.trp_outbound_sealed !== null;

/** The counterparty a withdrawal's record may be sent to over TRP now, if any (none once an inquiry went). */
export async function trpCounterpartyOf(
  tx: DbOrTx,
  vaspId: number | null,
  recordId: number | null,
): Promise<TrpVasp | undefined> {
  if (vaspId === null) return undefined;
  if (recordId !== null && (await repo.ofRecord(tx, recordId))) return undefined;
  const vasp = await repo.vasp(tx, vaspId);
  return canTravel(vasp) ? vasp : undefined;
}

/**
 * Opens our side of a TRP exchange for a withdrawal's record and enqueues the inquiry, in the
 * caller's transaction: the job is committed with the record's move to `awaiting_counterparty`, so
 * a node dying after the commit loses nothing, and a rollback sends nothing.
 */
export async function startTrpInquiry(
  tx: DbOrTx,
  c: { recordId: number; transactionId: number; vasp: TrpVasp; parties: TravelRuleParties },
): Promise<void> {
  const { rows } = await tx.execute<{ asset: string; amount: string; to_address: string | null }>(sql`
    SELECT asset, trim_scale(amount)::text AS amount, to_address FROM wallet_transactions WHERE id = ${c.transactionId}`);
  const w = rows[0]!;
  if (!c.parties.originator || !c.parties.beneficiary) return;
  const id = await repo.insert(tx, {
    role: 'originator',
    request_id: randomUUID(),
    vasp_id: c.vasp.id,
    record_id: c.recordId,
    customer_id: null,
    asset: w.asset,
    amount: w.amount,
    address: w.to_address ?? '',
    originator: c.parties.originator,
    beneficiary: c.parties.beneficiary,
    originating_vasp: c.parties.originating_vasp,
    beneficiary_vasp: c.parties.beneficiary_vasp,
    callback: null,
    status: 'sent',
    reason: null,
  });
  await enqueueJob(tx, TRP_JOBS.inquire, { id }, { maxAttempts: TRP_MAX_ATTEMPTS });
}

/** Enqueues the confirmation of an approved withdrawal now sent (once while one waits). */
export const enqueueTrpConfirmation = (tx: DbOrTx, trpId: number) =>
  enqueueJob(
    tx,
    TRP_JOBS.confirm,
    { id: trpId },
    { maxAttempts: TRP_MAX_ATTEMPTS, jobKey: `trp-confirm:${trpId}`, jobKeyMode: 'keep' },
  );

/**
 * What transfers just written continue of TRP exchanges, in one query: the deposits an approved
 * inquiry announced (their record opens with the inquiry's parties) and the withdrawals whose
 * confirmation is now due (enqueued here).
 */
export async function continueTrpTransfers(
  tx: DbOrTx,
  transactionIds: number[],
): Promise<Map<number, TrpDeposit>> {
  const deposits = new Map<number, TrpDeposit>();
  for (const c of await repo.continuedBy(tx, transactionIds)) {
    if (c.kind === 'confirm') {
      await enqueueTrpConfirmation(tx, c.trp_id);
      continue;
    }
    const t = (await repo.byId(tx, c.trp_id, true))!;
    deposits.set(c.transaction_id, depositOf(t, (await repo.vasp(tx, t.vasp_id))!));
  }
  return deposits;
}

/** What an approved inquiry brings to the deposit it announced: the record opens with its parties. */
export const depositOf = (t: TrpTransferRow, vasp: Pick<TrpVasp, 'jurisdiction'>): TrpDeposit => ({
  trpId: t.id,
  vaspId: t.vasp_id,
  jurisdiction: vasp.jurisdiction,
  parties: {
    originator: t.originator,
    beneficiary: t.beneficiary,
    originating_vasp: t.originating_vasp,
    beneficiary_vasp: t.beneficiary_vasp,
  },
});
