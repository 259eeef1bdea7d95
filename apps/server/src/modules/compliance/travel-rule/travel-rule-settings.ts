import type { TravelRuleJurisdiction, TravelRuleRules, TravelRuleSettings } from '@backdesk/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  readSetting,
  readSettingForUpdate,
  writeSetting,
} from '../../platform/app-settings/app-settings.repository.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import { DEFAULT_TRAVEL_RULE_RULES, TRAVEL_RULE_RULES_KEY } from './travel-rule-defaults.ts';

/**
 * The rules per jurisdiction live in app_settings so every node judges alike the moment one changes;
 * a jurisdiction never stored keeps its default (a new jurisdiction added later gets its own).
 */
/** JSON with its keys sorted: jsonb hands keys back in its own order, which is no change. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

/** A rule as the contract orders its fields, so the audit trail compares like with like. */
const ordered = (rules: TravelRuleRules): TravelRuleRules => JSON.parse(canonical(rules)) as TravelRuleRules;

export async function readTravelRuleRules(db: DbOrTx): Promise<{ rules: TravelRuleRules; version: number }> {
  const stored = await readSetting<Partial<TravelRuleRules>>(db, TRAVEL_RULE_RULES_KEY);
  return {
    rules: { ...DEFAULT_TRAVEL_RULE_RULES, ...(stored?.value ?? {}) },
    version: stored?.version ?? 0,
  };
}

export function createTravelRuleSettingsService(deps: {
  db: Db;
  changes: Changes;
  home: TravelRuleJurisdiction;
}) {
  const { db, changes, home } = deps;
  return {
    async read(): Promise<TravelRuleSettings> {
      return { home, ...(await readTravelRuleRules(db)) };
    },

    update(body: { rules: TravelRuleRules; version: number }, actor: Actor): Promise<TravelRuleSettings> {
      return changes.run(actor, async (tx) => {
        const stored = await readSettingForUpdate<Partial<TravelRuleRules>>(tx, TRAVEL_RULE_RULES_KEY);
        const current = { ...DEFAULT_TRAVEL_RULE_RULES, ...(stored?.value ?? {}) };
        const version = stored?.version ?? 0;
        if (version !== body.version) throw new AppError('STALE_EDIT');
        if (canonical(current) === canonical(body.rules))
          return { result: { home, rules: current, version }, change: null };
        await writeSetting(tx, TRAVEL_RULE_RULES_KEY, body.rules, actor.memberId);
        return {
          result: { home, rules: body.rules, version: version + 1 },
          change: {
            entity: 'app_setting',
            action: 'update',
            entityId: TRAVEL_RULE_RULES_KEY,
            before: ordered(current),
            after: ordered(body.rules),
          },
        };
      });
    },
  };
}
export type TravelRuleSettingsService = ReturnType<typeof createTravelRuleSettingsService>;
