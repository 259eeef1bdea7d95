import type { FastifyInstance } from 'fastify';
import { createDb, createPool, type Db } from '../db/client.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where a standby stands: the WAL position it has replayed (null: it is no standby, so current). */
export type ReplayedLsn = (replica: Db) => Promise<string | null>;

const replayedOnStandby: ReplayedLsn = async (replica) => {
  const { rows } = await replica.$client.query<{ lsn: string | null }>(
    'SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS lsn',
  );
  return rows[0]!.lsn;
};

/** A WAL position ("16/B374D848") as one number, to compare two. */
const lsnValue = (lsn: string): bigint => {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/**
 * Reads from a streaming replica (READ_DATABASE_URL) for reports and heavy lists, with
 * read-your-own-write: after a member's change the primary's WAL position is kept in
 * `member_write_marks` (in the database, so every node knows it), and that member reads from the
 * primary until the replica has replayed past it. Without a replica everything reads the primary.
 */
export function createReads(deps: { primary: Db; replicaUrl?: string; replayed?: ReplayedLsn }) {
  const { primary } = deps;
  const replica = deps.replicaUrl ? createDb(createPool(deps.replicaUrl, 5)) : undefined;
  const replayed = deps.replayed ?? replayedOnStandby;

  return {
    replica,

    /**
     * The database `memberId` may read a report or heavy list from: the replica, unless the member
     * changed something it has not replayed yet. One lookup on the primary; the replica is asked
     * where it stands only for a member with a mark.
     */
    async db(memberId: number | undefined): Promise<Db> {
      if (!replica || memberId === undefined) return replica ?? primary;
      try {
        const { rows } = await primary.$client.query<{ lsn: string }>(
          'SELECT lsn::text AS lsn FROM member_write_marks WHERE member_id = $1',
          [memberId],
        );
        const mark = rows[0]?.lsn;
        if (mark === undefined) return replica;
        const position = await replayed(replica);
        return position === null || lsnValue(position) >= lsnValue(mark) ? replica : primary;
      } catch {
        return primary; // a replica that does not answer is no reason to fail a read
      }
    },

    /** Remembers the primary's position after `memberId`'s change, before the answer leaves. */
    async markWrite(memberId: number): Promise<void> {
      await primary.$client.query(
        `INSERT INTO member_write_marks (member_id, lsn, at) VALUES ($1, pg_current_wal_lsn(), now())
         ON CONFLICT (member_id) DO UPDATE SET lsn = excluded.lsn, at = excluded.at`,
        [memberId],
      );
    },

    async close(): Promise<void> {
      await replica?.$client.end();
    },
  };
}
export type Reads = ReturnType<typeof createReads>;

/** With a replica: marks every member's successful change (onSend runs before the answer goes out). */
export function registerReads(app: FastifyInstance, reads: Reads): void {
  app.addHook('onClose', () => reads.close());
  if (!reads.replica) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (WRITES.has(request.method) && request.member && reply.statusCode < 400) {
      await reads.markWrite(request.member.id);
    }
    return payload;
  });
}
