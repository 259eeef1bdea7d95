import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets a node must read back (a webhook's signing secret, a counterparty's TRP token) sealed with
 * AES-256-GCM under a key derived from the deployment secret (APP_SECRET, shared by every node): a
 * leaked database alone opens none of them. `purpose` separates the keys; the row's name binds each
 * sealed value to its row.
 */
export function createSecretBox(deploymentSecret: string, purpose: { salt: string; info: string }) {
  const key = Buffer.from(hkdfSync('sha256', deploymentSecret, purpose.salt, purpose.info, 32));
  return {
    seal(row: string, secret: string): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(row));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(row: string, sealed: Buffer): string {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAAD(Buffer.from(row)).setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
