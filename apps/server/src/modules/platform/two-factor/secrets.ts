import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from '../../../lib/app-error.ts';

/**
 * Keys derived from the deployment secret (APP_SECRET, shared by every node), one per purpose, so a
 * leaked database alone neither reads an authenticator key nor checks a guessed recovery code.
 */
export function createTwoFactorSecrets(deploymentSecret: string) {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', deploymentSecret, 'backdesk-two-factor', info, 32));
  const totpKey = derive('totp-key-encryption-v1');
  const recoveryKey = derive('recovery-code-hash-v1');
  // The member's id is authenticated with the ciphertext: a key copied onto another member's row fails.
  const aad = (memberId: number) => Buffer.from(`member:${memberId}`);

  return {
    /** AES-256-GCM: iv (12) ‖ tag (16) ‖ ciphertext. */
    seal(memberId: number, plain: Buffer): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', totpKey, iv).setAAD(aad(memberId));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },

    open(memberId: number, sealed: Buffer): Buffer {
      try {
        const decipher = createDecipheriv('aes-256-gcm', totpKey, sealed.subarray(0, 12));
        decipher.setAAD(aad(memberId)).setAuthTag(sealed.subarray(12, 28));
        return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
      } catch {
        throw new AppError('TWO_FACTOR_KEY_UNREADABLE');
      }
    },

    /**
     * A recovery code's stored form. The codes are 60 random bits, so no slow password hash is
     * needed: nobody can try 2^60 candidates, and the key (not in the database) makes even that
     * impossible from a stolen table. A fast hash also lets a code be found by an indexed lookup.
     */
    hashRecoveryCode(memberId: number, code: string): Buffer {
      return createHmac('sha256', recoveryKey).update(`${memberId}:${code}`).digest();
    },
  };
}
export type TwoFactorSecrets = ReturnType<typeof createTwoFactorSecrets>;
