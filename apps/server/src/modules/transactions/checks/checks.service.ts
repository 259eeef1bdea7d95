import { randomUUID } from 'node:crypto';
import {
  type CheckAnswer,
  type CheckReason,
  checksApi,
  type P2pCheckBody,
  type WithdrawalCheckBody,
} from '@backdesk/contract';
import type { TravelRuleJurisdiction } from '@backdesk/contract/compliance/keys';
import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import { assetOfContract, selectLimit } from '@backdesk/contract/rules';
import type { CheckDecision, CheckKind } from '@backdesk/contract/transactions/keys';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { readTogether } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { ServerTiming } from '../../../lib/server-timing.ts';
import {
  type CurrentRuleVersion,
  checkedVasps,
  type createFraudBlocklistRepository,
  type createScreeningRepository,
  type ProbeHit,
  probeHits,
  probeQueries,
  probeRules,
  recordTransferTravelRules,
  screeningHitsOf,
  travelRuleCheckReasons,
  versionsOf,
  withdrawalReadsOf,
} from '../../compliance/index.ts';
import type { Changes, IntegrationActor } from '../../platform/audit/changes.ts';
import type { LimitsRepository } from '../limits/limits.repository.ts';
import type { WalletTransactionsRepository } from '../wallet/wallet-transactions.repository.ts';
import { limitOutcomes, type Outcome, withdrawalOutcomes } from '../wallet/withdrawal-checks.ts';
import type { CheckedCustomer, CheckFilters, ChecksRepository } from './checks.repository.ts';

const { checkReason } = checksApi;

/** Who asks: an integration, never a member; changes it causes are audited as its own. */
export type CheckActor = IntegrationActor;

export interface CheckTiming {
  /**
   * The `performance.now()` instant past which the exchange's client no longer waits (its 2 s from
   * the request): a check whose work ends later is answered 503 CHECK_OVERLOADED, not recorded.
   */
  answerBy?: number;
  /** Gets the travel rule's judgement of what the check read (`travel-rule`, decision 0031). */
  serverTiming?: ServerTiming;
}

export interface ChecksDeps {
  /** The checks' own small pool, so a check never waits behind ingestion's connections (decision 0025). */
  db: Db;
  changes: Changes;
  clock: Clock;
  repo: ChecksRepository;
  wallet: WalletTransactionsRepository;
  limits: LimitsRepository;
  blocklist: ReturnType<typeof createFraudBlocklistRepository>;
  screening: ReturnType<typeof createScreeningRepository>;
  /** The exchange's own jurisdiction, whose travel rule applies (TRAVEL_RULE_JURISDICTION). */
  home: TravelRuleJurisdiction;
}

type Screening = { open: number[]; confirmed: number[] };
type Listed = Awaited<ReturnType<ChecksDeps['blocklist']['activeMatches']>>;

/** A failed restriction or limit check of R15, under the refusal code an approval would give. */
const refusalReasons = (checks: Outcome[], restricted: 'CUSTOMER_RESTRICTED' | 'COUNTERPARTY_RESTRICTED') =>
  checks.flatMap((c) =>
    c.error
      ? [
          checkReason(
            c.check === 'restriction' ? restricted : (c.error.code as CheckReason['code']),
            'block',
            { ...c.error.params },
          ),
        ]
      : [],
  );

const blocklistReasons = (listed: Listed): CheckReason[] =>
  listed.map((b) =>
    checkReason('BLOCKLISTED', 'block', { entryId: b.id, kind: b.kind, value: b.value, network: b.network }),
  );

/** A confirmed screening match blocks; one nobody has cleared yet holds for review. */
const screeningReasons = (s: Screening, role: 'customer' | 'counterparty'): CheckReason[] => [
  ...(s.confirmed.length
    ? [checkReason('SCREENING_CONFIRMED', 'block', { role, alertIds: s.confirmed })]
    : []),
  ...(s.open.length ? [checkReason('SCREENING_OPEN', 'review', { role, alertIds: s.open })] : []),
];

/** A fraud rule the operation would trip: a member looks before it goes (its alert follows when it arrives). */
const ruleReasons = (hits: ProbeHit[]): CheckReason[] =>
  hits.map((h) =>
    checkReason('FRAUD_RULE', 'review', {
      rule: h.rule,
      version: h.version,
      severity: h.severity,
      ...h.figures,
    }),
  );

