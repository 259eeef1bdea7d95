import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks signature of one message: `v1,` and the base64 HMAC-SHA256, keyed by the
 * secret's bytes (base64 after `whsec_`), of `id.timestamp.body`.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Webhook secrets sealed with a key derived from the deployment secret (APP_SECRET, shared by every
 * node), so every node can sign and a leaked database alone cannot.
 */
export function createWebhookSecretBox(deploymentSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', deploymentSecret, 'backdesk-webhooks', 'secret-encryption-v1', 32),
  );
  const aad = (endpointId: number) => Buffer.from(`webhook-endpoint:${endpointId}`);
  return {
    seal(endpointId: number, secret: string): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(endpointId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(endpointId: number, sealed: Buffer): string {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAAD(aad(endpointId)).setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
export type WebhookSecretBox = ReturnType<typeof createWebhookSecretBox>;
