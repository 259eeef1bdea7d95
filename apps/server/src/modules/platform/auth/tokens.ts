import { createHash, randomBytes } from 'node:crypto';

export type TokenKind = 'access' | 'refresh';

const PREFIX: Record<TokenKind, string> = { access: 'bd_at_', refresh: 'bd_rt_' };

/** Opaque random tokens; the database keeps only their SHA-256, so a leaked table signs nobody in. */
export const generateToken = (kind: TokenKind): string =>
  PREFIX[kind] + randomBytes(32).toString('base64url');

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();
