import { AUTH_COOKIE_PATHS, AUTH_COOKIES } from '@backdesk/contract/auth-cookies';
import type { FastifyReply } from 'fastify';
import type { IssuedTokens } from './auth.service.ts';

// Read by lib/endpoint-route.ts too, which lib keeps free of modules/ (so they live in lib).
export { accessTokenOf, bearerToken, requestContext } from '../../../lib/request-identity.ts';

export { AUTH_COOKIES };

// The refresh token travels only to the auth endpoints.
const REFRESH_PATH = '/api/auth';

const tokenCookie = (sameSite: 'lax' | 'strict', secure: boolean, path: string) =>
  ({ httpOnly: true, sameSite, secure, path }) as const;

/**
 * Clears both token cookies on every path one was ever set on (AUTH_COOKIE_PATHS): a cookie lives per
 * path, and a refresh token left on `/` by an earlier client would outlive the sign-in.
 */
export function clearAuthCookies(reply: FastifyReply, secure: boolean): void {
  for (const path of AUTH_COOKIE_PATHS) {
    reply.clearCookie(AUTH_COOKIES.access, tokenCookie('lax', secure, path));
    reply.clearCookie(AUTH_COOKIES.refresh, tokenCookie('strict', secure, path));
  }
}

export function setAuthCookies(reply: FastifyReply, tokens: IssuedTokens, secure: boolean, now: Date): void {
  // The access cookie lives as long as the sign-in: the server knows when the token inside expired
  // and answers ACCESS_TOKEN_EXPIRED, which tells the client to refresh rather than give up.
  const maxAge = Math.max(1, Math.floor((tokens.sessionExpiresAt.getTime() - now.getTime()) / 1000));
  clearAuthCookies(reply, secure); // then set on their own paths (same name and path: replaced)
  reply.setCookie(AUTH_COOKIES.access, tokens.accessToken, { ...tokenCookie('lax', secure, '/'), maxAge });
  reply.setCookie(AUTH_COOKIES.refresh, tokens.refreshToken, {
    ...tokenCookie('strict', secure, REFRESH_PATH),
    maxAge,
  });
  reply.clearCookie(AUTH_COOKIES.authError, { path: '/', secure });
}

/** Readable by the page on purpose: the client polls it to learn the sign-in was ended elsewhere. */
export function setAuthErrorCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(AUTH_COOKIES.authError, 'true', { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}
