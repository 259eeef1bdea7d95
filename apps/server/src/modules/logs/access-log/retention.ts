import { ACCESS_LOG_RETENTION, type Retention, type SetRetentionBody } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  readSetting,
  readSettingForUpdate,
  writeSetting,
} from '../../platform/app-settings/app-settings.repository.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { CheckpointSigner } from './log-chain.ts';

/** The app setting that holds the number of days (docs/decisions/0008-tamper-evident-logs.md). */
export const RETENTION_KEY = 'access_log_retention_days';
/** Rows removed per signed cut, each cut its own short transaction. */
const CUT_ROWS = 10_000;
/** Cuts per run: a first run over years of rows spreads over the hours instead of one long burst. */
const CUTS_PER_RUN = 100;

const DAY_MS = 86_400_000;

async function retentionDays(db: DbOrTx): Promise<{ days: number; version: number }> {
  const stored = await readSetting<number>(db, RETENTION_KEY);
  return stored
    ? { days: stored.value, version: stored.version }
    : { days: ACCESS_LOG_RETENTION.default, version: 0 };
}

const retentionOf = (s: { days: number; version: number }): Retention => ({
  days: s.days,
  version: s.version,
  minimum: ACCESS_LOG_RETENTION.minimum,
  maximum: ACCESS_LOG_RETENTION.maximum,
});

export function createRetention(deps: { db: Db; clock: Clock; changes: Changes; signer: CheckpointSigner }) {
  const { db, clock, changes, signer } = deps;

  /**
   * One cut: the longest run of the oldest rows that are all older than the cutoff, at most
   * CUT_ROWS. The database function checks the run is what it says, writes the signed cut and only
   * then deletes it. Returns the rows removed (0: nothing left to remove, -1: another node is at it).
   */
  async function cutOnce(cutoff: Date): Promise<number> {
    const { rows } = await db.execute<{ id: string; old: boolean; hash: Buffer }>(sql`
      SELECT l.id::text AS id, l.at < ${cutoff.toISOString()}::timestamptz AS old, l.hash
      FROM access_log l ORDER BY l.id LIMIT ${CUT_ROWS}`);
    const young = rows.findIndex((r) => !r.old);
    const run = young === -1 ? rows : rows.slice(0, young);
    const last = run.at(-1);
    if (!last) return 0;
    const checkpoint = {
      log: 'access_log' as const,
      kind: 'cut' as const,
      rowId: Number(last.id),
      rowHash: last.hash,
      deleted: run.length,
    };
    const result = await db.execute<{ n: string }>(sql`
      SELECT bd_expire_access_log(${cutoff.toISOString()}::timestamptz, ${checkpoint.rowId}, ${last.hash},
        ${run.length}, ${signer.keyId}, ${signer.sign(checkpoint)})::text AS n`);
    return Number(result.rows[0]!.n);
  }

  return {
    async get(): Promise<Retention> {
      return retentionOf(await retentionDays(db));
    },

    async set(body: SetRetentionBody, actor: Actor): Promise<Retention> {
      return changes.run(actor, async (tx) => {
        const stored = await readSettingForUpdate<number>(tx, RETENTION_KEY);
        const current = stored ?? { value: ACCESS_LOG_RETENTION.default, version: 0 };
        if (current.version !== body.version) throw new AppError('STALE_EDIT');
        if (current.value === body.days)
          return { result: retentionOf({ days: current.value, version: current.version }), change: null };
        await writeSetting(tx, RETENTION_KEY, body.days, actor.memberId);
        return {
          result: retentionOf({ days: body.days, version: current.version + 1 }),
          change: {
            entity: 'app_setting',
            action: 'update',
            entityId: RETENTION_KEY,
            before: { days: current.value },
            after: { days: body.days },
          },
        };
      });
    },

    /**
     * Removes the access-log rows older than the retention, in signed cuts. Safe on every node at
     * once: the database function lets one expire at a time, and a cut names exact rows.
     */
    async expire(): Promise<{ deleted: number; cuts: number }> {
      const { days } = await retentionDays(db);
      const cutoff = new Date(clock.now().getTime() - days * DAY_MS);
      let deleted = 0;
      let cuts = 0;
      while (cuts < CUTS_PER_RUN) {
        const n = await cutOnce(cutoff);
        if (n <= 0) break;
        deleted += n;
        cuts += 1;
        if (n < CUT_ROWS) break;
      }
      return { deleted, cuts };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetention>;
