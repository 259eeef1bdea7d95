import { hasPanelAccess, type LoginBody, type TwoFactorMethod } from '@backdesk/contract';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { storableText } from '../../../lib/input-text.ts';
import type { SessionMember } from '../../../lib/request-identity.ts';
import type { AccessLogEntry, AccessLogRepository } from '../access-log/access-log.repository.ts';
import type { Actor, createChanges } from '../audit/changes.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { MembersRepository } from './members.repository.ts';
import { verifyPassword } from './passwords.ts';
import type { SessionsRepository, TokenLookup } from './sessions.repository.ts';
import { allowedWhile, REFUSAL, requiredAction } from './sign-in-gate.ts';
import { generateToken, hashToken, type TokenKind } from './tokens.ts';

export interface RequestContext {
  ip: string;
  userAgent: string | null;
  /** `METHOD /path` of the endpoint called, as registered: the sign-in gate allows only a few. */
  route?: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionExpiresAt: Date;
}

export type { SessionMember };

/** The address a signed-out session's browser goes to next, if any (given the sign-in page's URL). */
export type SignoutRedirect = (sessionId: string, loginUrl: string) => Promise<string | undefined>;

/** A member with two-factor on passed the first step: no session yet, a challenge for the second. */
export interface SecondStepRequired {
  challenge: string;
  methods: TwoFactorMethod[];
}

/** What the sign-in needs of two-factor (modules/platform/two-factor/second-step.ts). */
export interface SignInSecondStep {
  methodsFor(db: DbOrTx, memberId: number): Promise<TwoFactorMethod[]>;
  begin(tx: Tx, memberId: number): Promise<string>;
}

export interface SecondStepMember {
  id: number;
  userName: string;
  roles: string[];
  status: string;
}

export interface AuthSettings {
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** SSO_ONLY: passwords are refused for everyone but this member (docs/sso.md); null, passwords work. */
  passwordOnlyFor?: string | null;
}

/** A refresh token presented twice: the sign-in is revoked and the browser is told via auth_error. */
export class RefreshReuseError extends AppError {
  constructor() {
    super('INVALID_TOKEN');
  }
}

