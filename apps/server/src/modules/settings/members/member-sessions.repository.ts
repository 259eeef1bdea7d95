import type { Session } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

/**
 * A member's sign-ins as settings and the members page see them. Ending one sets `revoked_at`: the
 * auth lookup reads the session row on every request (modules/platform/auth/auth.service.ts `liveSession`),
 * so the end holds at once on every node, with nothing cached in any process.
 */

/** Why a sign-in was ended, kept on the session row and in the access log. */
export type RevokeReason =
  | 'signed_out_elsewhere'
  | 'password_changed'
  | 'member_disabled'
  | 'ended_by_super'
  | 'identity_unlinked';

export interface EndedSession {
  id: string;
}

const live = (now: Date) => sql`revoked_at IS NULL AND expires_at > ${now}`;

export function createMemberSessionsRepository() {
  async function revokeWhere(db: DbOrTx, where: SQL, reason: RevokeReason, at: Date): Promise<string[]> {
    const result = await db.execute<{ id: string }>(sql`
      UPDATE staff_sessions SET revoked_at = ${at}, revoked_reason = ${reason}
      WHERE ${where} AND ${live(at)}
      RETURNING id`);
    return result.rows.map((r) => r.id);
  }

  return {
    /** The member's live sign-ins, the latest first; `current` marks the one asking. */
    async list(db: DbOrTx, memberId: number, currentSessionId: string, now: Date): Promise<Session[]> {
      const result = await db.execute<Session>(sql`
        SELECT id::text, user_agent, host(ip) AS ip,
          ${isoUtc(sql`created_at`)} AS created_at, ${isoUtc(sql`last_seen_at`)} AS last_seen_at,
          ${isoUtc(sql`expires_at`)} AS expires_at, id = ${currentSessionId}::uuid AS current
        FROM staff_sessions
        WHERE member_id = ${memberId} AND ${live(now)}
        ORDER BY created_at DESC, id`);
      return result.rows;
    },

    /** Ends one live sign-in of the member; the ids ended (none when it was not theirs or not live). */
    revokeOne: (db: DbOrTx, memberId: number, sessionId: string, reason: RevokeReason, at: Date) =>
      revokeWhere(db, sql`member_id = ${memberId} AND id = ${sessionId}::uuid`, reason, at),

    /** Ends the member's live sign-ins opened through one provider identity (decision 0011: at once). */
    revokeOpenedBy: (db: DbOrTx, memberId: number, issuer: string, subject: string, at: Date) =>
      revokeWhere(
        db,
        sql`member_id = ${memberId} AND id IN (SELECT session_id FROM sso_sessions
          WHERE issuer = ${issuer} AND subject = ${subject})`,
        'identity_unlinked',
        at,
      ),

    /** Ends every live sign-in of the member, but `keep` when given. */
    revokeAll: (db: DbOrTx, memberId: number, reason: RevokeReason, at: Date, keep?: string) =>
      revokeWhere(
        db,
        keep ? sql`member_id = ${memberId} AND id <> ${keep}::uuid` : sql`member_id = ${memberId}`,
        reason,
        at,
      ),
  };
}
export type MemberSessionsRepository = ReturnType<typeof createMemberSessionsRepository>;
