import { randomUUID } from 'node:crypto';
import type { publicApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { runInRequestTransaction } from '../../../lib/request-transaction.ts';
import type { Changes } from '../audit/changes.ts';
import { endpointChange } from './webhook-endpoints.ts';
import { signWebhook, type WebhookSecretBox } from './webhook-signing.ts';
import { type AttemptResult, postWebhook } from './webhook-transport.ts';

type BackdeskEvent = publicApi.BackdeskEvent;

export interface WebhookSettings {
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  retryScale: number;
  secretOverlapHours: number;
  eventsRetentionDays: number;
}

/**
 * Seconds to wait after each failed attempt: 12 attempts over about 2.8 days, like the Standard
 * Webhooks guidance (and Marble's ~77 h), each with ±20 % jitter so a receiver back from an outage
 * is not hit by every delivery at the same instant.
 */
export const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 36_000, 36_000, 36_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** The longest Retry-After honoured; past it the receiver gets our own schedule's next delay. */
const MAX_RETRY_AFTER_S = 24 * 3600;
const FANOUT_LOCK = 7243046;

/** The feed's cursor: the position of the last event handed out, opaque to the exchange. */
export const encodeCursor = (position: number) => Buffer.from(String(position)).toString('base64url');
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,15}$/.test(text) || encodeCursor(Number(text)) !== cursor) throw new AppError('INVALID_CURSOR');
  return Number(text);
}

type EventRow = {
  id: string;
  type: string;
  position: number;
  committed_at: Date | string;
  payload: BackdeskEvent['data'];
};

export const envelope = (row: EventRow): BackdeskEvent => ({
  id: row.id,
  type: row.type as BackdeskEvent['type'],
  timestamp: new Date(row.committed_at).toISOString(),
  data: row.payload,
});

/** Delay before the next attempt after `attempts` failures, honouring a sane Retry-After. */
export function nextDelayMs(
  attempts: number,
  retryAfter: string | null,
  scale: number,
  random = Math.random,
): number {
  const base = RETRY_DELAYS_S[Math.min(attempts - 1, RETRY_DELAYS_S.length - 1)]!;
  let seconds = base * (0.8 + 0.4 * random());
  if (retryAfter) {
    const asSeconds = /^\d+$/.test(retryAfter.trim())
      ? Number(retryAfter)
      : (Date.parse(retryAfter) - Date.now()) / 1000;
    if (Number.isFinite(asSeconds) && asSeconds > 0)
      seconds = Math.max(seconds, Math.min(asSeconds, MAX_RETRY_AFTER_S));
  }
  return Math.round(seconds * 1000 * scale);
}

