import type { TransactionLimit } from '@backdesk/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { LimitsRepository, NewLimit } from './limits.repository.ts';

export function createLimitsService({ db, repo }: { db: Db; repo: LimitsRepository }) {
  return {
    list: () => repo.list(db),

    create: (limit: NewLimit, memberId: number): Promise<TransactionLimit> =>
      db.transaction(async (tx) => {
        const created = await repo.insert(tx, limit, memberId);
        await recordAudit(tx, {
          memberId,
          action: 'create',
          entity: 'transaction_limit',
          entityId: created.lid,
          after: created,
        });
        return created;
      }),

    delete: (lid: number, memberId: number): Promise<void> =>
      db.transaction(async (tx) => {
        const deleted = await repo.delete(tx, lid);
        if (!deleted) throw new AppError('NOT_FOUND', `No limit with lid ${lid}`);
        await recordAudit(tx, {
          memberId,
          action: 'delete',
          entity: 'transaction_limit',
          entityId: lid,
          before: deleted,
        });
      }),
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
