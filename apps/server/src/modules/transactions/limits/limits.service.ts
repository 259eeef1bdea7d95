import type { TransactionLimit } from '@backdesk/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { LimitsRepository, NewLimit } from './limits.repository.ts';

export function createLimitsService({
  db,
  changes,
  repo,
}: {
  db: Db;
  changes: Changes;
  repo: LimitsRepository;
}) {
  return {
    list: () => repo.list(db),

    create: (actor: Actor, limit: NewLimit): Promise<TransactionLimit> =>
      changes.run(actor, async (tx) => {
        const created = await repo.insert(tx, limit, actor.memberId);
        return {
          result: created,
          change: {
            entity: 'transaction_limit',
            action: 'create',
            entityId: created.lid,
            before: null,
            after: created,
          },
        };
      }),

    /** In place, keeping the lid (R14's tie rule picks the same limit); a stale version is refused. */
    update: (actor: Actor, lid: number, version: number, limit: NewLimit): Promise<TransactionLimit> =>
      changes.run(actor, async (tx) => {
        const before = await repo.locked(tx, lid);
        if (!before) throw new AppError('LIMIT_NOT_FOUND', { lid });
        if (before.version !== version) throw new AppError('STALE_EDIT');
        const after = await repo.update(tx, lid, limit, actor.memberId);
        return {
          result: after,
          change: { entity: 'transaction_limit', action: 'update', entityId: lid, before, after },
        };
      }),

    delete: (actor: Actor, lid: number): Promise<void> =>
      changes.run(actor, async (tx) => {
        const deleted = await repo.delete(tx, lid);
        if (!deleted) throw new AppError('LIMIT_NOT_FOUND', { lid });
        return {
          result: undefined,
          change: {
            entity: 'transaction_limit',
            action: 'delete',
            entityId: lid,
            before: deleted,
            after: null,
          },
        };
      }),
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
