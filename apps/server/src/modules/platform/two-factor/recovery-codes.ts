import { randomBytes } from 'node:crypto';
import { base32Encode } from './totp.ts';

export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of 12 base32 characters (60 random bits each), shown as ABCD-EFGH-2345. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => base32Encode(randomBytes(8)).slice(0, 12));
}

export const formatRecoveryCode = (code: string): string => code.match(/.{4}/g)!.join('-');
