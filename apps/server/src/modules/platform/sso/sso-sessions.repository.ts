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

/** The Backdesk sessions a provider's sign-in opened (migration 0055). */
export function createSsoSessionsRepository() {
  return {
    async link(db: DbOrTx, link: SsoSessionLink): Promise<void> {
      await db.execute(sql`
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
  };
}
export type SsoSessionsRepository = ReturnType<typeof createSsoSessionsRepository>;