export function createOutboxService(deps: {
  db: Db;
  clock: Clock;
  box: WebhookSecretBox;
  settings: WebhookSettings;
  changes: Changes;
}) {
  const { db, clock, box, settings, changes } = deps;

  /** A page of the feed after a cursor, in commit order (positions are taken at commit). */
  async function feed(after: string | undefined, limit: number) {
    const from = decodeCursor(after);
    const { rows } = await db.execute<EventRow>(sql`
      SELECT id, type, position::float8 AS position, committed_at, payload FROM outbox_events
       WHERE position > ${from} AND type <> 'test.ping' ORDER BY position LIMIT ${limit + 1}`);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      events: page.map(envelope),
      next: encodeCursor(last ? Number(last.position) : from),
      hasMore: rows.length > limit,
    };
  }

  /**
   * Turns newly committed events into one delivery per endpoint that wants them, in feed order; one
   * node at a time (an advisory lock), resuming from the position it reached.
   */
  async function fanOut(batch = 500): Promise<number> {
    return db.transaction(async (tx) => {
      const { rows: lock } = await tx.execute<{ ok: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(${FANOUT_LOCK}) AS ok`,
      );
      if (!lock[0]?.ok) return 0;
      const { rows } = await tx.execute<{ reached: number | null; done: number }>(sql`
        WITH state AS (SELECT position FROM outbox_fanout WHERE id = 1),
        events AS (
          SELECT e.id, e.type, e.customer_id, e.position FROM outbox_events e, state
           WHERE e.position > state.position AND e.type <> 'test.ping' ORDER BY e.position LIMIT ${batch}),
        inserted AS (
          INSERT INTO webhook_deliveries (event_id, endpoint_id, customer_id, position)
          SELECT ev.id, w.id, ev.customer_id, ev.position FROM events ev
            JOIN webhook_endpoints w ON cardinality(w.event_types) = 0 OR ev.type = ANY (w.event_types)
          ON CONFLICT (event_id, endpoint_id) DO NOTHING RETURNING 1)
        UPDATE outbox_fanout SET position = COALESCE((SELECT max(position) FROM events), outbox_fanout.position)
         WHERE id = 1 RETURNING (SELECT max(position) FROM events)::float8 AS reached, (SELECT count(*) FROM inserted)::int AS done`);
      return rows[0]?.done ?? 0;
    });
  }

  /** The headers of one attempt: the same webhook-id every time, a signature per live secret. */
  async function headersFor(endpointId: number, eventId: string, body: string, tx: Tx) {
    const { rows } = await tx.execute<{ id: number; secret_sealed: Buffer }>(sql`
      SELECT id, secret_sealed FROM webhook_secrets
       WHERE endpoint_id = ${endpointId} AND (expires_at IS NULL OR expires_at > now()) ORDER BY id DESC`);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const signatures = rows.map((r) =>
      signWebhook(box.open(endpointId, r.secret_sealed), eventId, timestamp, body),
    );
    return {
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatures.join(' '),
      'user-agent': 'Backdesk-Webhooks/1',
    };
  }

  /**
   * Claims one due delivery and attempts it, holding its row lock for the attempt (SKIP LOCKED: each
   * runs on one node; a node dying releases it for another). A customer's delivery is due only when
   * no earlier event of that customer to that endpoint is still undelivered (pending or failed).
   * Returns false when nothing was due.
   */
  async function deliverOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        id: number;
        attempts: number;
        endpoint_id: number;
        url: string;
        event_id: string;
        type: string;
        position: number;
        committed_at: Date;
        payload: BackdeskEvent['data'];
      }>(sql`
        SELECT d.id, d.attempts, d.endpoint_id, w.url, e.id AS event_id, e.type, e.position::float8 AS position,
               e.committed_at, e.payload
          FROM webhook_deliveries d
          JOIN webhook_endpoints w ON w.id = d.endpoint_id
          JOIN outbox_events e ON e.id = d.event_id
         WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.status = 'enabled'
           AND (d.customer_id IS NULL OR NOT EXISTS (
                SELECT 1 FROM webhook_deliveries p
                 WHERE p.endpoint_id = d.endpoint_id AND p.customer_id = d.customer_id
                   AND p.position < d.position AND p.status IN ('pending', 'failed')))
         ORDER BY d.next_attempt_at, d.position
         LIMIT 1
         FOR UPDATE OF d SKIP LOCKED`);
      const d = rows[0];
      if (!d) return false;
      const body = JSON.stringify(envelope({ ...d, id: d.event_id }));
      const headers = await headersFor(d.endpoint_id, d.event_id, body, tx);
      const result = await postWebhook(d.url, headers, body, {
        timeoutMs: settings.timeoutMs,
        allowPrivate: settings.allowPrivateAddresses,
      });
      await recordAttempt(tx, d, result);
      return true;
    });
  }

  async function recordAttempt(
    tx: Tx,
    d: { id: number; attempts: number; endpoint_id: number },
    r: AttemptResult,
  ) {
    const attempts = d.attempts + 1;
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const gone = r.status === 410;
    const exhausted = !ok && attempts >= MAX_ATTEMPTS;
    const status = ok ? 'delivered' : gone || exhausted ? 'failed' : 'pending';
    const delayMs = ok || gone || exhausted ? 0 : nextDelayMs(attempts, r.retryAfter, settings.retryScale);
    const excerpt = r.body.replaceAll('\u0000', '') || null;
    await tx.execute(sql`
      UPDATE webhook_deliveries SET attempts = ${attempts}, status = ${status},
             next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
             last_status_code = ${r.status}, last_response_ms = ${r.ms},
             last_body_excerpt = ${excerpt},
             last_error = ${r.error}, delivered_at = CASE WHEN ${ok} THEN now() END
       WHERE id = ${d.id}`);
    await tx.execute(sql`
      INSERT INTO webhook_attempts (delivery_id, attempt, status_code, response_ms, error, body_excerpt)
      VALUES (${d.id}, ${attempts}, ${r.status}, ${r.ms}, ${r.error}, ${excerpt})`);
    if (gone) await disableGone(tx, d.endpoint_id);
  }

  /**
   * 410 Gone: the receiver says the endpoint no longer exists; nothing more is sent to it. Audited as
   * the system's change, in the attempt's transaction (joined like a request's), so the endpoint's
   * history says what disabled it.
   */
  function disableGone(tx: Tx, endpointId: number) {
    const system = { memberId: null, requestId: `webhook-gone-${randomUUID()}` };
    return runInRequestTransaction(tx, () =>
      changes.run(system, async (inner) => {
        const { rows } = await inner.execute<{ status: string }>(sql`
          UPDATE webhook_endpoints w SET status = 'disabled', disabled_reason = '410', version = w.version + 1,
                 updated_at = now()
            FROM (SELECT id, status FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE) old
           WHERE w.id = old.id AND old.status <> 'disabled' RETURNING old.status`);
        const before = rows[0];
        if (!before) return { result: false, change: null };
        return {
          result: true,
          change: endpointChange(
            'disable',
            endpointId,
            { status: before.status, disabled_reason: null },
            { status: 'disabled', disabled_reason: '410' },
          ),
        };
      }),
    );
  }

  /** Attempts due deliveries, `parallel` at a time, until none is due; returns how many were tried. */
  async function deliverDue(parallel = 4): Promise<number> {
    let tried = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (await deliverOne()) tried++;
      }),
    );
    return tried;
  }

  /**
   * Events past the retention whose deliveries have all ended; the fan-out must have passed them. An
   * attempt is part of its delivery's story, so it keeps the events' retention too (not the call
   * log's, which is about calls into Backdesk): one replayed for long loses its oldest attempts.
   */
  async function prune(): Promise<number> {
    const days = settings.eventsRetentionDays;
    await db.execute(sql`DELETE FROM webhook_attempts WHERE at < now() - make_interval(days => ${days})`);
    const { rows } = await db.execute<{ n: number }>(sql`
      WITH gone AS (
        DELETE FROM outbox_events e
         WHERE e.committed_at < now() - make_interval(days => ${days})
           AND e.position <= (SELECT position FROM outbox_fanout WHERE id = 1)
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status IN ('pending', 'failed'))
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`);
    return rows[0]?.n ?? 0;
  }

  /** One round of the delivery loop: fan out what committed, then send what is due. */
  async function tick(): Promise<void> {
    while ((await fanOut()) > 0) {}
    await deliverDue();
  }

  return { feed, fanOut, deliverOne, deliverDue, prune, tick, headersFor };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
