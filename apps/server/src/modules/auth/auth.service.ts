import { hasPanelAccess, type LoginBody, SPEC_MESSAGES } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccessLogRepository, FailureWindow } from '../access-log/access-log.repository.ts';
import type { MembersRepository } from '../members/members.repository.ts';
import type { CaptchaService } from './captcha.service.ts';
import { verifyPassword } from './passwords.ts';
import type { SessionsRepository, TokenLookup } from './sessions.repository.ts';
import { generateToken, hashToken, type TokenKind } from './tokens.ts';

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionExpiresAt: Date;
}

export interface SessionMember {
  id: number;
  userName: string;
  displayName: string;
  email: string | null;
  roles: string[];
  sessionId: string;
  sessionExpiresAt: Date;
}

export interface AuthSettings {
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  loginLimits: { windowSeconds: number; maxFailuresPerAccount: number; maxFailuresPerAddress: number };
}

/** A refresh token presented twice: the sign-in is revoked and the browser is told via auth_error. */
export class RefreshReuseError extends AppError {
  constructor() {
    super('INVALID_TOKEN', SPEC_MESSAGES.invalidToken);
  }
}

/** How long a replaced access token still serves requests that were already under way. */
const ACCESS_TOKEN_GRACE_SECONDS = 30;
/** How precisely a session's last activity is kept (the touch query uses the same minute). */
const LAST_SEEN_RESOLUTION_MS = 60_000;

const loginFailed = () => new AppError('LOGIN_FAILED', SPEC_MESSAGES.loginFailed);
const invalidToken = () => new AppError('INVALID_TOKEN', SPEC_MESSAGES.invalidToken);
const normaliseUserName = (name: string) => name.trim().toLowerCase();

