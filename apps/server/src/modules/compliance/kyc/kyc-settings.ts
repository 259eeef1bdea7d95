import { KYC_SLA_DEFAULT_HOURS, type KycSettings } from '@backdesk/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  readSetting,
  readSettingForUpdate,
  writeSetting,
} from '../../platform/app-settings/app-settings.repository.ts';
import type { Actor, createChanges } from '../../platform/audit/changes.ts';

/** The KYC review SLA in hours (R39), an app setting so every node judges ages alike. */
export const KYC_SLA_KEY = 'kyc_sla_hours';

export async function readKycSettings(db: DbOrTx): Promise<KycSettings> {
  const stored = await readSetting<number>(db, KYC_SLA_KEY);
  return stored
    ? { sla_hours: stored.value, version: stored.version }
    : { sla_hours: KYC_SLA_DEFAULT_HOURS, version: 0 };
}

export function createKycSettingsService(deps: { db: Db; changes: ReturnType<typeof createChanges> }) {
  return {
    read: () => readKycSettings(deps.db),

    update(body: { sla_hours: number; version: number }, actor: Actor): Promise<KycSettings> {
      return deps.changes.run(actor, async (tx) => {
        const stored = await readSettingForUpdate<number>(tx, KYC_SLA_KEY);
        const current = stored ?? { value: KYC_SLA_DEFAULT_HOURS, version: 0 };
        if (current.version !== body.version) throw new AppError('STALE_EDIT');
        if (current.value === body.sla_hours)
          return { result: { sla_hours: current.value, version: current.version }, change: null };
        await writeSetting(tx, KYC_SLA_KEY, body.sla_hours, actor.memberId);
        return {
          result: { sla_hours: body.sla_hours, version: current.version + 1 },
          change: {
            entity: 'app_setting',
            action: 'update',
            entityId: KYC_SLA_KEY,
            before: { [KYC_SLA_KEY]: current.value },
            after: { [KYC_SLA_KEY]: body.sla_hours },
          },
        };
      });
    },
  };
}
export type KycSettingsService = ReturnType<typeof createKycSettingsService>;
