import {
  DEPOSIT_CHANNELS,
  REPORT_GROUPINGS,
  type Report,
  type ReportName,
  type ReportRate,
  type reportsApi,
  SOURCE_CHECK_STATUSES,
} from '@backdesk/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { localSettings } from '../../lib/local-settings.ts';
import type { Actor, Changes } from '../platform/audit/changes.ts';
import type { RatesRepository } from './rates.repository.ts';
import { REPORT_DEFS } from './report-defs.ts';
import { type FactMode, runReport } from './report-engine.ts';
import { reportRange } from './report-range.ts';

/** Sort memory for one report's statements (set for its transaction only). */
const REPORT_WORK_MEM = '48MB';

type Query = z.output<typeof reportsApi.ReportQuerySchema>;
type RateBody = z.output<typeof reportsApi.SetReportRateBodySchema>;

export function createReportsService(deps: {
  db: Db;
  clock: Clock;
  rates: RatesRepository;
  changes: Changes;
}) {
  const { db } = deps;
  // The zone names PostgreSQL knows: fixed for the server's life, so one read serves every request.
  let zones: Promise<Set<string>> | undefined;
  const knownZones = () =>
    (zones ??= db
      .execute<{ name: string }>(sql`SELECT name FROM pg_timezone_names`)
      .then((r) => new Set(r.rows.map((z) => z.name)))
      .catch((error) => {
        zones = undefined;
        throw error;
      }));

  const keepsDaily = async (tz: string) =>
    (await db.execute(sql`SELECT 1 FROM rpt_zones WHERE zone = ${tz}`)).rows.length > 0;

  return {
    /**
     * A report over the rollups: the zone's daily rollup when it keeps that zone, else the hourly one.
     * `mode` forces a source (tests and the bench compare them with the raw rows).
     */
    async report(name: ReportName, query: Query, mode?: FactMode): Promise<Report> {
      const zoneNames = await knownZones();
      const range = reportRange(query, (tz) => zoneNames.has(tz));
      const source = mode ?? ((await keepsDaily(range.tz)) ? 'daily' : 'hourly');
      // One snapshot for the report's statements (its sums, then each percentile's samples).
      return db.transaction(
        async (tx) => {
          // A year's samples or facts outgrow the default 4 MB: a hash or sort would spill to disk.
          // The reports keep PostgreSQL's default price of a random read, under which they were
          // tuned: at the pools' 1.1 most 30-day reports measured 10–20 % slower (decision 0004).
          await tx.execute(localSettings({ work_mem: REPORT_WORK_MEM, random_page_cost: '4' }));
          return runReport(tx, REPORT_DEFS[name], range, query, source, deps.clock.now());
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    async depositConfig() {
      const rails = await db.execute<{ asset: string; network: string }>(sql`
        SELECT DISTINCT asset, network FROM rpt_wallet_hourly_all WHERE type = 'deposit' ORDER BY asset, network`);
      return {
        channels: [...DEPOSIT_CHANNELS],
        sourceCheckStatuses: [...SOURCE_CHECK_STATUSES],
        assets: [...new Set(rails.rows.map((r) => r.asset))],
        networks: rails.rows,
        groupings: [...REPORT_GROUPINGS],
      };
    },

    rates: () => deps.rates.list(db),

    /** Adds a dated rate, or changes one at the version the member loaded; audited. */
    setRate(body: RateBody, actor: Actor): Promise<ReportRate> {
      const rate = new Decimal(body.rate);
      if (rate.lte(0))
        throw new AppError(
          'VALIDATION_FAILED',
          {},
          {
            issues: [
              {
                path: 'rate',
                message: 'A rate is above zero',
                code: 'too_small',
                params: { origin: 'number', minimum: 0, inclusive: 0 },
              },
            ],
          },
        );
      return deps.changes.run(actor, async (tx) => {
        if (body.id === undefined) {
          const id = await deps.rates.insert(tx, {
            asset: body.asset,
            validFrom: body.valid_from,
            rate: rate.toFixed(),
            memberId: actor.memberId,
          });
          if (id === undefined)
            throw new AppError('REPORT_RATE_EXISTS', { asset: body.asset, validFrom: body.valid_from });
          const row = (await deps.rates.lock(tx, id))!;
          return {
            result: row,
            change: {
              entity: 'report_rate',
              action: 'create',
              entityId: id,
              before: null,
              after: audited(row),
            },
          };
        }
        const before = await deps.rates.lock(tx, body.id);
        if (!before) throw new AppError('REPORT_RATE_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        if (new Decimal(before.rate).eq(rate)) return { result: before, change: null };
        await deps.rates.update(tx, body.id, { rate: rate.toFixed(), memberId: actor.memberId });
        const after = (await deps.rates.lock(tx, body.id))!;
        return {
          result: after,
          change: {
            entity: 'report_rate',
            action: 'update',
            entityId: body.id,
            before: audited(before),
            after: audited(after),
          },
        };
      });
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

const audited = (r: ReportRate) => ({
  asset: r.asset,
  valid_from: r.valid_from,
  rate: new Decimal(r.rate).toFixed(),
});
