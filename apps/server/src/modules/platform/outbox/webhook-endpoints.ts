import { webhooksApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Change, Changes, SystemActor } from '../audit/changes.ts';
import { newEventId } from './decision-events.ts';
import type { WebhookSettings } from './outbox.service.ts';
import { newWebhookSecret, type WebhookSecretBox } from './webhook-signing.ts';

type Endpoint = webhooksApi.WebhookEndpoint;
type Who = Actor | SystemActor;
const MAX_RANGE_MS = webhooksApi.WEBHOOK_REPLAY_MAX_DAYS * 24 * 3600 * 1000;

const ENDPOINT_COLUMNS = sql`w.id, w.integration_id, w.url, w.description, w.event_types, w.status, w.disabled_reason,
  w.version, to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  (SELECT count(DISTINCT d.customer_id)::int FROM webhook_deliveries d
    WHERE d.endpoint_id = w.id AND d.status = 'failed' AND d.customer_id IS NOT NULL) AS blocked_customers`;

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

async function endpointById(db: DbOrTx, id: number, lock = false): Promise<Endpoint | undefined> {
  const { rows } = await db.execute<Endpoint>(
    sql`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints w WHERE w.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0];
}

/** What the audit trail keeps of an endpoint (never a secret). */
const audited = (e: Endpoint) => ({
  url: e.url,
  description: e.description,
  event_types: e.event_types,
  status: e.status,
  integration_id: e.integration_id,
});

/** One endpoint's audit row: every change here is of a `webhook_endpoint`. */
export const endpointChange = (
  action: Change['action'],
  entityId: number,
  before: Change['before'],
  after: Change['after'],
): Change => ({ entity: 'webhook_endpoint', action, entityId, before, after });

/**
 * An integration's webhook endpoints and their secrets, each change audited and version-checked. A
 * secret is shown once, when made; a rotation keeps the old one signing for the overlap.
 */
export function createWebhookEndpoints(deps: {
  db: Db;
  changes: Changes;
  box: WebhookSecretBox;
  settings: WebhookSettings;
}) {
  const { db, changes, box, settings } = deps;

  async function locked(tx: DbOrTx, id: number, version?: number): Promise<Endpoint> {
    const e = await endpointById(tx, id, true);
    if (!e) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    if (version !== undefined && e.version !== version) throw new AppError('STALE_EDIT');
    return e;
  }

  async function addSecret(tx: DbOrTx, endpointId: number): Promise<string> {
    const secret = newWebhookSecret();
    await tx.execute(
      sql`INSERT INTO webhook_secrets (endpoint_id, secret_sealed) VALUES (${endpointId}, ${box.seal(endpointId, secret)})`,
    );
    return secret;
  }

  const eventTypes = (types: readonly string[]) =>
    sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(types)}::jsonb))`;

  return {
    async list(integrationId: number): Promise<Endpoint[]> {
      const { rows } = await db.execute<Endpoint>(
        sql`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints w WHERE w.integration_id = ${integrationId} ORDER BY w.id`,
      );
      return rows;
    },

    create(
      actor: Who,
      input: { integrationId: number; url: string; eventTypes: readonly string[]; description?: string },
    ) {
      return changes.run(actor, async (tx) => {
        const { rows: found } = await tx.execute(
          sql`SELECT 1 FROM integrations WHERE id = ${input.integrationId}`,
        );
        if (!found.length) throw new AppError('INTEGRATION_NOT_FOUND');
        const { rows } = await tx.execute<{ id: number }>(sql`
          INSERT INTO webhook_endpoints (integration_id, url, event_types, description)
          VALUES (${input.integrationId}, ${input.url}, ${eventTypes(input.eventTypes)}, ${input.description ?? ''})
          RETURNING id`);
        const id = rows[0]!.id;
        const secret = await addSecret(tx, id);
        const endpoint = (await endpointById(tx, id))!;
        return {
          result: { id, secret, endpoint },
          change: endpointChange('create', id, null, audited(endpoint)),
        };
      });
    },

    update(
      actor: Who,
      id: number,
      version: number,
      input: { url: string; description: string; eventTypes: readonly string[] },
    ) {
      return changes.run(actor, async (tx) => {
        const before = await locked(tx, id, version);
        await tx.execute(sql`
          UPDATE webhook_endpoints SET url = ${input.url}, description = ${input.description},
                 event_types = ${eventTypes(input.eventTypes)}, version = version + 1, updated_at = now()
           WHERE id = ${id}`);
        const after = (await endpointById(tx, id))!;
        return {
          result: after,
          change: endpointChange('update', id, audited(before), audited(after)),
        };
      });
    },

    /** Pauses, or resumes a paused or disabled (410) endpoint. */
    setStatus(actor: Who, id: number, version: number | undefined, status: 'enabled' | 'paused') {
      return changes.run(actor, async (tx) => {
        const before = await locked(tx, id, version);
        if (before.status === status) return { result: before, change: null };
        await tx.execute(sql`
          UPDATE webhook_endpoints SET status = ${status}, disabled_reason = NULL, version = version + 1, updated_at = now()
           WHERE id = ${id}`);
        const after = (await endpointById(tx, id))!;
        return {
          result: after,
          change: endpointChange(
            status === 'paused' ? 'suspend' : 'resume',
            id,
            audited(before),
            audited(after),
          ),
        };
      });
    },

    remove(actor: Who, id: number, version: number) {
      return changes.run(actor, async (tx) => {
        const before = await locked(tx, id, version);
        await tx.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${id}`);
        return {
          result: true,
          change: endpointChange('delete', id, audited(before), null),
        };
      });
    },

    /** A new secret; the ones before it sign until the overlap ends. */
    rotateSecret(actor: Who, id: number, version?: number) {
      return changes.run(actor, async (tx) => {
        await locked(tx, id, version);
        const { rows } = await tx.execute<{ until: string }>(sql`
          WITH ended AS (
            UPDATE webhook_secrets SET expires_at = now() + make_interval(hours => ${settings.secretOverlapHours})
             WHERE endpoint_id = ${id} AND expires_at IS NULL RETURNING expires_at)
          SELECT to_char(COALESCE(max(expires_at), now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS until FROM ended`);
        await tx.execute(
          sql`UPDATE webhook_endpoints SET version = version + 1, updated_at = now() WHERE id = ${id}`,
        );
        const secret = await addSecret(tx, id);
        const endpoint = (await endpointById(tx, id))!;
        return {
          result: { secret, endpoint, previousExpiresAt: rows[0]!.until },
          change: endpointChange(
            'rotate_secret',
            id,
            { previous_secret_expires_at: null },
            { previous_secret_expires_at: rows[0]!.until },
          ),
        };
      });
    },

    /** `test.ping` to one endpoint: an event outside the feed, with one delivery. */
    sendTest(actor: Who, endpointId: number) {
      return changes.run(actor, async (tx) => {
        await locked(tx, endpointId);
        const id = newEventId();
        await tx.execute(sql`
          INSERT INTO outbox_events (id, type, customer_id, payload) VALUES (${id}, 'test.ping', NULL,
            jsonb_build_object('customer', NULL,
              'subject', jsonb_build_object('kind', 'webhook_endpoint', 'id', ${String(endpointId)}::text, 'externalId', NULL),
              'changes', '{}'::jsonb, 'actor', jsonb_build_object('kind', 'system', 'id', NULL, 'name', NULL)))`);
        await tx.execute(sql`
          INSERT INTO webhook_deliveries (event_id, endpoint_id, customer_id, position) VALUES (${id}, ${endpointId}, NULL, 0)`);
        return {
          result: { eventId: id },
          change: endpointChange('send_test', endpointId, null, { event_id: id }),
        };
      });
    },

    /** Sends one event again: a fresh run of attempts under the same webhook-id. */
    replay(actor: Who, eventId: string, endpointId: number) {
      return changes.run(actor, async (tx) => {
        await locked(tx, endpointId);
        const { rows } = await tx.execute<{ status: string }>(sql`
          UPDATE webhook_deliveries d SET status = 'pending', attempts = 0, next_attempt_at = now()
            FROM (SELECT status FROM webhook_deliveries WHERE event_id = ${eventId} AND endpoint_id = ${endpointId} FOR UPDATE) old
           WHERE d.event_id = ${eventId} AND d.endpoint_id = ${endpointId} RETURNING old.status`);
        if (!rows[0]) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
        return {
          result: true,
          change: endpointChange(
            'replay',
            endpointId,
            { event_id: eventId, status: rows[0].status },
            { event_id: eventId, status: 'pending' },
          ),
        };
      });
    },

    /** Sends again every feed event committed in [from, to) that this endpoint takes. */
    replayRange(actor: Who, endpointId: number, from: Date, to: Date) {
      if (!(to > from) || to.getTime() - from.getTime() > MAX_RANGE_MS)
        throw new AppError('WEBHOOK_RANGE_INVALID');
      return changes.run(actor, async (tx) => {
        await locked(tx, endpointId);
        const { rows } = await tx.execute<{ n: number }>(sql`
          WITH chosen AS (
            SELECT e.id, e.customer_id, e.position FROM outbox_events e, webhook_endpoints w
             WHERE w.id = ${endpointId} AND e.type <> 'test.ping' AND e.position IS NOT NULL
               AND e.committed_at >= ${from.toISOString()}::timestamptz AND e.committed_at < ${to.toISOString()}::timestamptz
               AND (cardinality(w.event_types) = 0 OR e.type = ANY (w.event_types))),
          upserted AS (
            INSERT INTO webhook_deliveries (event_id, endpoint_id, customer_id, position)
            SELECT id, ${endpointId}, customer_id, position FROM chosen
            ON CONFLICT (event_id, endpoint_id) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = now()
            RETURNING 1)
          SELECT count(*)::int AS n FROM upserted`);
        const n = rows[0]?.n ?? 0;
        return {
          result: n,
          change: endpointChange('replay', endpointId, null, {
            from: from.toISOString(),
            to: to.toISOString(),
            events: n,
          }),
        };
      });
    },

    /** Gives up on an undelivered event so the customer's later events go. */
    skipBlocked(actor: Who, eventId: string, endpointId: number) {
      return changes.run(actor, async (tx) => {
        await locked(tx, endpointId);
        const { rows } = await tx.execute<{ status: string }>(sql`
          SELECT status FROM webhook_deliveries WHERE event_id = ${eventId} AND endpoint_id = ${endpointId} FOR UPDATE`);
        if (!rows[0]) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
        if (rows[0].status === 'delivered' || rows[0].status === 'skipped')
          return { result: false, change: null };
        await tx.execute(
          sql`UPDATE webhook_deliveries SET status = 'skipped' WHERE event_id = ${eventId} AND endpoint_id = ${endpointId}`,
        );
        return {
          result: true,
          change: endpointChange(
            'skip',
            endpointId,
            { event_id: eventId, status: rows[0].status },
            { event_id: eventId, status: 'skipped' },
          ),
        };
      });
    },

    async deliveries(endpointId: number, status: string | undefined, limit: number) {
      if (!(await endpointById(db, endpointId))) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
      const { rows } = await db.execute<webhooksApi.WebhookDelivery>(sql`
        SELECT d.id::int AS id, d.event_id, e.type AS event_type, d.customer_id, d.status, d.attempts,
               CASE WHEN d.status = 'pending' THEN ${iso('d.next_attempt_at')} END AS next_attempt_at,
               d.last_status_code, d.last_response_ms, d.last_body_excerpt, d.last_error,
               ${iso('d.created_at')} AS created_at, ${iso('d.delivered_at')} AS delivered_at,
               (d.status = 'failed' AND d.customer_id IS NOT NULL) AS blocking
          FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id
         WHERE d.endpoint_id = ${endpointId} ${status ? sql`AND d.status = ${status}` : sql``}
         ORDER BY d.id DESC LIMIT ${limit}`);
      return rows;
    },

    /** Every attempt at one event's delivery to one endpoint, oldest first (replays included). */
    async attempts(endpointId: number, eventId: string) {
      const { rows } = await db.execute<webhooksApi.WebhookAttempt>(sql`
        SELECT a.attempt, ${iso('a.at')} AS at, a.status_code, a.response_ms, a.error, a.body_excerpt
          FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
         WHERE d.endpoint_id = ${endpointId} AND d.event_id = ${eventId}
         ORDER BY a.id`);
      if (!rows.length) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
      return rows;
    },
  };
}
export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
