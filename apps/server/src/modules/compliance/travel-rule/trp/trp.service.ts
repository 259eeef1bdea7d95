import {
  TRP_API_VERSION,
  TRP_SLIP0044,
  type TravelRuleJurisdiction,
  type TrpAnswer,
  type TrpConfirmation,
  type TrpInquiry,
  type TrpReceipt,
} from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../../db/client.ts';
import { enqueueJob } from '../../../../jobs/enqueue.ts';
import { AppError } from '../../../../lib/app-error.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { SecretBox } from '../../../../lib/secret-box.ts';
import type { Changes, SystemActor, VaspActor } from '../../../platform/audit/changes.ts';
import { postWebhook } from '../../../platform/outbox/webhook-transport.ts';
import { createTravelRuleRecordsRepository, type RecordRow } from '../travel-rule-records.repository.ts';
import { recordTransferTravelRules } from '../travel-rule-transfer.ts';
import { createTrpRepository, type TrpTransferRow, type TrpVasp } from './trp.repository.ts';
import { credentialHash, outboundRow } from './trp-credentials.ts';
import { beneficiaryNameMatches } from './trp-names.ts';
import { canTravel, depositOf, enqueueTrpConfirmation, TRP_JOBS, TRP_MAX_ATTEMPTS } from './trp-start.ts';

const symbolOf = (asset: TrpInquiry['asset']): string | undefined =>
  asset.symbol ?? Object.entries(TRP_SLIP0044).find(([, n]) => n === asset.slip0044)?.[0];

const auditedTransfer = (t: Pick<TrpTransferRow, 'status' | 'reason' | 'txid'>) => ({
  status: t.status,
  reason: t.reason,
  txid: t.txid,
});

const recordState = (r: RecordRow) => ({
  state: r.state,
  state_reason: r.state_reason,
  deadline: r.deadline,
  held: r.held,
});

/** A message to a counterparty could not be delivered for now: the job throws and is retried. */
class DeliveryFailed extends Error {}

