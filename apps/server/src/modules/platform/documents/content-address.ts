import { createHash } from 'node:crypto';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const SHA256 = /^[0-9a-f]{64}$/;

/** A hash from a database row still goes through this before it names a file or an object key. */
export function checkedHash(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256 hex digest: ${JSON.stringify(sha256)}`);
  return sha256;
}

/** Two levels of fan-out keep any one folder small with millions of files. */
export const hashPath = (sha256: string) =>
  `${checkedHash(sha256).slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
