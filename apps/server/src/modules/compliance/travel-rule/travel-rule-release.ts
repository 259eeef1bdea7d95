import type { TravelRuleRecord } from '@backdesk/contract';
import { Decimal } from '@backdesk/contract/rules';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ApprovalsService } from '../../platform/approvals/approvals.service.ts';
import { type Actor, type Changes, recordChange } from '../../platform/audit/changes.ts';
import type { TravelRuleService } from './travel-rule.service.ts';
import type { RecordRow, TravelRuleRecordsRepository } from './travel-rule-records.repository.ts';
import { readTravelRuleRules } from './travel-rule-settings.ts';

export const TRAVEL_RULE_RELEASE = 'travel_rule_release';
/** A release nobody approves within three days lapses; the officer asks again. */
const RELEASE_TTL_MS = 72 * 3_600_000;

/**
 * Four-eyes on releasing a transfer (docs/decisions/0026-travel-rule.md, "Four-eyes release";
 * docs/product-rules.md R22): marking verified a held deposit or a withdrawal whose amount, in its
 * jurisdiction's currency, is at or above that jurisdiction's threshold asks for a second member's
 * approval instead of completing the record. A different member (an approver) approves it through
 * the approvals module, which verifies the record then, in the decision's transaction; until then the
 * queue shows it awaiting approval. Below the threshold, or for a deposit the exchange already
 * credited, one officer's verification stands as before.
 */
export function createTravelRuleRelease(deps: {
  db: Db;
  changes: Changes;
  repo: TravelRuleRecordsRepository;
  records: TravelRuleService;
  approvals: ApprovalsService;
}) {
  const { changes, repo, records, approvals } = deps;

  async function needsSecondMember(tx: DbOrTx, row: RecordRow): Promise<boolean> {
    if (row.direction !== 'withdrawal' && !row.held) return false;
    if (row.amount_in_currency === null) return false;
    const { rules } = await readTravelRuleRules(tx);
    return new Decimal(row.amount_in_currency).gte(rules[row.jurisdiction].threshold);
  }

  approvals.registerKind(TRAVEL_RULE_RELEASE, {
    entity: 'travel_rule_record',
    ttlMs: RELEASE_TTL_MS,
    lockSubject: async (tx, entityId) => {
      await repo.byId(tx, Number(entityId), true);
    },
    // The record as it is now: data edited after the request is what the approver verifies.
    apply: async (tx, request, actor) => {
      const row = await repo.byId(tx, Number(request.entityId), true);
      if (!row) throw new AppError('TRAVEL_RULE_RECORD_NOT_FOUND');
      const { change } = await records.verifyIn(tx, { id: Number(row.id), version: row.version }, actor);
      if (change) await recordChange(tx, actor, change);
    },
  });

  return {
    async verify(body: { id: number; version: number }, actor: Actor): Promise<TravelRuleRecord> {
      await approvals.expireDue({ kind: TRAVEL_RULE_RELEASE, entityId: String(body.id) }, actor.requestId);
      return changes.run(actor, async (tx) => {
        const row = await repo.byId(tx, body.id, true);
        if (!row) throw new AppError('TRAVEL_RULE_RECORD_NOT_FOUND');
        if (!(await needsSecondMember(tx, row))) return records.verifyIn(tx, body, actor);
        if (await approvals.openFor(tx, TRAVEL_RULE_RELEASE, String(body.id)))
          throw new AppError('TRAVEL_RULE_APPROVAL_PENDING');
        await records.assertVerifiable(tx, body);
        const asked = await approvals.requestIn(tx, actor, {
          kind: TRAVEL_RULE_RELEASE,
          entityId: String(body.id),
          payload: {
            customer_id: Number(row.customer_id),
            direction: row.direction,
            asset: row.asset,
            amount: row.amount,
            amount_in_currency: row.amount_in_currency,
            currency: row.currency,
          },
          reason: null,
        });
        return { result: await records.recordIn(tx, body.id), change: asked.change };
      });
    },
  };
}
export type TravelRuleRelease = ReturnType<typeof createTravelRuleRelease>;
