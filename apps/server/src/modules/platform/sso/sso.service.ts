import { createHash } from 'node:crypto';
import { hasPanelAccess } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { mappedRoles, type SsoProviderConfig, showsMfa } from '../../../config/sso-config.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AccessLogEntry, AccessLogRepository } from '../access-log/access-log.repository.ts';
import type { Change, createChanges } from '../audit/changes.ts';
import type { IssuedTokens, RequestContext } from '../auth/auth.service.ts';
import type { SsoProviders } from './sso-providers.ts';
import type { SsoSessionsRepository } from './sso-sessions.repository.ts';

/** How long a browser may take at the provider before its sign-in is void. */
const FLOW_TTL_MS = 10 * 60_000;
/** A logout token older than this (by its `iat`) is refused; its jti is kept as long, and a minute more. */
const LOGOUT_TOKEN_MAX_AGE_S = 5 * 60;
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

const hashState = (state: string) => createHash('sha256').update(state).digest();

/** What the service needs of sign-in (modules/platform/auth). */
export interface SsoSignIn {
  openVerifiedSession(
    tx: Tx,
    member: { id: number; userName: string },
    ctx: RequestContext,
    detail: Record<string, unknown>,
  ): Promise<IssuedTokens & { sessionId: string }>;
  recordRefusal(db: DbOrTx, entry: Omit<AccessLogEntry, 'at'>): Promise<unknown>;
}

type MemberRow = {
  id: number;
  user_name: string;
  roles: string[];
  status: string;
  source: string;
};

type Claims = Record<string, unknown> & { iss: string; sub: string };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A user name of the members' rule (2–40 of a–z 0–9 . _ -) made from what the provider says. */
function userNameFrom(claims: Claims): string {
  const wanted = text(claims.preferred_username) ?? text(claims.email)?.split('@')[0] ?? `sso-${claims.sub}`;
  const cleaned = wanted
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 34);
  return cleaned.length >= 2 ? cleaned : `sso-${cleaned}`.slice(0, 34);
}

/**
 * What the access log says of a refused code exchange: the OAuth error of the provider's answer, or
 * openid-client's own reason (its ClientError's message is generic; the cause it wraps names the
 * check: the signature, the "nonce" claim, the "alg" header…), and the error's code.
 */
function refusalReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, error: oauthError, cause } = error as Error & { code?: unknown; error?: unknown };
  const parts = [cause instanceof Error ? cause.message : error.message, oauthError, code];
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('; ');
}

// Roles are words of STAFF_ROLES, never holding a comma: the array travels as one text.
const sameRoles = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

/**
 * Staff single sign-on with OpenID Connect (docs/sso.md): the authorization code flow with PKCE,
 * `state` and `nonce`; the ID token checked by openid-client (signature by the provider's JWKS,
 * issuer, audience, expiry, nonce, the configured algorithm); the roles mapped from a claim; the
 * member found by issuer and subject, linked by a verified email, or made on the first sign-in.
 */