/** How long a replaced access token still serves requests that were already under way. */
const ACCESS_TOKEN_GRACE_MS = 30_000;
/** How precisely a session's last activity is kept: at most one write a minute per sign-in. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

const normaliseUserName = (name: string) => name.trim().toLowerCase();

type LogFields = Omit<AccessLogEntry, 'at' | 'event'>;

export function createAuthService(deps: {
  db: Db;
  members: MembersRepository;
  sessions: SessionsRepository;
  accessLog: AccessLogRepository;
  throttle: LoginThrottle;
  captcha: CaptchaService;
  secondStep: SignInSecondStep;
  changes: ReturnType<typeof createChanges>;
  clock: Clock;
  settings: AuthSettings;
}) {
  const { db, members, sessions, accessLog, throttle, captcha, secondStep, changes, clock, settings } = deps;
  const later = (ms: number) => new Date(clock.now().getTime() + ms);
  const record = (tx: DbOrTx, entry: Omit<AccessLogEntry, 'at'>) =>
    accessLog.record(tx, { ...entry, at: clock.now() });

  async function issueTokens(tx: Tx, sessionId: string) {
    const accessToken = generateToken('access');
    const refreshToken = generateToken('refresh');
    const at = clock.now();
    const expiring = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    await sessions.addToken(tx, {
      hash: hashToken(accessToken),
      sessionId,
      kind: 'access',
      at,
      expiresAt: expiring(settings.accessTokenTtlSeconds),
    });
    await sessions.addToken(tx, {
      hash: hashToken(refreshToken),
      sessionId,
      kind: 'refresh',
      at,
      expiresAt: expiring(settings.sessionTtlSeconds),
    });
    return { accessToken, refreshToken };
  }

  /**
   * Where the browser goes once a session is signed out (the SSO module's provider end-session
   * address), or nowhere; set by the module that knows, since sign-in is registered first.
   */
  let signoutRedirect: SignoutRedirect | undefined;

  /** The sign-in itself: a session, its tokens and the `login` row (after every step has passed). */
  async function openSession(
    tx: Tx,
    member: { id: number; userName: string },
    ctx: RequestContext,
    detail: Record<string, unknown> = {},
  ): Promise<IssuedTokens & { sessionId: string }> {
    const sessionExpiresAt = later(settings.sessionTtlSeconds * 1000);
    const sessionId = await sessions.createSession(tx, {
      memberId: member.id,
      at: clock.now(),
      expiresAt: sessionExpiresAt,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    const tokens = await issueTokens(tx, sessionId);
    const log = { userName: member.userName, ip: ctx.ip, userAgent: ctx.userAgent, memberId: member.id };
    await record(tx, { ...log, event: 'login', detail: { sessionId, ...detail } });
    return { ...tokens, sessionExpiresAt, sessionId };
  }

  return {
    issueCaptcha: () => captcha.issue(),

    /**
     * A sign-in whose identity a provider vouched for (single sign-on, modules/platform/sso): the
     * session opens in the caller's transaction, with no second step of Backdesk's own (the provider
     * does it), and the `login` row names the provider and subject.
     */
    openVerifiedSession: (
      tx: Tx,
      member: { id: number; userName: string },
      ctx: RequestContext,
      detail: Record<string, unknown>,
    ) => openSession(tx, member, ctx, detail),

    /** Lets single sign-on send a member it signed in to their provider's sign-out (docs/sso.md). */
    setSignoutRedirect(redirect: SignoutRedirect): void {
      signoutRedirect = redirect;
    },

    /** An access-log row of a single sign-on that was refused. */
    recordRefusal: (tx: DbOrTx, entry: Omit<AccessLogEntry, 'at'>) => record(tx, entry),

    /**
     * The first step: captcha, user name and password. A member without two-factor is signed in (the
     * original answer, R2); one with two-factor gets a challenge for the second step and no session yet.
     */
    async login(body: LoginBody, ctx: RequestContext): Promise<IssuedTokens | SecondStepRequired> {
      const userName = normaliseUserName(body.user_name);
      const log = { userName, ip: ctx.ip, userAgent: ctx.userAgent };
      // Outcomes are returned, not thrown, so the access-log row of a refusal commits with it.
      const outcome = await db.transaction(
        async (tx): Promise<IssuedTokens | SecondStepRequired | AppError> => {
          const retryAfterSeconds = await throttle.retryAfterSeconds(tx, userName, ctx.ip);
          if (retryAfterSeconds !== undefined) {
            await record(tx, { ...log, event: 'login_throttled', detail: { retryAfterSeconds } });
            return new AppError('TOO_MANY_ATTEMPTS', {}, { retryAfterSeconds });
          }
          if (!(await captcha.redeem(tx, body.captchaToken))) {
            await record(tx, { ...log, event: 'captcha_failed' });
            return new AppError('CAPTCHA_INVALID');
          }
          const member = await members.findByUserName(tx, userName);
          const passwordOk = await verifyPassword(member?.passwordHash, body.password);
          // Unknown user, wrong password and disabled account answer alike.
          if (!member || !passwordOk || member.status !== 'active') {
            await record(tx, { ...log, event: 'login_failed', memberId: member?.id ?? null });
            return new AppError('LOGIN_FAILED');
          }
          if (!hasPanelAccess(member.roles)) {
            const detail = { roles: member.roles };
            await record(tx, { ...log, event: 'access_denied', memberId: member.id, detail });
            return new AppError('ACCESS_DENIED');
          }
          const only = settings.passwordOnlyFor;
          if (only !== undefined && only !== null && member.userName !== only) {
            const detail = { reason: 'sso_only' };
            await record(tx, { ...log, event: 'login_failed', memberId: member.id, detail });
            return new AppError('SSO_PASSWORD_DISABLED');
          }
          const methods = await secondStep.methodsFor(tx, member.id);
          if (methods.length > 0) return { challenge: await secondStep.begin(tx, member.id), methods };
          return openSession(tx, member, ctx);
        },
      );
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },

    /**
     * The second step: `pass` checks the challenge and the code or passkey (modules/platform/two-factor) in
     * this transaction; the session opens only if it passed and the member may still use the panel.
     */
    async completeSecondStep(
      pass: (tx: Tx) => Promise<AppError | { member: SecondStepMember; method: TwoFactorMethod }>,
      ctx: RequestContext,
    ): Promise<IssuedTokens> {
      const outcome = await db.transaction(async (tx): Promise<IssuedTokens | AppError> => {
        const passed = await pass(tx);
        if (passed instanceof AppError) return passed;
        const { member, method } = passed;
        if (member.status !== 'active' || !hasPanelAccess(member.roles)) {
          const log = {
            userName: member.userName,
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            memberId: member.id,
          };
          await record(tx, { ...log, event: 'access_denied', detail: { roles: member.roles } });
          return new AppError(member.status === 'active' ? 'ACCESS_DENIED' : 'LOGIN_FAILED');
        }
        return openSession(tx, member, ctx, { secondFactor: method });
      });
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },

    /** A sign-in refused before it was read (unstorable text): logged as a failure, the name made storable. */
    async recordUnreadableLogin(body: unknown, ctx: RequestContext): Promise<void> {
      const name = (body as { user_name?: unknown } | null)?.user_name;
      const userName = typeof name === 'string' ? normaliseUserName(storableText(name)).slice(0, 100) : null;
      const log = { userName, ip: ctx.ip, userAgent: ctx.userAgent && storableText(ctx.userAgent) };
      await record(db, { ...log, event: 'login_failed', detail: { refused: 'INVALID_TEXT' } });
    },

    async refresh(refreshToken: string | undefined, ctx: RequestContext): Promise<IssuedTokens> {
      const { found, hash, log } = await liveSession(refreshToken, 'refresh', ctx);
      return db
        .transaction(async (tx) => {
          if (!(await sessions.markRefreshUsed(tx, hash, clock.now()))) throw new RefreshReuseError();
          await sessions.retireAccessTokens(tx, found.sessionId, later(ACCESS_TOKEN_GRACE_MS));
          const tokens = await issueTokens(tx, found.sessionId);
          await record(tx, { ...log, event: 'refresh', detail: { sessionId: found.sessionId } });
          return { ...tokens, sessionExpiresAt: found.sessionExpiresAt };
        })
        .catch(async (err: unknown) => {
          if (err instanceof RefreshReuseError) await recordReuse(found, log);
          throw err;
        });
    },

    /**
     * Ends the session of the first token that names one. Returns where the browser goes next when
     * the session was a provider's sign-in with an end-session endpoint (`loginUrl` is where the
     * provider sends it back); undefined otherwise. The redirect never throws: a provider that
     * cannot be reached leaves the member signed out of Backdesk, without the redirect.
     */
    async signout(
      tokens: (string | undefined)[],
      ctx: RequestContext,
      loginUrl?: string,
    ): Promise<string | undefined> {
      for (const token of tokens) {
        if (!token) continue;
        const found = await sessions.lookup(db, hashToken(token));
        if (!found) continue;
        if (!(await sessions.revoke(db, found.sessionId, 'signout', clock.now()))) return undefined;
        await record(db, {
          event: 'signout',
          memberId: found.member.id,
          userName: found.member.userName,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          detail: { sessionId: found.sessionId },
        });
        return signoutRedirect && loginUrl ? signoutRedirect(found.sessionId, loginUrl) : undefined;
      }
      return undefined;
    },

    /**
     * A super lets an account's owner sign in again from anywhere: the failures counted so far stop
     * counting (docs/decisions/0006-sign-in-throttling.md). Audited on the member; nothing to clear, no row.
     */
    async clearThrottle(rawUserName: string, actor: Actor, ctx: RequestContext): Promise<number> {
      const userName = normaliseUserName(rawUserName);
      return changes.run(actor, async (tx) => {
        const member = await members.findByUserName(tx, userName);
        if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND', { userName });
        const failures = await throttle.countedFailures(tx, userName);
        if (failures === 0) return { result: 0, change: null };
        const detail = { clearedBy: actor.memberId, failures };
        await record(tx, { event: 'throttle_cleared', memberId: member.id, userName, ...ctx, detail });
        return {
          result: failures,
          change: {
            entity: 'staff_member',
            action: 'lift',
            entityId: member.id,
            before: { sign_in_failures: failures },
            after: { sign_in_failures: 0 },
          },
        };
      });
    },

    async recordDenied(member: SessionMember, url: string, ctx: RequestContext): Promise<void> {
      await record(db, {
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
      const now = clock.now();
      if (found.tokenExpiresAt <= now) throw new AppError('ACCESS_TOKEN_EXPIRED');
      const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
      if (found.lastSeenAt < staleBefore) {
        void sessions.touch(db, found.sessionId, now, staleBefore).catch(() => {});
      }
      const { member } = found;
      const action = requiredAction({ ...member, twoFactorRequired: found.twoFactorRequired });
      if (action && ctx.route !== undefined && !allowedWhile(action, ctx.route)) {
        const log = { memberId: member.id, userName: member.userName, ip: ctx.ip, userAgent: ctx.userAgent };
        await record(db, { ...log, event: 'access_denied', detail: { route: ctx.route, required: action } });
        throw new AppError(REFUSAL[action]);
      }
      return {
        id: member.id,
        userName: member.userName,
        displayName: member.displayName,
        email: member.email,
        roles: member.roles,
        sessionId: found.sessionId,
        sessionExpiresAt: found.sessionExpiresAt,
        requiredAction: action,
        source: member.source,
      };
    },
  };

  /** The token's session, refused unless it is of the expected kind and its sign-in still lives. */
  async function liveSession(token: string | undefined, kind: TokenKind, ctx: RequestContext) {
    if (!token) throw new AppError('AUTHENTICATION_REQUIRED');
    const hash = hashToken(token);
    const found = await sessions.lookup(db, hash);
    if (found?.kind !== kind || found.revokedAt) throw new AppError('INVALID_TOKEN');
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
  async function rejectEndedSession(found: TokenLookup, log: LogFields) {
    if (found.sessionExpiresAt <= clock.now()) {
      if (await sessions.revoke(db, found.sessionId, 'expired', clock.now())) {
        await record(db, { ...log, event: 'session_expired', detail: { sessionId: found.sessionId } });
      }
      throw new AppError('TOKEN_EXPIRED');
    }
    if (found.member.status !== 'active' || !hasPanelAccess(found.member.roles)) {
      await sessions.revoke(db, found.sessionId, 'access_withdrawn', clock.now());
      await record(db, { ...log, event: 'access_denied', detail: { sessionId: found.sessionId } });
      throw new AppError('INVALID_TOKEN');
    }
  }

  /** Reuse detected: revoked after the rollback, so the revocation sticks. */
  async function recordReuse(found: TokenLookup, log: LogFields) {
    if (await sessions.revoke(db, found.sessionId, 'refresh_reuse', clock.now())) {
      await record(db, { ...log, event: 'refresh_reuse', detail: { sessionId: found.sessionId } });
    }
  }
}
export type AuthService = ReturnType<typeof createAuthService>;
