import { fraudApi } from '@backdesk/contract';
import type { Db, DbOrTx } from '../../../../db/client.ts';
import { AppError } from '../../../../lib/app-error.ts';
import {
  readSetting,
  readSettingForUpdate,
  writeSetting,
} from '../../../platform/app-settings/app-settings.repository.ts';
import type { Actor, createChanges } from '../../../platform/audit/changes.ts';

/** The name score at or above which a customer is a hit (R60), an app setting every node reads alike. */
export const SCREENING_THRESHOLD_KEY = 'screening_threshold';

export async function readScreeningSettings(db: DbOrTx): Promise<fraudApi.ScreeningSettings> {
  const stored = await readSetting<number>(db, SCREENING_THRESHOLD_KEY);
  return stored
    ? { threshold: stored.value, version: stored.version }
    : { threshold: fraudApi.SCREENING_THRESHOLD.default, version: 0 };
}

export function createScreeningSettings(deps: { db: Db; changes: ReturnType<typeof createChanges> }) {
  return {
    read: () => readScreeningSettings(deps.db),

    update(body: { threshold: number; version: number }, actor: Actor): Promise<fraudApi.ScreeningSettings> {
      return deps.changes.run(actor, async (tx) => {
        const stored = await readSettingForUpdate<number>(tx, SCREENING_THRESHOLD_KEY);
        const current = stored ?? { value: fraudApi.SCREENING_THRESHOLD.default, version: 0 };
        if (current.version !== body.version) throw new AppError('STALE_EDIT');
        if (current.value === body.threshold)
          return { result: { threshold: current.value, version: current.version }, change: null };
        await writeSetting(tx, SCREENING_THRESHOLD_KEY, body.threshold, actor.memberId);
        return {
          result: { threshold: body.threshold, version: current.version + 1 },
          change: {
            entity: 'app_setting',
            action: 'update',
            entityId: SCREENING_THRESHOLD_KEY,
            before: { [SCREENING_THRESHOLD_KEY]: current.value },
            after: { [SCREENING_THRESHOLD_KEY]: body.threshold },
          },
        };
      });
    },
  };
}