export function createSsoService(deps: {
  db: Db;
  clock: Clock;
  providers: SsoProviders;
  signIn: SsoSignIn;
  changes: ReturnType<typeof createChanges>;
  ssoSessions: SsoSessionsRepository;
  accessLog: AccessLogRepository;
  warn: (message: string, error: unknown) => void;
}) {
  const { db, clock, providers, signIn, changes, ssoSessions, accessLog, warn } = deps;

  /** The member the provider vouches for, their roles made the provider's; the change to audit. */
  async function memberFor(
    tx: Tx,
    provider: SsoProviderConfig,
    claims: Claims,
    roles: string[],
  ): Promise<{ member: MemberRow; change: Change | null }> {
    const known = await tx.execute<MemberRow>(sql`
      SELECT m.id, m.user_name, m.roles, m.status, m.source FROM staff_identities i
      JOIN staff_members m ON m.id = i.member_id
      WHERE i.issuer = ${claims.iss} AND i.subject = ${claims.sub} FOR UPDATE OF m`);
    const at = clock.now();
    const email = claims.email_verified === true ? text(claims.email) : null;
    let member: MemberRow | undefined = known.rows[0];
    if (!member && email) {
      // Linked by email only when the provider verified it and it matches exactly, and the member has
      // no identity at this provider yet (never a second person taking over the account).
      const linked = await tx.execute<MemberRow>(sql`
        SELECT m.id, m.user_name, m.roles, m.status, m.source FROM staff_members m
        WHERE lower(m.email) = lower(${email}) AND NOT EXISTS (
          SELECT 1 FROM staff_identities i WHERE i.member_id = m.id AND i.issuer = ${claims.iss})
        FOR UPDATE`);
      member = linked.rows.length === 1 ? linked.rows[0] : undefined;
    }
    if (!member) {
      const base = userNameFrom(claims);
      const taken = await tx.execute<{ user_name: string }>(
        sql`SELECT user_name FROM staff_members WHERE user_name LIKE ${`${base}%`}`,
      );
      const names = new Set(taken.rows.map((r) => r.user_name));
      let userName = base;
      for (let n = 2; names.has(userName); n++) userName = `${base}-${n}`;
      const displayName = text(claims.name) ?? userName;
      const made = await tx.execute<MemberRow>(sql`
        INSERT INTO staff_members (user_name, display_name, email, password_hash, roles, source, created_at, updated_at)
        VALUES (${userName}, ${displayName}, ${email}, '!sso', string_to_array(${roles.join(',')}, ','), 'sso', ${at}, ${at})
        RETURNING id, user_name, roles, status, source`);
      member = made.rows[0]!;
      await linkIdentity(tx, member.id, provider, claims, email, at);
      return {
        member,
        change: {
          entity: 'staff_member',
          action: 'create',
          entityId: member.id,
          before: null,
          after: {
            user_name: userName,
            display_name: displayName,
            email,
            roles,
            source: 'sso',
            provider: provider.id,
          },
        },
      };
    }
    if (!known.rows[0]) await linkIdentity(tx, member.id, provider, claims, email, at);
    const source = member.source === 'scim' ? 'scim' : 'sso';
    if (sameRoles(member.roles, roles) && member.source === source) return { member, change: null };
    await tx.execute(sql`UPDATE staff_members SET roles = string_to_array(${roles.join(',')}, ','), source = ${source},
      version = version + 1, updated_at = ${at} WHERE id = ${member.id}`);
    return {
      member: { ...member, roles, source },
      change: {
        entity: 'staff_member',
        action: 'update',
        entityId: member.id,
        before: { roles: member.roles, source: member.source },
        after: { roles, source },
      },
    };
  }

  /**
   * With SCIM provisioning on (a live SCIM token), only a provisioned member signs in: found by
   * issuer and subject, or linked by the provider's verified email; never made here. Their roles
   * are SCIM's (its groups), not the ID token's.
   */
  async function provisionedMember(
    tx: Tx,
    provider: SsoProviderConfig,
    claims: Claims,
  ): Promise<MemberRow | undefined> {
    const provisioned = sql`m.source = 'scim' AND m.scim_deleted_at IS NULL`;
    const known = await tx.execute<MemberRow>(sql`
      SELECT m.id, m.user_name, m.roles, m.status, m.source FROM staff_identities i
      JOIN staff_members m ON m.id = i.member_id
      WHERE i.issuer = ${claims.iss} AND i.subject = ${claims.sub} AND ${provisioned}`);
    if (known.rows[0]) return known.rows[0];
    const email = claims.email_verified === true ? text(claims.email) : null;
    if (!email) return undefined;
    const linked = await tx.execute<MemberRow>(sql`
      SELECT m.id, m.user_name, m.roles, m.status, m.source FROM staff_members m
      WHERE ${provisioned} AND lower(m.email) = lower(${email}) AND NOT EXISTS (
        SELECT 1 FROM staff_identities i WHERE i.member_id = m.id AND i.issuer = ${claims.iss})`);
    const member = linked.rows.length === 1 ? linked.rows[0] : undefined;
    if (member) await linkIdentity(tx, member.id, provider, claims, email, clock.now());
    return member;
  }

  async function linkIdentity(
    tx: Tx,
    memberId: number,
    provider: SsoProviderConfig,
    claims: Claims,
    email: string | null,
    at: Date,
  ) {
    await tx.execute(sql`INSERT INTO staff_identities (member_id, provider, issuer, subject, email, linked_at)
      VALUES (${memberId}, ${provider.id}, ${claims.iss}, ${claims.sub}, ${email}, ${at})`);
  }

  /** Checks the flow and exchanges the code; every failure is one code, its reason for the log. */
  async function verified(
    query: { code?: string; state?: string; error?: string },
    currentUrl: URL,
    redirectUri: string,
  ): Promise<
    { provider: SsoProviderConfig; claims: Claims; idToken: string } | { refused: string; provider?: string }
  > {
    if (!query.state) return { refused: 'no_state' };
    // Used once: deleted as it is read, so a replayed callback finds nothing.
    const { rows } = await db.execute<{
      provider: string;
      nonce: string;
      code_verifier: string;
      expired: boolean;
    }>(sql`
      DELETE FROM sso_logins WHERE state_hash = ${hashState(query.state)}
      RETURNING provider, nonce, code_verifier, expires_at <= ${clock.now()} AS expired`);
    const flow = rows[0];
    if (!flow) return { refused: 'unknown_state' };
    if (flow.expired) return { refused: 'expired_state', provider: flow.provider };
    if (query.error) return { refused: `provider_${query.error}`.slice(0, 80), provider: flow.provider };
    const { provider, configuration } = await providers.open(flow.provider);
    try {
      const tokens = await oidc.authorizationCodeGrant(
        configuration,
        currentUrl,
        {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: query.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: redirectUri },
      );
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) return { refused: 'no_id_token', provider: provider.id };
      return { provider, claims: claims as unknown as Claims, idToken: tokens.id_token };
    } catch (error) {
      return { refused: `token: ${refusalReason(error)}`.slice(0, 200), provider: provider.id };
    }
  }

  return {
    list: () => providers.list(),

    /** Where to send the browser: the provider's authorization endpoint, the flow stored for its return. */
    async start(providerId: string, redirectUri: string): Promise<string> {
      const { provider, configuration } = await providers.open(providerId);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const now = clock.now();
      // Flows nobody came back from are swept by the next start.
      await db.execute(sql`
        WITH gone AS (DELETE FROM sso_logins WHERE expires_at < ${now})
        INSERT INTO sso_logins (state_hash, provider, nonce, code_verifier, created_at, expires_at)
        VALUES (${hashState(state)}, ${provider.id}, ${nonce}, ${verifier}, ${now},
                ${new Date(now.getTime() + FLOW_TTL_MS)})`);
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: provider.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }).href;
    },

    /**
     * The provider's callback: the session's tokens, or the refusal (SSO_FAILED, ACCESS_DENIED,
     * SSO_MFA_REQUIRED, LOGIN_FAILED for a disabled member), each with its access-log row.
     */
    async finish(
      query: { code?: string; state?: string; error?: string },
      currentUrl: URL,
      redirectUri: string,
      ctx: RequestContext,
      requestId: string,
    ): Promise<IssuedTokens> {
      const outcome = await verified(query, currentUrl, redirectUri);
      const log = { ip: ctx.ip, userAgent: ctx.userAgent };
      if ('refused' in outcome) {
        await db.transaction((tx) =>
          signIn.recordRefusal(tx, {
            ...log,
            userName: '',
            event: 'login_failed',
            detail: { provider: outcome.provider ?? null, reason: outcome.refused },
          }),
        );
        throw new AppError('SSO_FAILED');
      }
      const { provider, claims, idToken } = outcome;
      const roles = mappedRoles(provider, claims);
      const who = { provider: provider.id, subject: claims.sub };
      const userName = text(claims.preferred_username) ?? text(claims.email) ?? claims.sub;
      const result = await changes.run<IssuedTokens | AppError>({ memberId: null, requestId }, async (tx) => {
        const refuse = async (code: 'ACCESS_DENIED' | 'SSO_MFA_REQUIRED', reason: string) => {
          await signIn.recordRefusal(tx, {
            ...log,
            userName,
            event: 'access_denied',
            detail: { ...who, reason },
          });
          return { result: new AppError(code) as IssuedTokens | AppError, change: null };
        };
        if (provider.requireMfa && !showsMfa(claims)) return refuse('SSO_MFA_REQUIRED', 'no_mfa');
        const { rows: scim } = await tx.execute<{ on: boolean }>(
          sql`SELECT EXISTS (SELECT 1 FROM scim_tokens WHERE revoked_at IS NULL) AS on`,
        );
        let found: { member: MemberRow; change: Change | null };
        if (scim[0]?.on) {
          const provisioned = await provisionedMember(tx, provider, claims);
          if (!provisioned) return refuse('ACCESS_DENIED', 'not_provisioned');
          if (!hasPanelAccess(provisioned.roles)) return refuse('ACCESS_DENIED', 'no_role');
          found = { member: provisioned, change: null };
        } else {
          if (!hasPanelAccess(roles)) return refuse('ACCESS_DENIED', 'no_mapped_role');
          found = await memberFor(tx, provider, claims, roles);
        }
        const { member, change } = found;
        if (member.status !== 'active') {
          await signIn.recordRefusal(tx, {
            ...log,
            userName: member.user_name,
            memberId: member.id,
            event: 'login_failed',
            detail: { ...who, reason: 'disabled' },
          });
          return { result: new AppError('LOGIN_FAILED'), change: null };
        }
        await tx.execute(sql`UPDATE staff_identities SET last_sign_in_at = ${clock.now()}
          WHERE issuer = ${claims.iss} AND subject = ${claims.sub}`);
        const tokens = await signIn.openVerifiedSession(
          tx,
          { id: member.id, userName: member.user_name },
          ctx,
          who,
        );
        // For sign-out at the provider (the ID token is its hint) and its back-channel logout.
        await ssoSessions.link(tx, {
          sessionId: tokens.sessionId,
          provider: provider.id,
          issuer: claims.iss,
          subject: claims.sub,
          sid: text(claims.sid),
          idToken,
          at: clock.now(),
        });
        return { result: tokens, change };
      });
      if (result instanceof AppError) throw result;
      return result;
    },

    /**
     * After a session is signed out: the provider's end-session address (RP-initiated logout 1.0)
     * when the session was a provider's sign-in and its discovery names one, else undefined. Never
     * throws: Backdesk's own sign-out has happened, and a provider out of reach must not undo that.
     */
    async endSessionUrl(sessionId: string, loginUrl: string): Promise<string | undefined> {
      try {
        const link = await ssoSessions.take(db, sessionId);
        if (!link) return undefined;
        const { provider, configuration } = await providers.open(link.provider);
        if (!provider.endSession || !configuration.serverMetadata().end_session_endpoint) return undefined;
        return oidc.buildEndSessionUrl(configuration, {
          id_token_hint: link.id_token,
          post_logout_redirect_uri: loginUrl,
          // Nothing rides on it coming back (the sign-in page is where the member lands either way).
          state: oidc.randomState(),
        }).href;
      } catch (error) {
        warn('Single sign-on: no end-session address for a signed-out session', error);
        return undefined;
      }
    },

    /**
     * OpenID Connect Back-Channel Logout 1.0: the provider says a person (`sub`) or one of its
     * sessions (`sid`) signed out; every Backdesk session that sign-in opened ends, on every node.
     * The token is checked against the provider's JWKS (issuer, audience, algorithm, `iat` within
     * five minutes, `jti`, the back-channel event, `sub` or `sid`, no `nonce`) and taken once. A
     * refusal is the reason, for a 400 and the access log.
     */
    async backchannelLogout(
      providerId: string,
      logoutToken: string | undefined,
      ctx: RequestContext,
    ): Promise<{ ended: number } | { refused: string }> {
      const log = { ip: ctx.ip, userAgent: ctx.userAgent };
      const refuse = async (reason: string) => {
        await signIn.recordRefusal(db, {
          ...log,
          userName: '',
          event: 'access_denied',
          // Only a configured id is logged: the path's text is anyone's.
          detail: {
            provider: providers.find(providerId)?.id ?? null,
            reason: `logout_token: ${reason}`.slice(0, 200),
          },
        });
        return { refused: reason };
      };
      if (!providers.find(providerId)) return refuse('unknown_provider');
      if (!logoutToken) return refuse('missing');
      const { provider, configuration } = await providers.open(providerId);
      const issuer = configuration.serverMetadata().issuer;
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(logoutToken, providers.keysOf(configuration), {
          issuer,
          audience: provider.clientId,
          algorithms: [provider.algorithm],
          maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
          requiredClaims: ['iat', 'jti', 'events'],
        }));
      } catch (error) {
        // A bad token or a key set out of reach: either way nothing is ended, and the provider is told.
        const code = error instanceof joseErrors.JOSEError ? `${error.code}: ` : '';
        return refuse(`${code}${error instanceof Error ? error.message : String(error)}`);
      }
      const events = claims.events as Record<string, unknown> | undefined;
      const event =
        typeof events === 'object' && events !== null ? events[BACKCHANNEL_LOGOUT_EVENT] : undefined;
      if (typeof event !== 'object' || event === null || Array.isArray(event))
        return refuse('no_logout_event');
      // An ID token carries a nonce; a logout token never does (nor can one stand for the other).
      if ('nonce' in claims) return refuse('nonce_present');
      const subject = text(claims.sub);
      const sid = text(claims.sid);
      if (!subject && !sid) return refuse('no_sub_or_sid');
      const jti = text(claims.jti);
      if (!jti) return refuse('no_jti');
      const at = clock.now();
      const iat = (claims.iat as number) * 1000;
      const outcome = await db.transaction(async (tx) => {
        const fresh = await ssoSessions.takeLogoutToken(tx, {
          issuer,
          jti: jti.slice(0, 200),
          at,
          keepUntil: new Date(Math.max(iat, at.getTime()) + (LOGOUT_TOKEN_MAX_AGE_S + 60) * 1000),
        });
        if (!fresh) return null;
        const ended = await ssoSessions.endSessions(tx, { issuer, subject, sid }, 'provider_logout', at);
        for (const session of ended) {
          await accessLog.record(tx, {
            ...log,
            at,
            memberId: session.member_id,
            userName: session.user_name,
            event: 'session_revoked',
            detail: {
              sessionId: session.session_id,
              reason: 'provider_logout',
              by: 'provider',
              provider: provider.id,
            },
          });
        }
        return ended.length;
      });
      if (outcome === null) return refuse('replayed_jti');
      return { ended: outcome };
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
