import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedTokens } from './auth.service.ts';

/** The cookie names the spec fixes. */
export const AUTH_COOKIES = {
  access: 'auth.token',
  refresh: 'auth.refresh-token',
  authError: 'auth_error',
} as const;

// The refresh token travels only to the auth endpoints.
const REFRESH_PATH = '/api/auth';

export function setAuthCookies(reply: FastifyReply, tokens: IssuedTokens, secure: boolean, now: Date): void {
  // The access cookie lives as long as the sign-in: the server knows when the token inside expired
  // and answers ACCESS_TOKEN_EXPIRED, which tells the client to refresh rather than give up.
  const maxAge = Math.max(1, Math.floor((tokens.sessionExpiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(AUTH_COOKIES.access, tokens.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge,
  });
  reply.setCookie(AUTH_COOKIES.refresh, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_PATH,
    maxAge,
  });
  reply.clearCookie(AUTH_COOKIES.authError, { path: '/' });
}

export function clearAuthCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(AUTH_COOKIES.access, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(AUTH_COOKIES.refresh, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure });
}

/** Readable by the page on purpose: the client polls it to learn the sign-in was ended elsewhere. */
export function setAuthErrorCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(AUTH_COOKIES.authError, 'true', { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

export const accessTokenOf = (request: FastifyRequest): string | undefined =>
  bearerToken(request) ?? request.cookies[AUTH_COOKIES.access];

/** Who is asking. A forwarded address that is not an IP falls back to the connection's own. */
export const requestContext = (request: FastifyRequest) => ({
  ip: isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? '0.0.0.0'),
  userAgent: request.headers['user-agent'] ?? null,
});
