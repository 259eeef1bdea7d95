import { randomUUID } from 'node:crypto';
import type { AuditEntity } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ApprovalsService } from '../approvals/approvals.service.ts';
import type { Actor, Change } from '../audit/changes.ts';
import { readBulkSettings } from './bulk-settings.ts';

/** How long a bulk request waits for its second member. */
const BULK_APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;

/** What one area's bulk action does to a frozen set of ids. */
export interface BulkActionHandler {
  /** The audited entity the ids are of. */
  entity: AuditEntity;
  /**
   * Locks those of `ids` that still qualify for the action and acts on them (with their audit rows),
   * in the approval's transaction; returns the ids it acted on, so the rest are reported.
   */
  apply(tx: Tx, ids: number[], params: Record<string, unknown>, actor: Actor): Promise<number[]>;
}

/** What a four-eyes bulk request holds: the frozen ids and what to do to them. */
export interface BulkPayload {
  action: string;
  count: number;
  ids: number[];
  params: Record<string, unknown>;
  /** Written when approved: how many were acted on, and the ids that had changed state since. */
  applied_count?: number;
  skipped_ids?: number[];
}

export type HoldOutcome =
  | { held: false; threshold: number }
  | { held: true; approvalId: number; change: Change | null };

/**
 * The one mechanism every bulk action goes through: at or below the threshold the caller
 * applies at once, as before; above it the member must have typed the count back and given a reason,
 * and the action becomes a four-eyes request (kind per area) over the ids the member confirmed. The
 * approval applies exactly those ids; ids that changed state since are recorded on the request.
 */
export function createBulkGate(deps: { approvals: ApprovalsService }) {
  const { approvals } = deps;
  return {
    /** Declares an area's bulk action as a four-eyes kind. */
    register(kind: string, handler: BulkActionHandler): void {
      approvals.registerKind(kind, {
        entity: handler.entity,
        ttlMs: BULK_APPROVAL_TTL_MS,
        // Nothing to lock up front: the handler locks the ids themselves, in id order.
        lockSubject: async () => {},
        apply: async (tx, request, actor) => {
          const payload = request.payload as unknown as BulkPayload;
          const done = new Set(await handler.apply(tx, payload.ids, payload.params, actor));
          const skipped = payload.ids.filter((id) => !done.has(id));
          await tx.execute(
            sql`UPDATE approval_requests
                SET payload = payload || jsonb_build_object('applied_count', ${done.size}::int,
                                                            'skipped_ids', ${JSON.stringify(skipped)}::jsonb)
                WHERE id = ${request.id}`,
          );
        },
      });
    },

    /** Whether `count` records need a second member now. */
    async needsApproval(tx: Tx, count: number): Promise<boolean> {
      return count > (await readBulkSettings(tx)).threshold;
    },

    /**
     * Above the threshold: checks the typed count and the reason and files the request over `ids`;
     * at or below it, returns `held: false` and the caller applies as before.
     */
    async hold(
      tx: Tx,
      actor: Actor,
      input: {
        kind: string;
        action: string;
        ids: number[];
        params: Record<string, unknown>;
        typedCount: number | undefined;
        reason: string | undefined;
      },
    ): Promise<HoldOutcome> {
      const { threshold } = await readBulkSettings(tx);
      const count = input.ids.length;
      if (count <= threshold) return { held: false, threshold };
      if (input.typedCount !== count) throw new AppError('BULK_COUNT_MISMATCH', { count });
      if (!input.reason) throw new AppError('BULK_REASON_REQUIRED', { threshold });
      const payload: BulkPayload = { action: input.action, count, ids: input.ids, params: input.params };
      const { result, change } = await approvals.requestIn(tx, actor, {
        kind: input.kind,
        // Each confirmation is its own request: a fresh key, so two members' sets never merge.
        entityId: randomUUID(),
        payload: payload as unknown as Record<string, unknown>,
        reason: input.reason,
      });
      return { held: true, approvalId: result.request.id, change };
    },
  };
}
export type BulkGate = ReturnType<typeof createBulkGate>;
