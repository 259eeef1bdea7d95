import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { newEventId } from './decision-events.ts';
import type { WebhookSettings } from './outbox.service.ts';
import { newWebhookSecret, type WebhookSecretBox } from './webhook-signing.ts';

/**
 * An integration's webhook endpoints and their secrets. A secret is shown once, when made; a
 * rotation keeps the old one signing beside the new for WEBHOOK_SECRET_OVERLAP_HOURS.
 */
export function createWebhookEndpoints(deps: { db: Db; box: WebhookSecretBox; settings: WebhookSettings }) {
  const { db, box, settings } = deps;
  return {
    async create(input: { integrationId: number; url: string; eventTypes: string[]; description?: string }) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: number }>(sql`
          INSERT INTO webhook_endpoints (integration_id, url, event_types, description)
          VALUES (${input.integrationId}, ${input.url}, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(input.eventTypes)}::jsonb)), ${input.description ?? ''})
          RETURNING id`);
        const id = rows[0]!.id;
        const secret = newWebhookSecret();
        await tx.execute(
          sql`INSERT INTO webhook_secrets (endpoint_id, secret_sealed) VALUES (${id}, ${box.seal(id, secret)})`,
        );
        return { id, secret };
      });
    },

    /** A new secret; the ones before it sign until the overlap ends. */
    async rotateSecret(endpointId: number) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          UPDATE webhook_secrets SET expires_at = now() + make_interval(hours => ${settings.secretOverlapHours})
           WHERE endpoint_id = ${endpointId} AND expires_at IS NULL`);
        const secret = newWebhookSecret();
        await tx.execute(
          sql`INSERT INTO webhook_secrets (endpoint_id, secret_sealed) VALUES (${endpointId}, ${box.seal(endpointId, secret)})`,
        );
        return { secret };
      });
    },

    async setStatus(endpointId: number, status: 'enabled' | 'paused') {
      await db.execute(sql`
        UPDATE webhook_endpoints SET status = ${status}, disabled_reason = NULL, version = version + 1, updated_at = now()
         WHERE id = ${endpointId}`);
    },

    /** `test.ping` to one endpoint: an event outside the feed, with one delivery. */
    async sendTest(endpointId: number) {
      const id = newEventId();
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO outbox_events (id, type, customer_id, payload) VALUES (${id}, 'test.ping', NULL,
            jsonb_build_object('customer', NULL, 'subject', jsonb_build_object('kind', 'webhook_endpoint', 'id', ${String(endpointId)}::text, 'externalId', NULL),
              'changes', '{}'::jsonb, 'actor', jsonb_build_object('kind', 'system', 'id', NULL, 'name', NULL)))`);
        await tx.execute(sql`
          INSERT INTO webhook_deliveries (event_id, endpoint_id, customer_id, position) VALUES (${id}, ${endpointId}, NULL, 0)`);
      });
      return { eventId: id };
    },

    /** Sends a failed delivery again (after a 410, the endpoint must be resumed too). */
    async replay(eventId: string, endpointId: number) {
      await db.execute(sql`
        UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now()
         WHERE event_id = ${eventId} AND endpoint_id = ${endpointId}`);
    },

    /** Gives up on a blocked delivery so the customer's later events go. */
    async skip(eventId: string, endpointId: number) {
      await db.execute(sql`
        UPDATE webhook_deliveries SET status = 'skipped' WHERE event_id = ${eventId} AND endpoint_id = ${endpointId}
           AND status IN ('pending', 'failed')`);
    },
  };
}
export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