export function createAuthService(deps: {
  db: Db;
  members: MembersRepository;
  sessions: SessionsRepository;
  accessLog: AccessLogRepository;
  captcha: CaptchaService;
  settings: AuthSettings;
}) {
  const { db, members, sessions, accessLog, captcha, settings } = deps;

  async function issueTokens(tx: Parameters<Parameters<Db['transaction']>[0]>[0], sessionId: string) {
    const accessToken = generateToken('access');
    const refreshToken = generateToken('refresh');
    const now = Date.now();
    await sessions.addToken(tx, {
      hash: hashToken(accessToken),
      sessionId,
      kind: 'access',
      expiresAt: new Date(now + settings.accessTokenTtlSeconds * 1000),
    });
    await sessions.addToken(tx, {
      hash: hashToken(refreshToken),
      sessionId,
      kind: 'refresh',
      expiresAt: new Date(now + settings.sessionTtlSeconds * 1000),
    });
    return { accessToken, refreshToken };
  }

  /**
   * Seconds until enough failures leave the window; undefined while under every limit. An account's
   * own limit counts the failures from this address, so nobody elsewhere can lock its owner out;
   * a ten times wider limit per account still stops a guesser spread over many addresses.
   */
  async function throttleSeconds(tx: DbOrTx, userName: string, ip: string): Promise<number | undefined> {
    const { windowSeconds, maxFailuresPerAccount, maxFailuresPerAddress } = settings.loginLimits;
    const since = new Date(Date.now() - windowSeconds * 1000);
    const limits: [FailureWindow, number][] = [
      [await accessLog.failuresSince(tx, { userName, ip }, since), maxFailuresPerAccount],
      [await accessLog.failuresSince(tx, { userName }, since), maxFailuresPerAccount * 10],
      [await accessLog.failuresSince(tx, { ip }, since), maxFailuresPerAddress],
    ];
    const waits = limits
      .filter(([window, max]) => window.failures >= max)
      .map(([window]) => {
        const oldest = window.oldest?.getTime() ?? Date.now();
        return Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - Date.now()) / 1000));
      });
    return waits.length ? Math.max(...waits) : undefined;
  }

  return {
    issueCaptcha: () => captcha.issue(),

    async login(body: LoginBody, ctx: RequestContext): Promise<IssuedTokens> {
      const userName = normaliseUserName(body.user_name);
      const log = { userName, ip: ctx.ip, userAgent: ctx.userAgent };

      // Outcomes are returned, not thrown, so the access-log row of a refusal commits with it.
      const outcome = await db.transaction(async (tx): Promise<IssuedTokens | AppError> => {
        // One attempt at a time per account and per address: concurrent guesses would otherwise
        // all read the failure count before any of them is recorded.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`login:user:${userName}`}))`);
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`login:ip:${ctx.ip}`}))`);

        const retryAfterSeconds = await throttleSeconds(tx, userName, ctx.ip);
        if (retryAfterSeconds !== undefined) {
          await accessLog.record(tx, { ...log, event: 'login_throttled', detail: { retryAfterSeconds } });
          return new AppError(
            'TOO_MANY_ATTEMPTS',
            `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`,
            { retryAfterSeconds },
          );
        }
        if (!(await captcha.redeem(tx, body.captchaToken))) {
          await accessLog.record(tx, { ...log, event: 'captcha_failed' });
          return new AppError('CAPTCHA_INVALID', 'The captcha was not solved or was already used');
        }

        const member = await members.findByUserName(tx, userName);
        const passwordOk = await verifyPassword(member?.passwordHash, body.password);
        // Unknown user, wrong password and disabled account answer alike.
        if (!member || !passwordOk || member.status !== 'active') {
          await accessLog.record(tx, { ...log, event: 'login_failed', memberId: member?.id ?? null });
          return loginFailed();
        }
        if (!hasPanelAccess(member.roles)) {
          const detail = { roles: member.roles };
          await accessLog.record(tx, { ...log, event: 'access_denied', memberId: member.id, detail });
          return new AppError('ACCESS_DENIED', SPEC_MESSAGES.accessDenied);
        }

        const sessionExpiresAt = new Date(Date.now() + settings.sessionTtlSeconds * 1000);
        const sessionId = await sessions.createSession(tx, {
          memberId: member.id,
          expiresAt: sessionExpiresAt,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        });
        const tokens = await issueTokens(tx, sessionId);
        await accessLog.record(tx, { ...log, event: 'login', memberId: member.id, detail: { sessionId } });
        return { ...tokens, sessionExpiresAt };
      });
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },

    async refresh(refreshToken: string | undefined, ctx: RequestContext): Promise<IssuedTokens> {
      const { found, hash, log } = await liveSession(refreshToken, 'refresh', ctx);

      return db
        .transaction(async (tx) => {
          if (!(await sessions.markRefreshUsed(tx, hash))) throw new RefreshReuseError();
          await sessions.retireAccessTokens(tx, found.sessionId, ACCESS_TOKEN_GRACE_SECONDS);
          const tokens = await issueTokens(tx, found.sessionId);
          await accessLog.record(tx, { ...log, event: 'refresh', detail: { sessionId: found.sessionId } });
          return { ...tokens, sessionExpiresAt: found.sessionExpiresAt };
        })
        .catch(async (err: unknown) => {
          if (err instanceof RefreshReuseError) await recordReuse(found, log);
          throw err;
        });
    },

    async signout(tokens: (string | undefined)[], ctx: RequestContext): Promise<void> {
      for (const token of tokens) {
        if (!token) continue;
        const found = await sessions.lookup(db, hashToken(token));
        if (!found) continue;
        if (await sessions.revoke(db, found.sessionId, 'signout')) {
          await accessLog.record(db, {
            event: 'signout',
            memberId: found.member.id,
            userName: found.member.userName,
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            detail: { sessionId: found.sessionId },
          });
        }
        return;
      }
    },

    async recordDenied(member: SessionMember, url: string, ctx: RequestContext): Promise<void> {
      await accessLog.record(db, {
        event: 'access_denied',
        memberId: member.id,
        userName: member.userName,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { url },
      });
    },

    async authenticate(accessToken: string | undefined, ctx: RequestContext): Promise<SessionMember> {
      const { found } = await liveSession(accessToken, 'access', ctx);
      if (found.tokenExpiresAt.getTime() <= Date.now()) {
        throw new AppError('ACCESS_TOKEN_EXPIRED', SPEC_MESSAGES.accessTokenExpired);
      }
      // At most one write a minute per sign-in, not one per request.
      if (Date.now() - found.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        void sessions.touch(db, found.sessionId).catch(() => {});
      }
      const { member } = found;
      return {
        id: member.id,
        userName: member.userName,
        displayName: member.displayName,
        email: member.email,
        roles: member.roles,
        sessionId: found.sessionId,
        sessionExpiresAt: found.sessionExpiresAt,
      };
    },
  };

  /** The token's session, refused unless it is of the expected kind and its sign-in still lives. */
  async function liveSession(token: string | undefined, kind: TokenKind, ctx: RequestContext) {
    if (!token) throw new AppError('AUTHENTICATION_REQUIRED', SPEC_MESSAGES.authenticationRequired);
    const hash = hashToken(token);
    const found = await sessions.lookup(db, hash);
    if (found?.kind !== kind || found.revokedAt) throw invalidToken();
    const log = {
      memberId: found.member.id,
      userName: found.member.userName,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    };
    await rejectEndedSession(found, log);
    return { found, hash, log };
  }

  /** The sign-in's absolute end, or a member disabled or stripped of panel roles since sign-in. */
  async function rejectEndedSession(
    found: TokenLookup,
    log: { memberId: number; userName: string; ip: string; userAgent: string | null },
  ) {
    if (found.sessionExpiresAt.getTime() <= Date.now()) {
      if (await sessions.revoke(db, found.sessionId, 'expired')) {
        await accessLog.record(db, {
          ...log,
          event: 'session_expired',
          detail: { sessionId: found.sessionId },
        });
      }
      throw new AppError('TOKEN_EXPIRED', SPEC_MESSAGES.tokenExpired);
    }
    if (found.member.status !== 'active' || !hasPanelAccess(found.member.roles)) {
      await sessions.revoke(db, found.sessionId, 'access_withdrawn');
      await accessLog.record(db, { ...log, event: 'access_denied', detail: { sessionId: found.sessionId } });
      throw invalidToken();
    }
  }

  /** Reuse detected: revoked after the rollback, so the revocation sticks. */
  async function recordReuse(
    found: TokenLookup,
    log: { memberId: number; userName: string; ip: string; userAgent: string | null },
  ) {
    if (await sessions.revoke(db, found.sessionId, 'refresh_reuse')) {
      await accessLog.record(db, { ...log, event: 'refresh_reuse', detail: { sessionId: found.sessionId } });
    }
  }
}
export type AuthService = ReturnType<typeof createAuthService>;
