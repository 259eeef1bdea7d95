import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { LiveEvent } from './events.repository.ts';

export const EVENTS_CHANNEL = 'backdesk_events';

export interface EventHubDeps {
  /** The node's pool: its settings open the listening connection, and it reads oversized events. */
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** Reads an event whose NOTIFY carried only its id (too large for a payload). */
  byId: (id: number) => Promise<LiveEvent | undefined>;
}

type Listener = (event: LiveEvent) => void;

const MAX_BACKOFF_MS = 10_000;

/**
 * This node's one listening connection (LISTEN backdesk_events) and the streams it feeds. Started
 * with the first subscriber; on a lost connection it reconnects with backoff and tells subscribers
 * to catch up from the table (`onGap`), since NOTIFYs sent meanwhile are gone.
 */
export function createEventHub({ pool, log, byId }: EventHubDeps) {
  const listeners = new Set<Listener>();
  const gapListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let stopped = false;
  let backoff = 250;
  let timer: NodeJS.Timeout | undefined;

  function dispatch(event: LiveEvent): void {
    for (const listener of listeners) listener(event);
  }

  async function onNotification(payload: string | undefined): Promise<void> {
    if (!payload) return;
    try {
      const parsed = JSON.parse(payload) as Partial<LiveEvent> & { id: number };
      const event = parsed.topic ? (parsed as LiveEvent) : await byId(parsed.id);
      if (event) dispatch(event);
    } catch (error) {
      log.warn({ err: error }, 'live event dropped');
    }
  }

  function scheduleReconnect(): void {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  function connect(): Promise<void> {
    if (connecting) return connecting;
    connecting = (async () => {
      const next = new pg.Client({ ...pool.options, application_name: 'backdesk-events' } as pg.ClientConfig);
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = null;
        next.removeAllListeners('notification');
        next.end().catch(() => {});
        if (!stopped) log.warn({ err: error }, 'live events connection lost; reconnecting');
        scheduleReconnect();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      next.on('notification', (message) => void onNotification(message.payload));
      try {
        await next.connect();
        await next.query(`LISTEN ${EVENTS_CHANNEL}`);
        const wasLost = backoff > 250;
        client = next;
        backoff = 250;
        // Events committed while nobody listened exist only in the table now.
        if (wasLost) for (const gap of gapListeners) gap();
      } catch (error) {
        next.end().catch(() => {});
        log.warn({ err: error }, 'live events connection failed; retrying');
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    /** Calls `listener` with every event any node raises, from now on; returns the unsubscribe. */
    subscribe(listener: Listener, onGap: () => void): () => void {
      listeners.add(listener);
      gapListeners.add(onGap);
      if (!client && !connecting && !timer && !stopped) void connect();
      return () => {
        listeners.delete(listener);
        gapListeners.delete(onGap);
      };
    },

    /** Resolves once the node listens (a stream subscribing first waits for it, so it misses nothing). */
    async ready(): Promise<void> {
      if (!client && !stopped) await connect();
    },

    get listening(): boolean {
      return client !== null;
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },

    /** For tests: drop the connection as a network fault would. */
    breakConnection(): void {
      client?.emit('error', new Error('connection broken on purpose'));
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
