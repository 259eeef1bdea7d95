import { FRAUD_RULE_CODES, type FraudRuleCode, type FraudSeverity, fraudApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../../db/client.ts';
import { AppError } from '../../../../lib/app-error.ts';
import { type Clock, daysBefore } from '../../../../lib/clock.ts';
import type { Actor, createChanges } from '../../../platform/audit/changes.ts';
import type { FraudRuns, RunContext } from '../runs/fraud-runs.ts';
import type { FraudRulesRepository, RuleRow } from './fraud-rules.repository.ts';

type BacktestFigures = fraudApi.BacktestFigures;
type BacktestResult = fraudApi.BacktestResult;
type UpdateBody = z.output<typeof fraudApi.UpdateFraudRuleBodySchema>;

/** A rule's setting as the engine reads it: thresholds and severity. */
export interface RuleSetting {
  params: unknown;
  severity: FraudSeverity;
}

/** The engine's count of what a setting would raise over a span (fraud-engine's countCandidates). */
export type CountCandidates = (
  db: DbOrTx,
  ruleCode: FraudRuleCode,
  setting: RuleSetting,
  range: { from: Date; to: Date },
) => Promise<BacktestFigures>;

export interface FraudRulesServiceDeps {
  db: Db;
  clock: Clock;
  repo: FraudRulesRepository;
  changes: ReturnType<typeof createChanges>;
  runs: Pick<FraudRuns, 'start'>;
  countCandidates: CountCandidates;
}

/** What an audit row shows of a rule's setting. */
const audited = (r: Pick<RuleRow, 'current_version' | 'params' | 'severity' | 'enabled' | 'reason'>) => ({
  rule_version: r.current_version,
  params: r.params,
  severity: r.severity,
  enabled: r.enabled,
  reason: r.reason,
});

const sameSetting = (
  a: Pick<RuleRow, 'params' | 'severity' | 'enabled'>,
  b: Pick<RuleRow, 'params' | 'severity' | 'enabled'>,
) => a.severity === b.severity && a.enabled === b.enabled && canonical(a.params) === canonical(b.params);
/** JSON with sorted keys: a stored jsonb comes back with its keys in its own order. */
const canonical = (o: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(o).sort(([x], [y]) => x.localeCompare(y))));

const NOTHING: BacktestFigures = { alerts: 0, customers: 0, sample: [] };

export function createFraudRulesService(deps: FraudRulesServiceDeps) {
  const { db, clock, repo, changes } = deps;

  async function withQuality(rows: RuleRow[]) {
    const quality = await repo.quality(db, clock.now());
    return rows.map((r) => ({
      ...r,
      quality: fraudApi.RULE_QUALITY_DAYS.map(
        (days) =>
          quality.get(r.code)?.find((q) => q.days === days) ?? {
            days,
            raised: 0,
            closed: 0,
            confirmed: 0,
            false_positive: 0,
            precision: null,
            false_positive_rate: null,
          },
      ),
    }));
  }

  /** What the setting raises over the span: nothing while it is switched off. */
  const figures = (
    code: FraudRuleCode,
    s: RuleSetting & { enabled: boolean },
    range: { from: Date; to: Date },
  ) =>
    s.enabled ? deps.countCandidates(db, code, { params: s.params, severity: s.severity }, range) : NOTHING;

  return {
    /** The rules in the product's order (PRODUCT.md lists them so), not the alphabet's. */
    list: async () => {
      const rows = await repo.all(db);
      rows.sort((a, b) => FRAUD_RULE_CODES.indexOf(a.code) - FRAUD_RULE_CODES.indexOf(b.code));
      return { items: await withQuality(rows) };
    },

    versions: (query: Parameters<FraudRulesRepository['versions']>[1]) => repo.versions(db, query),

    /**
     * A new version of the rule's setting, with a reason (R45): version-checked, audited, and followed
     * by a rescan of the rule over the backtest's span so history meets the new thresholds.
     */
    update(body: UpdateBody, actor: Actor) {
      return changes
        .run(actor, async (tx) => {
          const before = await repo.byCode(tx, body.code, true);
          if (!before) throw new AppError('FRAUD_RULE_NOT_FOUND');
          if (before.version !== body.version) throw new AppError('STALE_EDIT');
          const params = fraudApi.RULE_PARAMS[body.code].parse(body.params) as Record<string, unknown>;
          const proposed = { params, severity: body.severity, enabled: body.enabled };
          if (sameSetting(before, proposed)) throw new AppError('FRAUD_RULE_UNCHANGED');
          const at = clock.now();
          await repo.addVersion(tx, {
            code: body.code,
            ...proposed,
            reason: body.reason,
            createdBy: actor.memberId,
            at,
          });
          const after = (await repo.byCode(tx, body.code))!;
          const to = at;
          const from = daysBefore(at, fraudApi.BACKTEST_DAYS);
          const rescan = after.enabled
            ? await deps.runs.start(
                tx,
                'rescan',
                { rules: [body.code], from: from.toISOString(), to: to.toISOString() },
                actor,
              )
            : null;
          return {
            result: { rule: after, rescanRunId: rescan?.id ?? null },
            change: {
              entity: 'fraud_rule',
              action: 'update',
              entityId: body.code,
              before: audited(before),
              after: audited(after),
            },
          };
        })
        .then(async (r) => ({ rule: (await withQuality([r.rule]))[0]!, rescanRunId: r.rescanRunId }));
    },

    /** Starts a backtest run of the proposed setting against the current one (audited as the run's creation). */
    backtest(body: fraudApi.BacktestBody, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const params: fraudApi.BacktestRunParams = {
          rule: body.code,
          params: fraudApi.RULE_PARAMS[body.code].parse(body.params) as Record<string, unknown>,
          severity: body.severity,
          enabled: body.enabled,
          days: body.days ?? fraudApi.BACKTEST_DAYS,
        };
        const { id } = await deps.runs.start(tx, 'backtest', params, actor);
        return {
          result: { runId: id },
          change: {
            entity: 'fraud_run',
            action: 'create',
            entityId: id,
            before: null,
            after: { kind: 'backtest', ...params },
          },
        };
      });
    },

    /** The `backtest` run: the current and the proposed setting counted over the same span. */
    async runBacktest(raw: unknown, ctx: RunContext): Promise<BacktestResult | object> {
      const p = fraudApi.BacktestRunParamsSchema.parse(raw);
      const to = clock.now();
      const range = { from: daysBefore(to, p.days), to };
      const current = await repo.byCode(db, p.rule);
      if (!current) throw new AppError('FRAUD_RULE_NOT_FOUND');
      /** Counts one setting over the span and logs what it would have raised. */
      const counted = async (
        setting: Parameters<typeof figures>[1],
        message: 'backtestCurrent' | 'backtestProposed',
      ) => {
        const found = await figures(p.rule, setting, range);
        await ctx.log('info', message, { rule: p.rule, alerts: found.alerts, customers: found.customers });
        return found;
      };
      await ctx.progress(0, 2);
      const before = await counted(current, 'backtestCurrent');
      await ctx.progress(1, 2);
      if (await ctx.cancelled()) return {};
      const after = await counted(p, 'backtestProposed');
      await ctx.progress(2, 2);
      return {
        rule: p.rule,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        current: before,
        proposed: after,
      } satisfies BacktestResult;
    },
  };
}
export type FraudRulesService = ReturnType<typeof createFraudRulesService>;
