import {
  type CallRetention,
  INTEGRATION_CALL_RETENTION,
  type IntegrationCall,
  type IntegrationCallOutcome,
  type integrationsApi,
} from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { allOf } from '../../../lib/list-query.ts';
import {
  readSetting,
  readSettingForUpdate,
  writeSetting,
} from '../../platform/app-settings/app-settings.repository.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';

/** The app setting that holds how many days call-log rows are kept (decision 0025). */
export const CALL_RETENTION_KEY = 'integration_call_retention_days';
/** Rows deleted per statement: each batch is its own short transaction, so the log stays writable. */
const DELETE_BATCH = 5_000;
/** Batches per run: a first run over a large backlog spreads over several days' runs. */
const BATCHES_PER_RUN = 200;
const DAY_MS = 86_400_000;

type CallQuery = z.output<typeof integrationsApi.IntegrationCallQuerySchema>;

/** The outcome is read from the status, so a filter and the row always agree. */
const OUTCOME_SQL: Record<IntegrationCallOutcome, SQL> = {
  ok: sql`c.status < 400`,
  refused: sql`c.status >= 400 AND c.status < 500`,
  failed: sql`c.status >= 500`,
};
const outcomeOf = (status: number): IntegrationCallOutcome =>
  status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'ok';

interface CallRow {
  id: string;
  at: Date | string;
  integration_id: number | null;
  integration_name: string | null;
  key_prefix: string | null;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  received: number | null;
  applied: number | null;
  refused: number | null;
  error_code: string | null;
  address: string | null;
  request_id: string | null;
}

const callOf = (r: CallRow): IntegrationCall => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  integration: r.integration_id === null ? null : { id: r.integration_id, name: r.integration_name ?? '' },
  key_prefix: r.key_prefix,
  method: r.method,
  route: r.route,
  status: r.status,
  outcome: outcomeOf(r.status),
  duration_ms: r.duration_ms,
  received: r.received,
  applied: r.applied,
  refused: r.refused,
  error_code: r.error_code,
  address: r.address,
  request_id: r.request_id,
});

async function retentionDays(db: DbOrTx): Promise<{ days: number; version: number }> {
  const stored = await readSetting<number>(db, CALL_RETENTION_KEY);
  return stored
    ? { days: stored.value, version: stored.version }
    : { days: INTEGRATION_CALL_RETENTION.default, version: 0 };
}

const retentionOf = (s: { days: number; version: number }): CallRetention => ({
  ...s,
  minimum: INTEGRATION_CALL_RETENTION.minimum,
  maximum: INTEGRATION_CALL_RETENTION.maximum,
});

/** The public API's call log as staff read it, and its retention (R69). */
export function createCallLogList(deps: { db: Db; clock: Clock; changes: Changes }) {
  const { db, clock, changes } = deps;

  return {
    async list(q: CallQuery) {
      const where: SQL[] = [];
      if (q.integration !== undefined) where.push(sql`c.integration_id = ${q.integration}`);
      if (q.route) where.push(sql`c.route = ${q.route}`);
      if (q.outcome) where.push(OUTCOME_SQL[q.outcome]);
      if (q.from) where.push(sql`c.at >= ${q.from}::date::timestamp AT TIME ZONE 'UTC'`);
      if (q.to) where.push(sql`c.at < (${q.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
      const page = await keysetPage<CallRow & { sort_value: string }>(
        { sort: sql`c.at`, id: sql`c.id`, dir: q.dir },
        { cursor: q.cursor, limit: q.limit },
        (row) => [row.sort_value, Number(row.id)],
        async (k) =>
          (
            await db.execute(sql`
              SELECT c.id::text AS id, c.at, c.at::text AS sort_value, c.integration_id,
                i.name AS integration_name, k.prefix AS key_prefix, c.method, c.route, c.status,
                c.duration_ms, c.received, c.applied, c.refused, c.error_code,
                host(c.address) AS address, c.request_id
              FROM integration_calls c
              LEFT JOIN integrations i ON i.id = c.integration_id
              LEFT JOIN integration_keys k ON k.id = c.key_id
              WHERE ${allOf(where)}${k.where ? sql` AND ${k.where}` : sql``}
              ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
          ).rows as unknown as (CallRow & { sort_value: string })[],
      );
      return { ...page, items: page.items.map(callOf) };
    },

    async getRetention(): Promise<CallRetention> {
      return retentionOf(await retentionDays(db));
    },

    async setRetention(body: { days: number; version: number }, actor: Actor): Promise<CallRetention> {
      return changes.run(actor, async (tx) => {
        const stored = await readSettingForUpdate<number>(tx, CALL_RETENTION_KEY);
        const current = stored ?? { value: INTEGRATION_CALL_RETENTION.default, version: 0 };
        if (current.version !== body.version) throw new AppError('STALE_EDIT');
        if (current.value === body.days)
          return { result: retentionOf({ days: current.value, version: current.version }), change: null };
        await writeSetting(tx, CALL_RETENTION_KEY, body.days, actor.memberId);
        return {
          result: retentionOf({ days: body.days, version: current.version + 1 }),
          change: {
            entity: 'app_setting',
            action: 'update',
            entityId: CALL_RETENTION_KEY,
            before: { days: current.value },
            after: { days: body.days },
          },
        };
      });
    },

    /**
     * Deletes call-log rows older than the retention, oldest first in batches. Safe on several nodes
     * at once (a row deleted twice is deleted once); the cron table runs it once anyway.
     */
    async expire(): Promise<number> {
      const { days } = await retentionDays(db);
      const cutoff = new Date(clock.now().getTime() - days * DAY_MS).toISOString();
      let deleted = 0;
      for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
        const result = await db.execute(sql`
          DELETE FROM integration_calls WHERE id IN (
            SELECT id FROM integration_calls WHERE at < ${cutoff}::timestamptz ORDER BY at, id LIMIT ${DELETE_BATCH})`);
        const n = result.rowCount ?? 0;
        deleted += n;
        if (n < DELETE_BATCH) break;
      }
      return deleted;
    },
  };
}
export type CallLogList = ReturnType<typeof createCallLogList>;
