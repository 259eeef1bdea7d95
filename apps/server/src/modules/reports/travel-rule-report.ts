import type { ReportBreakdown } from '@backdesk/contract';
import { TRAVEL_RULE_OPEN_STATES, TRAVEL_RULE_STATES } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { MeasureDef, ReportDef, ReportFilters } from './report-engine.ts';
import { figure } from './report-engine.ts';

/*
 * The travel-rule report (issue 38): the records by the hour they were opened, from the rollup of
 * migration 0058 or one row each from the records. The counterparty is named as officers know it (the
 * directory's name), read at report time so a rename shows at once; `overdue` is a deadline that passed
 * with information still missing (the deadline job's mark, decision 0030), which stays when the gap is
 * later closed: it is a failure by time all the same.
 */

const FACT_COLUMNS = sql`r.direction, r.state, r.jurisdiction, r.currency, coalesce(v.name, '') AS vasp, r.wallet_kind`;
const ROLLUP = sql`
  SELECT r.hour AS at, ${FACT_COLUMNS}, r.overdue, r.n, r.amount
    FROM rpt_travel_rule_hourly_all r LEFT JOIN vasps v ON v.id = r.vasp_id`;
const RAW = sql`
  SELECT r.created_at AS at, ${FACT_COLUMNS}, r.deadline_raised IS NOT NULL AS overdue, 1::bigint AS n,
         coalesce(r.amount_in_currency, 0) AS amount
    FROM travel_rule_records r LEFT JOIN vasps v ON v.id = r.counterparty_vasp_id`;

const IN_SCOPE = sql`state <> 'not_in_scope'`;
const count = (key: string, where?: SQL): MeasureDef => ({ key, unit: 'count', sum: { of: sql`n`, where } });
/** A state's share of the records in scope, in percent to one place. */
const shareOf = (state: string): MeasureDef => ({
  key: `share_${state}`,
  unit: 'percent',
  quotient: [
    // Not a FILTER: a period with records but none in the state is 0 %, not none.
    { of: sql`CASE WHEN state = ${state} THEN 100 * n ELSE 0 END` },
    { of: sql`n`, where: IN_SCOPE },
  ],
  places: 1,
});

/** The states of a record in scope; each is the key of the measure counting it, so it keeps its colour. */
const STATES = TRAVEL_RULE_STATES.filter((s) => s !== 'not_in_scope');
const SHARES = STATES.map((s) => `share_${s}`);
const PER_SIDE = ['in_scope', ...STATES, 'overdue', 'share_complete'];

export const travelRuleReport: ReportDef = {
  name: 'travel-rule',
  source: { rollup: ROLLUP, raw: RAW },
  filters: { direction: 'direction' },
  measures: [
    count('records'),
    count('in_scope', IN_SCOPE),
    count('deposits', sql`${IN_SCOPE} AND direction = 'deposit'`),
    count('withdrawals', sql`${IN_SCOPE} AND direction = 'withdrawal'`),
    ...STATES.map((state) => count(state, sql`state = ${state}`)),
    count('overdue', sql`overdue`),
    ...STATES.map(shareOf),
    // In the jurisdiction's currency: only a table keyed by currency sums it.
    { key: 'amount', unit: 'amount', sum: { of: sql`amount`, where: IN_SCOPE } },
  ],
  series: ['deposits', 'withdrawals', ...STATES, 'overdue', 'share_complete'],
  breakdowns: [
    { key: 'by_state', dimensions: ['state'], measures: ['records'] },
    {
      key: 'completeness',
      dimensions: [],
      measures: SHARES,
      measuresAsRows: { dimension: 'completeness', as: 'share' },
    },
    { key: 'by_direction', dimensions: ['direction'], measures: PER_SIDE },
    { key: 'by_vasp', dimensions: ['vasp', 'wallet_kind'], measures: PER_SIDE },
    {
      key: 'by_jurisdiction',
      dimensions: ['jurisdiction', 'currency'],
      measures: ['in_scope', 'amount', 'share_complete'],
    },
  ],
  extra: overdueNow,
};

/**
 * Open records whose deadline has passed, now, per counterparty (what the queue marks overdue): a
 * snapshot whatever the range, read through the deadline index of open work.
 */
async function overdueNow(db: DbOrTx, _range: unknown, filters: ReportFilters): Promise<ReportBreakdown[]> {
  const direction = filters.direction === undefined ? sql`true` : sql`r.direction = ${filters.direction}`;
  const open = sql.join(
    TRAVEL_RULE_OPEN_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ vasp: string; wallet_kind: string; n: string }>(sql`
    SELECT coalesce(v.name, '') AS vasp, r.wallet_kind, count(*) AS n
      FROM travel_rule_records r LEFT JOIN vasps v ON v.id = r.counterparty_vasp_id
     WHERE r.state IN (${open}) AND r.deadline < now() AND ${direction}
     GROUP BY 1, 2 ORDER BY 1, 2`);
  return [
    {
      key: 'overdue_now',
      dimensions: ['vasp', 'wallet_kind'],
      measures: [{ key: 'overdue_now', unit: 'count' }],
      rows: rows.map((r) => ({
        keys: [r.vasp, r.wallet_kind],
        values: { overdue_now: figure(r.n) },
        previous: { overdue_now: null },
      })),
    },
  ];
}