export interface TrpDeps {
  db: Db;
  clock: Clock;
  home: TravelRuleJurisdiction;
  changes: Changes;
  box: SecretBox;
  /** Where counterparties reach our TRP endpoints (…/trp/v1), or undefined before the node listens. */
  ownUrl: () => string | undefined;
  timeoutMs: number;
  allowPrivate: boolean;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The Travel Rule Protocol between exchanges (docs/decisions/0030-travel-rule-protocol.md): what we
 * do with a counterparty's inquiry, answer and confirmation, and the jobs that send ours. Every move
 * is one audit row with the counterparty (or the system, for a delivery) as actor.
 */
export function createTrpService(deps: TrpDeps) {
  const { db, changes, box } = deps;
  const repo = createTrpRepository();
  const records = createTravelRuleRecordsRepository();

  return {
    /** The VASP behind a bearer token, allowed to speak TRP with us (protocol trp, not rejected). */
    async authenticate(authorization: string | undefined): Promise<TrpVasp> {
      const token = /^Bearer (\S{16,500})$/.exec(authorization ?? '')?.[1];
      const vasp = token ? await repo.vaspByCredential(db, credentialHash(token)) : undefined;
      if (!vasp) throw new AppError('TRP_UNAUTHENTICATED');
      if (vasp.protocol !== 'trp' || vasp.due_diligence === 'rejected')
        throw new AppError('TRP_VASP_NOT_ALLOWED');
      return vasp;
    },

    /**
     * An inquiry about a deposit to one of our customers (we are the beneficiary VASP). The customer
     * is the one whose deposits arrive at the beneficiary's account number; the name given must be
     * theirs. The decision is kept and its answer goes to the callback by a job; the same request
     * again (a retry) is answered as the first time.
     */
    receiveInquiry(
      vasp: TrpVasp,
      requestId: string,
      inquiry: TrpInquiry,
      actor: VaspActor,
    ): Promise<TrpReceipt> {
      return changes.run(actor, async (tx) => {
        const seen = await repo.byRequest(tx, 'beneficiary', vasp.id, requestId);
        if (seen) return { result: { status: 'received' as const }, change: null };
        const { beneficiary, originator } = inquiry.IVMS101;
        const address = beneficiary.accountNumber?.[0] ?? '';
        const asset = symbolOf(inquiry.asset);
        const customer = address ? await repo.depositCustomer(tx, address) : undefined;
        let reason: string | null = null;
        if (!asset) reason = 'The asset is not one we hold';
        else if (!customer) reason = 'The beneficiary account is not one of our customers';
        else if (
          !beneficiaryNameMatches(beneficiary, {
            givenName: customer.given_name,
            familyName: customer.family_name,
          })
        )
          reason = 'The beneficiary name does not match our customer';
        const status = reason === null ? 'approved' : 'rejected';
        const id = await repo.insert(tx, {
          role: 'beneficiary',
          request_id: requestId,
          vasp_id: vasp.id,
          customer_id: customer?.id ?? null,
          asset: asset ?? '',
          amount: inquiry.amount,
          address,
          originator,
          beneficiary,
          originating_vasp: inquiry.IVMS101.originatingVASP ?? null,
          beneficiary_vasp: inquiry.IVMS101.beneficiaryVASP ?? null,
          callback: inquiry.callback,
          status,
          reason,
        });
        await enqueueJob(tx, TRP_JOBS.answer, { id }, { maxAttempts: TRP_MAX_ATTEMPTS });
        return {
          result: { status: 'received' as const },
          change: {
            entity: 'trp_transfer',
            action: status === 'approved' ? 'approve' : 'reject',
            entityId: id,
            customerId: customer?.id ?? null,
            before: null,
            after: {
              role: 'beneficiary',
              request_id: requestId,
              address,
              ...auditedTransfer({ status, reason, txid: null }),
            },
          },
        };
      });
    },

    /**
     * The beneficiary VASP's answer to our inquiry (we are the originator): approved, the record is
     * complete and the withdrawal may go; rejected, the record is rejected and the withdrawal check
     * blocks it (TRAVEL_RULE_REJECTED). An approval naming another address than the withdrawal's is
     * a rejection: the funds would not reach the customer it approved.
     */
    receiveAnswer(
      vasp: TrpVasp,
      requestId: string,
      answer: TrpAnswer,
      actor: VaspActor,
    ): Promise<TrpReceipt> {
      return changes.run(actor, async (tx) => {
        const t = await repo.byRequest(tx, 'originator', vasp.id, requestId);
        if (!t?.record_id) throw new AppError('TRP_TRANSFER_NOT_FOUND');
        const approved = 'approved' in answer ? answer.approved : undefined;
        const status = approved ? 'approved' : 'rejected';
        if (t.status !== 'sent') {
          if (t.status === status) return { result: { status }, change: null };
          throw new AppError('TRP_TRANSFER_ANSWERED', { status: t.status });
        }
        const before = (await records.byId(tx, t.record_id, true))!;
        const withdrawal = (await repo.withdrawalOf(tx, t.record_id))!;
        const sameAddress = !approved || approved.address === withdrawal.to_address;
        const reason = !approved
          ? (answer as { rejected: string }).rejected
          : sameAddress
            ? null
            : `The approval names ${approved.address}, not the withdrawal's address`;
        const final = approved && sameAddress ? 'approved' : 'rejected';
        await repo.set(tx, t.id, { status: final, reason, callback: approved?.callback ?? null });
        if (before.state !== 'returned' && before.state !== 'rejected')
          await records.setState(tx, t.record_id, {
            state: final === 'approved' ? 'complete' : 'rejected',
            memberId: null,
            reason: final === 'approved' ? `TRP: approved by ${vasp.name}` : `TRP: ${reason}`,
            deadline: null,
          });
        if (final === 'approved' && withdrawal.tx_hash) await enqueueTrpConfirmation(tx, t.id);
        const after = (await records.byId(tx, t.record_id))!;
        // The TRP transfer's own move is bookkeeping of this one: its status rides in the same row.
        return {
          result: { status: final },
          change: {
            entity: 'travel_rule_record',
            action: final === 'approved' ? 'verify' : 'reject',
            entityId: t.record_id,
            customerId: Number(before.customer_id),
            before: { ...recordState(before), trp: auditedTransfer(t) },
            after: { ...recordState(after), trp: auditedTransfer({ status: final, reason, txid: null }) },
          },
        };
      });
    },

    /**
     * The originator's confirmation of a transfer we approved: its txid (the deposit it announces is
     * then found by it, or now if it is already here) or its cancellation.
     */
    receiveConfirmation(
      vasp: TrpVasp,
      requestId: string,
      message: TrpConfirmation,
      actor: VaspActor,
    ): Promise<TrpReceipt> {
      return changes.run(actor, async (tx) => {
        const t = await repo.byRequest(tx, 'beneficiary', vasp.id, requestId);
        if (!t) throw new AppError('TRP_TRANSFER_NOT_FOUND');
        const next = 'txid' in message ? 'confirmed' : 'canceled';
        if (t.status !== 'approved') {
          if (t.status === next) return { result: { status: next }, change: null };
          throw new AppError('TRP_TRANSFER_ANSWERED', { status: t.status });
        }
        const txid = 'txid' in message ? message.txid : null;
        const reason = 'canceled' in message ? message.canceled : null;
        await repo.set(tx, t.id, { status: next, txid, reason });
        if (txid && t.record_id === null)
          await openAnnouncedDeposit(tx, t, txid, { actor, home: deps.home, now: deps.clock.now() });
        return {
          result: { status: next },
          change: {
            entity: 'trp_transfer',
            action: next === 'confirmed' ? 'confirm' : 'cancel',
            entityId: t.id,
            customerId: t.customer_id,
            before: auditedTransfer(t),
            after: auditedTransfer({ status: next, reason, txid }),
          },
        };
      });
    },

    /** Job: our inquiry to the beneficiary VASP's TRP endpoint. */
    async sendInquiry(id: number): Promise<void> {
      const t = await repo.byId(db, id);
      if (t?.status !== 'sent') return;
      const own = ownUrlOrRetry();
      await deliver(t, `${(await linked(t.vasp_id)).trp_url}/inquiries`, {
        asset: {
          symbol: t.asset,
          ...(TRP_SLIP0044[t.asset] !== undefined ? { slip0044: TRP_SLIP0044[t.asset] } : {}),
        },
        amount: t.amount,
        callback: `${own}/transfers/${t.request_id}/answer`,
        IVMS101: {
          originator: t.originator,
          beneficiary: t.beneficiary,
          ...(t.originating_vasp ? { originatingVASP: t.originating_vasp } : {}),
          ...(t.beneficiary_vasp ? { beneficiaryVASP: t.beneficiary_vasp } : {}),
        },
      });
    },

    /** Job: our answer to a counterparty's inquiry, to its callback. */
    async sendAnswer(id: number): Promise<void> {
      const t = await repo.byId(db, id);
      if (!t?.callback || t.role !== 'beneficiary') return;
      const own = ownUrlOrRetry();
      await deliver(
        t,
        t.callback,
        t.status === 'rejected'
          ? { rejected: t.reason ?? 'Rejected' }
          : { approved: { address: t.address, callback: `${own}/transfers/${t.request_id}/confirm` } },
      );
    },

    /** Job: the txid of an approved withdrawal, to the approval's callback; then it is confirmed. */
    async sendConfirmation(id: number): Promise<void> {
      const t = await repo.byId(db, id);
      if (!t?.callback || t.status !== 'approved' || t.record_id === null) return;
      const withdrawal = await repo.withdrawalOf(db, t.record_id);
      if (!withdrawal?.tx_hash) return;
      await deliver(t, t.callback, { txid: withdrawal.tx_hash });
      const actor: SystemActor = { memberId: null, requestId: `trp:${t.request_id}` };
      await changes.run(actor, async (tx) => {
        const now = (await repo.byId(tx, id, true))!;
        if (now.status !== 'approved') return { result: undefined, change: null };
        await repo.set(tx, id, { status: 'confirmed', txid: withdrawal.tx_hash });
        return {
          result: undefined,
          change: {
            entity: 'trp_transfer',
            action: 'confirm',
            entityId: id,
            before: auditedTransfer(now),
            after: auditedTransfer({ ...now, status: 'confirmed', txid: withdrawal.tx_hash }),
          },
        };
      });
    },
  };

  function ownUrlOrRetry(): string {
    const own = deps.ownUrl();
    if (!own) throw new DeliveryFailed('this node is not listening yet');
    return own;
  }

  async function linked(vaspId: number): Promise<TrpVasp & { trp_url: string; trp_outbound_sealed: Buffer }> {
    const vasp = await repo.vasp(db, vaspId);
    // Unlinked or rejected since: nothing goes to it (the job ends; an officer sees the record wait).
    if (!canTravel(vasp)) throw new AppError('TRP_NOT_CONFIGURED');
    return vasp;
  }

  /**
   * One POST to the counterparty with its token and TRP's headers. A network fault, a 5xx or a 429
   * throws, so the job is retried with backoff; another refusal is final: our side is marked failed
   * and, for our own inquiry, the record goes back to the officers (information_missing).
   */
  async function deliver(t: TrpTransferRow, url: string, message: object): Promise<void> {
    const vasp = await linked(t.vasp_id);
    const token = box.open(outboundRow(vasp.id), vasp.trp_outbound_sealed);
    const result = await postWebhook(
      url,
      {
        authorization: `Bearer ${token}`,
        'api-version': TRP_API_VERSION,
        'request-identifier': t.request_id,
      },
      JSON.stringify(message),
      { timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivate },
    );
    if (result.status !== null && result.status >= 200 && result.status < 300) return;
    if (result.status === null || result.status >= 500 || result.status === 429)
      throw new DeliveryFailed(`${url}: ${result.status ?? result.error}`);
    deps.log.warn({ url, status: result.status, body: result.body }, 'TRP message refused');
    const reason = `TRP: ${vasp.name} refused the message (HTTP ${result.status})`;
    await changes.run({ memberId: null, requestId: `trp:${t.request_id}` }, async (tx) => {
      await repo.set(tx, t.id, { status: 'failed', reason });
      if (t.role !== 'originator' || t.record_id === null || t.status !== 'sent')
        return { result: undefined, change: null };
      const before = (await records.byId(tx, t.record_id, true))!;
      if (before.state !== 'awaiting_counterparty') return { result: undefined, change: null };
      await records.setState(tx, t.record_id, { state: 'information_missing', memberId: null, reason });
      const after = (await records.byId(tx, t.record_id))!;
      return {
        result: undefined,
        change: {
          entity: 'travel_rule_record',
          action: 'update',
          entityId: t.record_id,
          customerId: Number(before.customer_id),
          before: { ...recordState(before), trp: auditedTransfer(t) },
          after: { ...recordState(after), trp: auditedTransfer({ ...t, status: 'failed', reason }) },
        },
      };
    });
  }
}
export type TrpService = ReturnType<typeof createTrpService>;

/** A confirmed deposit already here when its txid arrives: its record opens now, with the inquiry's parties. */
async function openAnnouncedDeposit(
  tx: Tx,
  t: TrpTransferRow,
  txid: string,
  ctx: { actor: VaspActor; home: TravelRuleJurisdiction; now: Date },
): Promise<void> {
  const { rows } = await tx.execute<{ id: number; customer_id: number }>(sql`
    SELECT id, customer_id FROM wallet_transactions
     WHERE type = 'deposit' AND tx_hash = ${txid} AND customer_id = ${t.customer_id} AND to_address = ${t.address}
     LIMIT 1`);
  const w = rows[0];
  if (!w) return;
  const vasp = (await createTrpRepository().vasp(tx, t.vasp_id))!;
  await recordTransferTravelRules(
    tx,
    [
      {
        transactionId: Number(w.id),
        customerId: Number(w.customer_id),
        direction: 'deposit',
        block: undefined,
        protocol: depositOf(t, vasp),
      },
    ],
    { ...ctx, vasps: new Map() },
  );
}
