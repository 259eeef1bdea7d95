import { bulkApi } from '@backdesk/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { readSetting, readSettingForUpdate, writeSetting } from '../app-settings/app-settings.repository.ts';
import type { Actor, Changes } from '../audit/changes.ts';

/** How many records a bulk action changes before it needs a second member: an app setting every node reads alike. */
export const BULK_THRESHOLD_KEY = 'bulk_approval_threshold';

export async function readBulkSettings(db: DbOrTx): Promise<bulkApi.BulkSettings> {
  const stored = await readSetting<number>(db, BULK_THRESHOLD_KEY);
  return stored
    ? { threshold: stored.value, version: stored.version }
    : { threshold: bulkApi.BULK_APPROVAL_THRESHOLD.default, version: 0 };
}

export function createBulkSettings(deps: { db: Db; changes: Changes }) {
  return {
    read: () => readBulkSettings(deps.db),

    update(body: { threshold: number; version: number }, actor: Actor): Promise<bulkApi.BulkSettings> {
      return deps.changes.run(actor, async (tx) => {
        const stored = await readSettingForUpdate<number>(tx, BULK_THRESHOLD_KEY);
        const current = stored ?? { value: bulkApi.BULK_APPROVAL_THRESHOLD.default, version: 0 };
        if (current.version !== body.version) throw new AppError('STALE_EDIT');
        if (current.value === body.threshold)
          return { result: { threshold: current.value, version: current.version }, change: null };
        await writeSetting(tx, BULK_THRESHOLD_KEY, body.threshold, actor.memberId);
        return {
          result: { threshold: body.threshold, version: current.version + 1 },
          change: {
            entity: 'app_setting',
            action: 'update',
            entityId: BULK_THRESHOLD_KEY,
            before: { [BULK_THRESHOLD_KEY]: current.value },
            after: { [BULK_THRESHOLD_KEY]: body.threshold },
          },
        };
      });
    },
  };
}
