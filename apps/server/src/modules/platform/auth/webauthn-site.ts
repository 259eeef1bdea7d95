import type { FastifyRequest } from 'fastify';

/** Where passkeys are bound: the app's public origin and its host name (the relying party id). */
export interface WebAuthnSite {
  origin: string;
  rpID: string;
}

/**
 * PUBLIC_ORIGIN when set (behind a proxy that rewrites Host); otherwise the origin the request was
 * made to — the page's own, which security.ts already requires of every change.
 */
export function webAuthnSite(request: FastifyRequest, publicOrigin: string | undefined): WebAuthnSite {
  const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
  return { origin, rpID: new URL(origin).hostname };
}
