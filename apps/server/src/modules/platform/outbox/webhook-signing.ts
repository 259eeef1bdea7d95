import { createHmac, randomBytes } from 'node:crypto';
import { createSecretBox } from '../../../lib/secret-box.ts';

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

/** Webhook secrets sealed under the deployment secret (lib/secret-box.ts), each bound to its endpoint. */
export function createWebhookSecretBox(deploymentSecret: string) {
  const box = createSecretBox(deploymentSecret, { salt: 'backdesk-webhooks', info: 'secret-encryption-v1' });
  return {
    seal: (endpointId: number, secret: string): Buffer => box.seal(`webhook-endpoint:${endpointId}`, secret),
    open: (endpointId: number, sealed: Buffer): string => box.open(`webhook-endpoint:${endpointId}`, sealed),
  };
}
export type WebhookSecretBox = ReturnType<typeof createWebhookSecretBox>;
