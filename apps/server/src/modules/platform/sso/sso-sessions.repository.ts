import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

export interface SsoSessionLink {
  sessionId: string;
  provider: string;
  issuer: string;
  subject: string;
  sid: string | null;
  idToken: string;
  at: Date;
}

export type EndedSession = {
  session_id: string;
  member_id: number;
  user_name: string;
};

/** The Backdesk sessions a provider's sign-in opened (migration 0055), and logout tokens taken. */
export function createSsoSessionsRepository() {
  return {
    /** Links a new sign-in; the links of sessions that have ended since (their ID tokens) are swept. */
    async link(db: DbOrTx, link: SsoSessionLink): Promise<void> {
      await db.execute(sql`
        WITH gone AS (
          DELETE FROM sso_sessions x USING staff_sessions s
          WHERE s.id = x.session_id AND (s.revoked_at IS NOT NULL OR s.expires_at < ${link.at}))
        INSERT INTO sso_sessions (session_id, provider, issuer, subject, sid, id_token, created_at)
        VALUES (${link.sessionId}, ${link.provider}, ${link.issuer}, ${link.subject}, ${link.sid},
                ${link.idToken}, ${link.at})`);
    },

    /** The link of a session being signed out, forgotten as it is read (the ID token is kept no longer). */
    async take(db: DbOrTx, sessionId: string): Promise<{ provider: string; id_token: string } | undefined> {
      const { rows } = await db.execute<{ provider: string; id_token: string }>(sql`
        DELETE FROM sso_sessions WHERE session_id = ${sessionId} RETURNING provider, id_token`);
      return rows[0];
    },

    /**
     * Ends the live sessions a logout token names: the provider session `sid` (of `subject` too when
     * both are given), or every session of `subject`, at `issuer`. Holds on every node at once: each
     * request reads its session from here.
     */
    async endSessions(
      db: DbOrTx,
      who: { issuer: string; subject: string | null; sid: string | null },
      reason: string,
      at: Date,
    ): Promise<EndedSession[]> {
      const { rows } = await db.execute<EndedSession>(sql`
        WITH ended AS (
          UPDATE staff_sessions s SET revoked_at = ${at}, revoked_reason = ${reason}
          FROM sso_sessions x
          WHERE x.session_id = s.id AND s.revoked_at IS NULL AND x.issuer = ${who.issuer}
            AND (${who.sid}::text IS NULL OR x.sid = ${who.sid})
            AND (${who.subject}::text IS NULL OR x.subject = ${who.subject})
          RETURNING s.id, s.member_id)
        SELECT ended.id AS session_id, ended.member_id, m.user_name
        FROM ended JOIN staff_members m ON m.id = ended.member_id ORDER BY ended.id`);
      return rows;
    },

    /**
     * Marks a logout token taken; false when it already was (a replay, from any node). Tokens past
     * their keeping are swept by the next one.
     */
    async takeLogoutToken(
      db: DbOrTx,
      token: { issuer: string; jti: string; at: Date; keepUntil: Date },
    ): Promise<boolean> {
      const { rows } = await db.execute<{ jti: string }>(sql`
        WITH gone AS (DELETE FROM sso_logout_tokens WHERE expires_at < ${token.at})
        INSERT INTO sso_logout_tokens (issuer, jti, seen_at, expires_at)
        VALUES (${token.issuer}, ${token.jti}, ${token.at}, ${token.keepUntil})
        ON CONFLICT (issuer, jti) DO NOTHING RETURNING jti`);
      return rows.length === 1;
    },
  };
}
export type SsoSessionsRepository = ReturnType<typeof createSsoSessionsRepository>;
