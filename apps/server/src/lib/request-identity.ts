import { isIP } from 'node:net';
import type { RequiredAction } from '@backdesk/contract';
import { AUTH_COOKIES } from '@backdesk/contract/auth-cookies';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

// Who is asking: what the endpoint kit (endpoint-route.ts) and the auth module both read of a
// request. Here in lib so that lib never imports modules/.

/** Who makes a change, and in which request (the audit row names both). */
export interface Actor {
  memberId: number;
  requestId: string;
}

/** The signed-in member of a request (platform/auth's authenticate answers it). */
export interface SessionMember {
  id: number;
  userName: string;
  displayName: string;
  email: string | null;
  roles: string[];
  sessionId: string;
  sessionExpiresAt: Date;
  /** What the member must do before anything else (modules/platform/auth/sign-in-gate.ts); null for nothing. */
  requiredAction: RequiredAction | null;
  /** Where the member comes from: local (Backdesk's password), sso or scim (the identity provider). */
  source: string;
}

/**
 * A member of the identity provider signs in there, with its password and second factor: Backdesk
 * keeps neither for them, so the pages that change them refuse with a code that says where to go.
 */
export function refuseUnlessLocal(member: Pick<SessionMember, 'source'>): void {
  if (member.source !== 'local') throw new AppError('MANAGED_BY_PROVIDER');
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

export const accessTokenOf = (request: FastifyRequest): string | undefined =>
  bearerToken(request) ?? request.cookies[AUTH_COOKIES.access];

/**
 * Who is asking, and which endpoint (`METHOD /path` as registered, for the sign-in gate). A forwarded
 * address that is not an IP falls back to the connection's own.
 */
export const requestContext = (request: FastifyRequest) => ({
  ip: isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? '0.0.0.0'),
  userAgent: request.headers['user-agent'] ?? null,
  route: `${request.method} ${request.routeOptions.url ?? request.url}`,
});
