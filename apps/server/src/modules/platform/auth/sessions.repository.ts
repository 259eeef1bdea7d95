import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { buildStatement, type DbOrTx, runStatementAsArrays } from '../../../db/client.ts';
import { sessionTokens, staffMembers, staffSessions } from '../../../db/schema.ts';
import { TWO_FACTOR_REQUIRED_KEY } from './sign-in-gate.ts';
import type { TokenKind } from './tokens.ts';

export interface TokenLookup {
  kind: string;
  tokenExpiresAt: Date;
  usedAt: Date | null;
  sessionId: string;
  sessionExpiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
  member: {
    id: number;
    userName: string;
    displayName: string;
    email: string | null;
    roles: string[];
    status: string;
    mustChangePassword: boolean;
    /** local, sso or scim: a provider's member has their second factor at the provider. */
    source: string;
    /** Whether the member has an enabled second factor (migration 0015). */
    hasTwoFactor: boolean;
  };
  /** The deployment requires two-factor of admin and super (app_settings, a super's setting). */
  twoFactorRequired: boolean;
}

/**
 * The lookup every signed-in request makes: a token with its session and member (and what the
 * sign-in gate needs) in one round trip, built once as a named statement (bench:load's minimal
 * handler prepares the same text under plain pg, to compare against). Its rows are read as arrays:
 * the select names `id` and `expires_at` twice.
 */
export const SESSION_LOOKUP = buildStatement(
  new QueryBuilder()
    .select({
      kind: sessionTokens.kind,
      tokenExpiresAt: sessionTokens.expiresAt,
      usedAt: sessionTokens.usedAt,
      sessionId: staffSessions.id,
      sessionExpiresAt: staffSessions.expiresAt,
      revokedAt: staffSessions.revokedAt,
      lastSeenAt: staffSessions.lastSeenAt,
      memberId: staffMembers.id,
      userName: staffMembers.userName,
      displayName: staffMembers.displayName,
      email: staffMembers.email,
      roles: staffMembers.roles,
      status: staffMembers.status,
      mustChangePassword: staffMembers.mustChangePassword,
      source: staffMembers.source,
      hasTwoFactor: sql<boolean>`EXISTS (SELECT 1 FROM staff_two_factor_methods f WHERE f.member_id = ${staffMembers.id})`,
      // Read on every request, so a super's change holds on every node at once.
      twoFactorRequired: sql<boolean>`COALESCE((SELECT value = 'true'::jsonb FROM app_settings WHERE key = ${TWO_FACTOR_REQUIRED_KEY}), false)`,
    })
    .from(sessionTokens)
    .innerJoin(staffSessions, eq(staffSessions.id, sessionTokens.sessionId))
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.memberId))
    .where(eq(sessionTokens.tokenHash, sql.placeholder('hash')))
    .getSQL(),
);

/** Timestamps arrive as PostgreSQL's text (db/client.ts), as Drizzle's timestamp columns read them. */
const at = (text: unknown) => new Date(text as string);
const atOrNull = (text: unknown) => (text === null ? null : at(text));

/** A lookup row, its columns in SESSION_LOOKUP's order. */
function toTokenLookup(row: unknown[]): TokenLookup {
  const [kind, tokenExpiresAt, usedAt, sessionId, sessionExpiresAt, revokedAt, lastSeenAt] = row;
  const [id, userName, displayName, email, roles, status, mustChangePassword, source] = row.slice(7);
  const [hasTwoFactor, twoFactorRequired] = row.slice(15);
  return {
    kind: kind as string,
    tokenExpiresAt: at(tokenExpiresAt),
    usedAt: atOrNull(usedAt),
    sessionId: sessionId as string,
    sessionExpiresAt: at(sessionExpiresAt),
    revokedAt: atOrNull(revokedAt),
    lastSeenAt: at(lastSeenAt),
    member: {
      id: id as number,
      userName: userName as string,
      displayName: displayName as string,
      email: email as string | null,
      roles: roles as string[],
      status: status as string,
      mustChangePassword: mustChangePassword as boolean,
      source: source as string,
      hasTwoFactor: hasTwoFactor as boolean,
    },
    twoFactorRequired: twoFactorRequired as boolean,
  };
}

export function createSessionsRepository() {
  return {
    async createSession(
      db: DbOrTx,
      session: { memberId: number; at: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
    ): Promise<string> {
      const [row] = await db
        .insert(staffSessions)
        .values({
          memberId: session.memberId,
          createdAt: session.at,
          lastSeenAt: session.at,
          expiresAt: session.expiresAt,
          ip: session.ip,
          userAgent: session.userAgent?.slice(0, 500) ?? null,
        })
        .returning({ id: staffSessions.id });
      return row!.id;
    },

    async addToken(
      db: DbOrTx,
      token: { hash: Buffer; sessionId: string; kind: TokenKind; at: Date; expiresAt: Date },
    ) {
      await db.insert(sessionTokens).values({
        tokenHash: token.hash,
        sessionId: token.sessionId,
        kind: token.kind,
        createdAt: token.at,
        expiresAt: token.expiresAt,
      });
    },

    /** A token with its session and member (SESSION_LOOKUP), or undefined for an unknown token. */
    async lookup(db: DbOrTx, hash: Buffer): Promise<TokenLookup | undefined> {
      const [row] = await runStatementAsArrays(db, SESSION_LOOKUP, { hash });
      return row && toTokenLookup(row);
    },

    /** Marks a refresh token used; false when it already was (a concurrent or stolen reuse). */
    async markRefreshUsed(db: DbOrTx, hash: Buffer, at: Date): Promise<boolean> {
      const rows = await db
        .update(sessionTokens)
        .set({ usedAt: at })
        .where(and(eq(sessionTokens.tokenHash, hash), isNull(sessionTokens.usedAt)))
        .returning({ hash: sessionTokens.tokenHash });
      return rows.length === 1;
    },

    /**
     * After a refresh the older access tokens of the sign-in end by `until` (a short grace for
     * requests already in flight) instead of living out their full term.
     */
    async retireAccessTokens(db: DbOrTx, sessionId: string, until: Date): Promise<void> {
      await db
        .update(sessionTokens)
        .set({ expiresAt: sql`least(${sessionTokens.expiresAt}, ${until})` })
        .where(and(eq(sessionTokens.sessionId, sessionId), eq(sessionTokens.kind, 'access')));
    },

    /** Ends a sign-in; its tokens stop working at once. Returns false if it had already ended. */
    async revoke(db: DbOrTx, sessionId: string, reason: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(staffSessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id });
      return rows.length === 1;
    },

    /** Moves the last activity to `at`, unless a concurrent request already moved it past `staleBefore`. */
    async touch(db: DbOrTx, sessionId: string, at: Date, staleBefore: Date): Promise<void> {
      await db
        .update(staffSessions)
        .set({ lastSeenAt: at })
        .where(and(eq(staffSessions.id, sessionId), lt(staffSessions.lastSeenAt, staleBefore)));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
