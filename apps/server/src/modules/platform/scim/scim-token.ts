import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SCIM_TOKEN_PATTERN } from '@backdesk/contract';

/**
 * A SCIM token is `bds_<8 hex>_<secret>`, as an integration's API key: the prefix finds the row and
 * is shown on the screen, the secret (32 random bytes) is stored only as its SHA-256.
 */
const hash = (secret: string): Buffer => createHash('sha256').update(secret).digest();

export function generateScimToken(): { prefix: string; secretHash: Buffer; token: string } {
  const prefix = `bds_${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  return { prefix, secretHash: hash(secret), token: `${prefix}_${secret}` };
}

export function parseScimToken(token: string): { prefix: string; secret: string } | undefined {
  const match = SCIM_TOKEN_PATTERN.exec(token);
  return match ? { prefix: match[1]!, secret: match[2]! } : undefined;
}

export const scimSecretMatches = (secret: string, stored: Buffer): boolean => {
  const given = hash(secret);
  return given.length === stored.length && timingSafeEqual(given, stored);
};
