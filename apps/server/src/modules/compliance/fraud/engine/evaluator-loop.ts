import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The channel migration 0023's outbox triggers notify, once per writing statement, at commit. */
export const FRAUD_EVENTS_CHANNEL = 'fraud_events';
/** The fallback when a NOTIFY is lost (the listening connection dropped): look anyway this often. */
const POLL_MS = 2_000;
const MAX_BACKOFF_MS = 10_000;

export interface EvaluatorLoopDeps {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** Drains what is pending; returns how many events it evaluated. */
  evaluate: () => Promise<number>;
  pollMs?: number;
}

/**
 * This node's evaluator: wakes on NOTIFY fraud_events (or the poll), drains the outbox, sleeps.
 * One drain at a time per node; a wake during a drain makes it go round once more. Several nodes
 * drain together safely (the batches are claimed with SKIP LOCKED).
 */
export function createEvaluatorLoop({ pool, log, evaluate, pollMs = POLL_MS }: EvaluatorLoopDeps) {
  let client: pg.Client | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let poll: NodeJS.Timeout | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let backoff = 250;

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await evaluate();
        } catch (error) {
          // The batch rolled back and its events stay queued: the next wake or poll retries them.
          log.error({ err: error }, 'fraud evaluation failed; retrying on the next wake');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  async function listen(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ ...pool.options, application_name: 'backdesk-fraud' } as pg.ClientConfig);
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error }, 'fraud events connection lost; reconnecting');
      reconnect = setTimeout(() => void listen(), backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', () => wake());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${FRAUD_EVENTS_CHANNEL}`);
      backoff = 250;
      // Whatever was written while nobody listened.
      wake();
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    async start(): Promise<void> {
      if (!stopped) return;
      stopped = false;
      poll = setInterval(wake, pollMs);
      poll.unref();
      await listen();
    },

    /** Stops listening and waits for the drain under way (its batch commits or rolls back whole). */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
      await running;
    },

    get listening(): boolean {
      return client !== null && !stopped;
    },
  };
}
