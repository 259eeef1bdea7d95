import { authApi, SPEC_MESSAGES } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
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

export function registerAuthRoutes(app: FastifyInstance, opts: { cookieSecure: boolean }): void {
  const secure = opts.cookieSecure;

  registerEndpoint(app, authApi.getCaptcha, {}, async () => app.auth.issueCaptcha());

  registerEndpoint(app, authApi.login, {}, async ({ body, request, reply }) => {
    const tokens = await app.auth.login(body, requestContext(request));
    setAuthCookies(reply, tokens, secure);
    return {
      status: 'success' as const,
      message: SPEC_MESSAGES.loginSuccessful,
      token: tokens.accessToken,
      auth_token: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
  });

  registerEndpoint(app, authApi.refresh, {}, async ({ body, request, reply }) => {
    try {
      const presented = body?.refreshToken ?? request.cookies[AUTH_COOKIES.refresh];
      const tokens = await app.auth.refresh(presented, requestContext(request));
      setAuthCookies(reply, tokens, secure);
      return {
        status: 'success' as const,
        message: 'Session refreshed',
        token: tokens.accessToken,
        auth_token: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      };
    } catch (err) {
      clearAuthCookies(reply, secure);
      if (err instanceof RefreshReuseError) setAuthErrorCookie(reply, secure);
      throw err;
    }
  });

  registerEndpoint(app, authApi.getCredentials, {}, async ({ member }) => ({
    id: member.id,
    user_name: member.userName,
    display_name: member.displayName,
    email: member.email,
    user_roles: member.roles,
    session_expires_at: member.sessionExpiresAt.toISOString(),
  }));

  registerEndpoint(app, authApi.signout, {}, async ({ request, reply }) => {
    await app.auth.signout(
      [bearerToken(request), accessTokenOf(request), request.cookies[AUTH_COOKIES.refresh]],
      requestContext(request),
    );
    clearAuthCookies(reply, secure);
    return { success: true as const, message: 'Signed out' };
  });
}
