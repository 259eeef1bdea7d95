import { authApi, SPEC_MESSAGES } from '@backdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { RefreshReuseError } from './auth.service.ts';
import {
  AUTH_COOKIES,
  accessTokenOf,
  bearerToken,
  clearAuthCookies,
  requestContext,
  setAuthCookies,
  setAuthErrorCookie,
} from './auth-cookies.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  opts: { cookieSecure: boolean; perMinute: number; clock: Clock },
): void {
  const limited = { perMinute: opts.perMinute };
  const secureFor = (request: FastifyRequest) => opts.cookieSecure || request.protocol === 'https';

  registerEndpoint(app, authApi.getCaptcha, async () => app.auth.issueCaptcha(), limited);

  registerEndpoint(
    app,
    authApi.login,
    async ({ body, request, reply }) => {
      const tokens = await app.auth.login(body, requestContext(request));
      setAuthCookies(reply, tokens, secureFor(request), opts.clock.now());
      return {
        status: 'success' as const,
        message: SPEC_MESSAGES.loginSuccessful,
        token: tokens.accessToken,
        auth_token: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      };
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
  }));

  registerEndpoint(app, authApi.clearSignInThrottle, async ({ body, actor, request }) => ({
    success: true as const,
    failures_cleared: await app.auth.clearThrottle(body.user_name, actor, requestContext(request)),
  }));

  registerEndpoint(app, authApi.signout, async ({ request, reply }) => {
    await app.auth.signout(
      [bearerToken(request), accessTokenOf(request), request.cookies[AUTH_COOKIES.refresh]],
      requestContext(request),
    );
    clearAuthCookies(reply, secureFor(request));
    return { success: true as const, message: 'Signed out' };
  });
}
