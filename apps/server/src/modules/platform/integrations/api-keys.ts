import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN } from '@backdesk/contract';

/**
 * An API key is `bdk_<8 hex>_<secret>`: the prefix (`bdk_<8 hex>`) finds the key's row and is shown
 * on the screen; the secret is 32 random bytes (base64url) stored only as its SHA-256. A key this
 * random needs no slow hash: nothing can be guessed from the hash that a search over 2^256 would not.
 */
export interface NewApiKey {
  prefix: string;
  secretHash: Buffer;
  /** The whole key, shown once. */
  key: string;
}

export const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

export function generateApiKey(): NewApiKey {
  const prefix = `bdk_${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  return { prefix, secretHash: hashSecret(secret), key: `${prefix}_${secret}` };
}

/** The prefix and secret of a well-formed key; undefined for anything else. */
export function parseApiKey(key: string): { prefix: string; secret: string } | undefined {
  const match = API_KEY_PATTERN.exec(key);
  return match ? { prefix: match[1]!, secret: match[2]! } : undefined;
}

/** Whether the secret is the one whose hash is stored, in constant time. */
export const secretMatches = (secret: string, stored: Buffer): boolean => {
  const hash = hashSecret(secret);
  return hash.length === stored.length && timingSafeEqual(hash, stored);
};