/** The strongest reason decides: any block blocks, else any review holds, else allow. */
export const decisionOf = (reasons: CheckReason[]): CheckDecision =>
  reasons.some((r) => r.effect === 'block')
    ? 'block'
    : reasons.some((r) => r.effect === 'review')
      ? 'review'
      : 'allow';

/** Whether two reads of the rules' current versions are the same rules at the same versions. */
const sameVersions = (a: Map<string, CurrentRuleVersion>, b: Map<string, CurrentRuleVersion> | null) =>
  b !== null &&
  a.size === b.size &&
  [...a].every(([code, v]) => {
    const w = b.get(code);
    return (
      w !== undefined &&
      w.version === v.version &&
      w.enabled === v.enabled &&
      w.severity === v.severity &&
      JSON.stringify(w.params) === JSON.stringify(v.params)
    );
  });

export function createChecksService(deps: ChecksDeps) {
  const { db, changes, clock, repo } = deps;
  /**
   * The fraud rules' versions the last withdrawal check read: the next one builds its rule probes
   * from them so they run in its one statement. Only a guess, never an answer: that statement reads
   * the current versions too, and when they differ (a rule edited on any node) the probes run again
   * at the versions read. Nothing here has to agree with another node.
   */
  let expectedRules: Map<FraudRuleCode, CurrentRuleVersion> | null = null;

  async function customerOf(source: DbOrTx, ref: WithdrawalCheckBody['customer']): Promise<CheckedCustomer> {
    const customer = await repo.customerByRef(source, ref);
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    return customer;
  }

  /** Records the check (with the withdrawal it holds, when it holds one) and answers it. */
  async function record(
    actor: CheckActor,
    c: {
      kind: CheckKind;
      customerId: number;
      externalRef: string;
      input: unknown;
      reasons: CheckReason[];
      started: number;
      at: Date;
      answerBy: number | undefined;
      /** Holds the withdrawal: its id, or null when the exchange's row under that id is not pending. */
      hold?: (tx: Tx) => Promise<number | null>;
    },
  ): Promise<CheckAnswer> {
    // Past the client's deadline the exchange has already held the operation (fail closed): a record
    // of an answer it never had would say Backdesk let go what the exchange held, and costs the write.
    const inTime = () => {
      if (c.answerBy !== undefined && performance.now() > c.answerBy)
        throw new AppError('CHECK_OVERLOADED', {}, { retryAfterSeconds: 1 });
    };
    inTime();
    const decision = decisionOf(c.reasons);
    const publicId = randomUUID();
    const row = {
      publicId,
      kind: c.kind,
      integrationId: actor.integrationId,
      customerId: c.customerId,
      externalRef: c.externalRef,
      input: c.input,
      decision,
      reasons: c.reasons,
    };
    let reviewId: number | null = null;
    if (decision === 'review' && c.hold) {
      const hold = c.hold;
      reviewId = await changes.run(actor, async (tx) => {
        // The hold first: a second check of the same withdrawal (a retry, or one at the same time)
        // waits on the first's row at its insert and then finds the row it held (heldWithdrawalOf).
        const held = await hold(tx);
        const id =
          held ??
          (await repo.heldWithdrawalOf(tx, {
            integrationId: actor.integrationId,
            externalRef: c.externalRef,
          }));
        // Already past pending (or another customer's): nothing to hold; the exchange's row stands.
        if (id === null) throw new AppError('WITHDRAWAL_NOT_PENDING');
        inTime(); // the hold may have waited (for a batch's rows of the customer): then it rolls back
        const recorded = {
          ...row,
          walletTransactionId: id,
          durationMs: performance.now() - c.started,
          evaluatedAt: c.at,
        };
        // A new hold is audited in the check's own statement; a check that found one changed nothing.
        if (held === null) await repo.insert(tx, recorded);
        else await repo.insertHolding(tx, recorded, actor, heldAfter(c.reasons));
        return { result: id, change: null };
      });
    } else {
      await repo.insert(db, {
        ...row,
        walletTransactionId: null,
        durationMs: performance.now() - c.started,
        evaluatedAt: c.at,
      });
    }
    return { checkId: publicId, decision, reasons: c.reasons, evaluatedAt: c.at.toISOString(), reviewId };
  }

  /** What the audit row of a hold says it made: the withdrawal under review, and why. */
  const heldAfter = (reasons: CheckReason[]) => ({
    status: 'under_review',
    review_reason: reviewReasonOf(reasons),
  });

  /** The review's reason as the review queue shows it: the codes that held it. */
  const reviewReasonOf = (reasons: CheckReason[]) =>
    `Real-time check: ${reasons
      .filter((r) => r.effect === 'review')
      .map((r) => r.message)
      .join('; ')}`;

  return {
    /**
     * Before the exchange sends a withdrawal: the restriction and limit checks an approval runs (R15),
     * the blocklist (destination, sign-in address, device), the customer's screening hits and the
     * fraud rules one withdrawal trips. A bounded amount of work: a fixed number of statements on the
     * checks' own pool, the independent ones side by side. `serverTiming` gets the travel rule's judgement
     * of what the statement read (`travel-rule`), timed apart from the reads (decision 0031).
     */
    async withdrawal(
      actor: CheckActor,
      body: WithdrawalCheckBody,
      { answerBy, serverTiming: timing }: CheckTiming = {},
    ): Promise<CheckAnswer> {
      const started = performance.now();
      const at = clock.now();
      const fromAddress = body.fromAddress ?? null;
      const probe = {
        asset: body.asset,
        network: body.network,
        amount: body.amount,
        toAddress: body.toAddress,
        fromAddress,
        at,
      };
      const { facts, probes: guessed } = await repo.withdrawalFacts(db, {
        ref: body.customer,
        probe,
        ip: body.ip,
        device: body.deviceId,
        expected: expectedRules,
        travel: {
          withdrawalId: body.withdrawalId,
          asset: body.asset,
          network: body.network,
          toAddress: body.toAddress,
          at,
          block: body.travelRule,
        },
      });
      if (!facts.customer) throw new AppError('CUSTOMER_NOT_FOUND');
      const customer = { id: Number(facts.customer.id), userName: facts.customer.userName };
      // The rules' versions read in the same statement decide; the probes built from the expected
      // ones stand only when those were current (else one more statement, at the versions read).
      const versions = versionsOf(facts.versions);
      let probes = guessed;
      let probed = facts.probed;
      if (!probes || !sameVersions(versions, expectedRules)) {
        probes = probeQueries(versions, { withdrawal: { ...probe, customerId: customer.id } });
        probed = await repo.probed(db, probes);
        expectedRules = versions;
      }
      const evaluated = await withdrawalOutcomes(
        { ...probe, from_address: fromAddress },
        {
          restricted: facts.restricted,
          limits: facts.limits,
          withdrawn: (period) => facts.withdrawn[period],
        },
      );
      const listed = facts.listed;
      const screening = screeningHitsOf(facts.screening);
      const hits = probeHits(probes, probed, customer.id);
      const judged = performance.now();
      const travelRule = travelRuleCheckReasons(facts.travel, {
        home: deps.home,
        amount: body.amount,
        block: body.travelRule,
      });
      timing?.add('travel-rule', performance.now() - judged);
      const reasons = [
        ...refusalReasons(evaluated.checks, 'CUSTOMER_RESTRICTED'),
        ...blocklistReasons(listed),
        ...screeningReasons(screening, 'customer'),
        ...ruleReasons(hits),
        ...travelRule,
      ];
      return record(actor, {
        kind: 'withdrawal',
        customerId: customer.id,
        externalRef: body.withdrawalId,
        input: body,
        reasons,
        started,
        answerBy,
        at,
        hold: async (tx) => {
          const inserted = await repo.insertReviewedWithdrawal(tx, {
            externalId: body.withdrawalId,
            integrationId: actor.integrationId,
            customerId: customer.id,
            asset: body.asset,
            network: body.network,
            amount: body.amount,
            fromAddress,
            toAddress: body.toAddress,
            reason: reviewReasonOf(reasons),
            at,
          });
          if (!inserted) return null;
          const { id } = inserted;
          // The held withdrawal's travel-rule record, with what the check carried: the exchange's
          // later message cannot bring it while the review holds the row, and the queue must show it.
          if (body.travelRule || reasons.some((r) => r.code === 'TRAVEL_RULE_MISSING'))
            await recordTransferTravelRules(
              tx,
              [
                {
                  transactionId: id,
                  customerId: customer.id,
                  direction: 'withdrawal',
                  block: body.travelRule,
                  // A row of its own: evaluated from what the facts' statement read, not read again.
                  inserted: inserted.inserted ? withdrawalReadsOf(facts.travel, body.amount) : undefined,
                },
              ],
              { actor, home: deps.home, now: at, vasps: checkedVasps(facts.travel) },
            );
          return id;
        },
      });
    },

    /**
     * Before the exchange opens a P2P trade on an offer: the offer still active, no P2P restriction on
     * the buyer or the seller, the P2P limit R14 picks (the offer's contract and account), the
     * blocklist, both sides' screening and the rules one trade trips. `review` holds the trade at the
     * exchange; nothing is written here but the check.
     */
    async p2p(actor: CheckActor, body: P2pCheckBody, { answerBy }: CheckTiming = {}): Promise<CheckAnswer> {
      const started = performance.now();
      const at = clock.now();
      const [buyer, offer] = await readTogether(db, [
        () => customerOf(db, body.customer),
        () => repo.offerById(db, body.offerId),
      ] as const);
      if (!offer) throw new AppError('OFFER_NOT_FOUND');
      const seller = await repo.customerByUserName(db, offer.sellerUserName);
      const asset = assetOfContract(offer.contractName) ?? '';
      const none: Screening = { open: [], confirmed: [] };
      const [buyerRestricted, sellerRestricted, limits, listed, buyerScreening, sellerScreening, hits] =
        await readTogether(db, [
          () => deps.wallet.hasActiveRestriction(db, buyer.id, 'p2p'),
          () => (seller ? deps.wallet.hasActiveRestriction(db, seller.id, 'p2p') : Promise.resolve(false)),
          () => deps.limits.ofType(db, 'p2p'),
          () =>
            deps.blocklist.activeMatches(db, {
              address: offer.accountAddress,
              ip: body.ip,
              device: body.deviceId,
            }),
          () => deps.screening.hitsOf(db, buyer.id),
          () => (seller ? deps.screening.hitsOf(db, seller.id) : Promise.resolve(none)),
          () =>
            probeRules(
              db,
              {
                p2p: {
                  tradeMarketGuid: offer.tradeMarketGuid,
                  buyerUserName: buyer.userName,
                  amount: body.amount,
                  contractName: offer.contractName,
                  sellerUserName: seller ? offer.sellerUserName : null,
                  at,
                },
              },
              buyer.id,
            ),
        ] as const);
      const { winner } = selectLimit(limits, {
        limit_type: 'p2p',
        contract_name: offer.contractName,
        wallet_address: offer.accountAddress,
      });
      const limitChecks = await limitOutcomes(winner, { amount: body.amount, asset }, (period) =>
        repo.tradedWithin(db, { buyerUserName: buyer.userName, contractName: offer.contractName }, period),
      );
      const restricted = (on: boolean): Outcome[] =>
        on
          ? [
              {
                check: 'restriction',
                passed: false,
                bound: null,
                refusal: null,
                error: new AppError('CUSTOMER_RESTRICTED', { kind: 'p2p' }),
              },
            ]
          : [];
      const reasons: CheckReason[] = [
        ...(offer.status !== 'active'
          ? [checkReason('OFFER_SUSPENDED', 'block', { offerId: offer.tradeMarketGuid })]
          : []),
        ...refusalReasons(restricted(buyerRestricted), 'CUSTOMER_RESTRICTED'),
        ...refusalReasons(restricted(sellerRestricted), 'COUNTERPARTY_RESTRICTED'),
        ...refusalReasons(limitChecks, 'CUSTOMER_RESTRICTED'),
        ...blocklistReasons(listed),
        ...screeningReasons(buyerScreening, 'customer'),
        ...screeningReasons(sellerScreening, 'counterparty'),
        ...ruleReasons(hits),
      ];
      return record(actor, {
        kind: 'p2p',
        customerId: buyer.id,
        externalRef: body.tradeId,
        input: body,
        reasons,
        started,
        answerBy,
        at,
      });
    },

    /**
     * The staff list of recorded checks, read from `from` (the main pool or a replica, app.reads):
     * staff reads never take the checks' own connections.
     */
    page: (from: DbOrTx, q: CheckFilters & { dir: 'asc' | 'desc'; cursor?: string; limit: number }) =>
      repo.page(from, q),
  };
}
export type ChecksService = ReturnType<typeof createChecksService>;
