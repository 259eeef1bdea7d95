import { hasCapability, inboxApi } from '@backdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { SessionMember } from '../auth/auth.service.ts';
import { accessTokenOf, requestContext } from '../auth/auth-cookies.ts';
import type { EventHub } from './events.hub.ts';
import { type EventsRepository, type LiveEvent, REPLAY_LIMIT } from './events.repository.ts';

export interface StreamLimits {
  /** Open streams one member may hold on this node (tabs); a protection of the node, not a rule. */
  perMember: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Bytes a slow client may leave unread before it is dropped (it resumes by Last-Event-ID). */
  maxBufferedBytes: number;
  /** How often the session is checked again: a signed-out or expired member's stream ends. */
  recheckMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perMember: 8,
  heartbeatMs: 25_000,
  maxBufferedBytes: 256 * 1024,
  recheckMs: 60_000,
};

const LAST_ID = /^\d{1,15}$/;

/** Last-Event-ID (the browser sends it on reconnect) or `?last=` (a new page resuming); refused when malformed. */
function lastEventId(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.last;
  const raw = typeof header === 'string' && header !== '' ? header : query;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !LAST_ID.test(raw)) throw new AppError('VALIDATION_FAILED');
  return Number(raw);
}

const frame = (event: LiveEvent) =>
  `id: ${event.id}\ndata: ${JSON.stringify({ id: event.id, topic: event.topic, data: event.data })}\n\n`;

const isFor = (event: LiveEvent, memberId: number) =>
  event.audience === null || event.audience.includes(memberId);

/**
 * The Server-Sent Events stream of live events for the signed-in member (decision 0013): resumes
 * after Last-Event-ID from the events table, then follows this node's listener. Every node serves
 * every member, because every node hears every NOTIFY.
 */
export function registerEventStream(
  app: FastifyInstance,
  deps: { db: Db; hub: EventHub; repo: EventsRepository; limits?: Partial<StreamLimits> },
) {
  const limits = { ...DEFAULT_STREAM_LIMITS, ...deps.limits };
  const open = new Map<number, Set<(retryMs?: number) => void>>();
  let clients = 0;

  const authenticate = (request: FastifyRequest) =>
    app.auth.authenticate(accessTokenOf(request), requestContext(request));

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    member: SessionMember,
    after: number | null,
  ) {
    const mine = open.get(member.id) ?? new Set<(retryMs?: number) => void>();
    if (mine.size >= limits.perMember) throw new AppError('TOO_MANY_REQUESTS');
    await deps.hub.ready();

    const raw = reply.raw;
    const sent = new Set<number>();
    let lastSent = after ?? 0;
    let replaying = true;
    const held: LiveEvent[] = [];
    let ended = false;

    function write(event: LiveEvent): void {
      if (ended || sent.has(event.id) || !isFor(event, member.id)) return;
      sent.add(event.id);
      // Only recent ids matter for dropping repeats of the replay window.
      if (sent.size > 2 * REPLAY_LIMIT) sent.delete(sent.values().next().value as number);
      lastSent = Math.max(lastSent, event.id);
      raw.write(frame(event));
      if (raw.writableLength > limits.maxBufferedBytes) end(); // a slow reader resumes by Last-Event-ID
    }

    async function catchUp(from: number): Promise<void> {
      const missed = await deps.repo.since(deps.db, member.id, from);
      if (missed.length > REPLAY_LIMIT || (from > 0 && (await deps.repo.pruned(deps.db, from)))) {
        // Too far behind to replay: the client reloads what it shows instead.
        raw.write(`data: ${JSON.stringify({ topic: 'reset' })}\n\n`);
        for (const e of missed) sent.add(e.id);
        lastSent = Math.max(lastSent, missed.at(-1)?.id ?? 0);
        return;
      }
      for (const event of missed) write(event);
    }

    const unsubscribe = deps.hub.subscribe(
      (event) => (replaying ? held.push(event) : write(event)),
      () => void catchUp(lastSent).catch(() => end()),
    );
    const heartbeat = setInterval(() => {
      if (!ended) raw.write(': heartbeat\n\n');
    }, limits.heartbeatMs);
    const recheck = setInterval(() => {
      authenticate(request).catch(() => end());
    }, limits.recheckMs);

    function end(finalRetryMs?: number): void {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearInterval(recheck);
      unsubscribe();
      mine.delete(end);
      if (mine.size === 0) open.delete(member.id);
      clients--;
      if (finalRetryMs !== undefined) raw.write(`retry: ${finalRetryMs}\n\n`);
      raw.end();
    }

    mine.add(end);
    open.set(member.id, mine);
    clients++;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.on('close', () => end());
    // Subscribed before the replay, so nothing committed in between is missed; repeats are dropped.
    raw.write('retry: 3000\n\n');
    try {
      if (after !== null) await catchUp(after);
    } catch (error) {
      request.log.warn({ err: error }, 'live events replay failed');
      end();
      return;
    }
    replaying = false;
    for (const event of held.splice(0)) write(event);
  }

  // Not registerEndpoint: the stream is written by hand; the descriptor documents it (OpenAPI).
  const { eventsStream } = inboxApi;
  app.get(eventsStream.path, { config: { endpoint: eventsStream } }, async (request, reply) => {
    const after = lastEventId(request);
    const member = await authenticate(request);
    // Signed-in members of the panel only, as every screen the events refresh.
    if (!hasCapability(member.roles, 'read')) throw new AppError('FORBIDDEN');
    // HEAD (Fastify answers it with this handler): the stream's headers, and no stream, which would
    // hold one of the member's places and never send its headers, a HEAD having no body to write.
    if (request.method === 'HEAD')
      return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache').send();
    await stream(request, reply, member, after);
  });

  return {
    get clients(): number {
      return clients;
    },
    /** Ends every stream, asking the browsers to come back soon (to another node). */
    closeAll(): void {
      for (const streams of [...open.values()]) for (const end of [...streams]) end(1000);
    },
  };
}
