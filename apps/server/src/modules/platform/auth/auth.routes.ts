import { authApi, SPEC_MESSAGES, twoFactorApi } from '@backdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { SecondStep } from '../two-factor/second-step.ts';
import { type IssuedTokens, RefreshReuseError } from './auth.service.ts';
import {
  AUTH_COOKIES,
  accessTokenOf,
  bearerToken,
  clearAuthCookies,
  requestContext,
  setAuthCookies,
  setAuthErrorCookie,
} from './auth-cookies.ts';
import { webAuthnSite } from './webauthn-site.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  opts: {
    cookieSecure: boolean;
    perMinute: number;
    clock: Clock;
    db: Db;
    secondStep: SecondStep;
    publicOrigin: string | undefined;
  },
): void {
  const limited = { perMinute: opts.perMinute };
  const secureFor = (request: FastifyRequest) => opts.cookieSecure || request.protocol === 'https';

  registerEndpoint(app, authApi.getCaptcha, async () => app.auth.issueCaptcha(), limited);

  /** A sign-in that passed every step: the cookies, and the original sign-in answer with the tokens (R2, R3). */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens) => {
    setAuthCookies(reply, tokens, secureFor(request), opts.clock.now());
    return {
      status: 'success' as const,
      message: SPEC_MESSAGES.loginSuccessful,
      token: tokens.accessToken,
      auth_token: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
  };

  // The second step (after captcha, user name and password) of a member with two-factor on.
  registerEndpoint(
    app,
    twoFactorApi.verifySignInCode,
    async ({ body, request, reply }) => {
      const ctx = requestContext(request);
      const tokens = await app.auth.completeSecondStep(
        (tx) => opts.secondStep.passWithCode(tx, body.challenge, body.method, body.code, ctx),
        ctx,
      );
      return signedIn(request, reply, tokens);
    },
    limited,
  );

  registerEndpoint(
    app,
    twoFactorApi.signInPasskeyOptions,
    async ({ body, request }) => {
      const site = webAuthnSite(request, opts.publicOrigin);
      const ctx = requestContext(request);
      const outcome = await opts.db.transaction((tx) =>
        opts.secondStep.passkeyOptions(tx, body.challenge, site, ctx),
      );
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },
    limited,
  );

  registerEndpoint(
    app,
    twoFactorApi.verifySignInPasskey,
    async ({ body, request, reply }) => {
      const site = webAuthnSite(request, opts.publicOrigin);
      const ctx = requestContext(request);
      const tokens = await app.auth.completeSecondStep(
        (tx) => opts.secondStep.passWithPasskey(tx, body.challenge, body.credential, site, ctx),
        ctx,
      );
      return signedIn(request, reply, tokens);
    },
    limited,
  );

  registerEndpoint(
    app,
    authApi.login,
    async ({ body, request, reply }) => {
      const outcome = await app.auth.login(body, requestContext(request));
      // Two-factor on: no cookie and no token until the second step passes.
      if ('challenge' in outcome) {
        return {
          status: 'success' as const,
          message: 'Second sign-in step required',
          twoFactorRequired: true as const,
          challenge: outcome.challenge,
          methods: outcome.methods,
        };
      }
      return signedIn(request, reply, outcome);
    },
    {
      ...limited,
      // A sign-in refused for unstorable text is still an attempt: it gets its access-log row.
      onUnstorableText: (request) => app.auth.recordUnreadableLogin(request.body, requestContext(request)),
    },
  );

  registerEndpoint(
    app,
    authApi.refresh,
    async ({ body, request, reply }) => {
      const secure = secureFor(request);
      try {
        const fromBody = body?.refreshToken;
        const tokens = await app.auth.refresh(
          fromBody ?? request.cookies[AUTH_COOKIES.refresh],
          requestContext(request),
        );
        setAuthCookies(reply, tokens, secure, opts.clock.now());
        // A browser's tokens stay in HttpOnly cookies: a script in the page must not read them here.
        const bodyTokens = fromBody
          ? { token: tokens.accessToken, auth_token: tokens.accessToken, refreshToken: tokens.refreshToken }
          : {};
        return { status: 'success' as const, message: 'Session refreshed', ...bodyTokens };
      } catch (err) {
        // Only a refused token ends the browser's sign-in; a passing failure (a 500) keeps it.
        if (err instanceof AppError && err.statusCode === 401) clearAuthCookies(reply, secure);
        if (err instanceof RefreshReuseError) setAuthErrorCookie(reply, secure);
        throw err;
      }
    },
    limited,
  );

  registerEndpoint(app, authApi.getCredentials, async ({ member }) => ({
    id: member.id,
    user_name: member.userName,
    display_name: member.displayName,
    email: member.email,
    user_roles: member.roles,
    session_expires_at: member.sessionExpiresAt.toISOString(),
    required_action: member.requiredAction,
    source: member.source as authApi.StaffUser['source'],
  }));

  registerEndpoint(app, authApi.clearSignInThrottle, async ({ body, actor, request }) => ({
    success: true as const,
    failures_cleared: await app.auth.clearThrottle(body.user_name, actor, requestContext(request)),
  }));

  registerEndpoint(app, authApi.signout, async ({ request, reply }) => {
    const redirectTo = await app.auth.signout(
      [bearerToken(request), accessTokenOf(request), request.cookies[AUTH_COOKIES.refresh]],
      requestContext(request),
      `${opts.publicOrigin ?? `${request.protocol}://${request.host}`}/login`,
    );
    clearAuthCookies(reply, secureFor(request));
    return { success: true as const, message: 'Signed out', ...(redirectTo ? { redirectTo } : {}) };
  });
}
