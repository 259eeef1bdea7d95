import { AppError } from '../../../lib/app-error.ts';

/**
 * How many batches one node writes at once, and how many may wait: a node's database connections and
 * event loop stay free for the real-time checks however many batches arrive (decision 0025). A
 * batch past the queue is refused with 429 and a Retry-After, so the exchange's client backs off.
 * Per node on purpose: it bounds this process's own resources, nothing that must agree across nodes.
 */
export function createIngestGate(options: { running?: number; waiting?: number } = {}) {
  const running = options.running ?? 2;
  const waiting = options.waiting ?? 8;
  let active = 0;
  const queue: Array<() => void> = [];

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (queue.length >= waiting) throw new AppError('TOO_MANY_REQUESTS', {}, { retryAfterSeconds: 1 });
      await new Promise<void>((resolve) => queue.push(resolve));
    } else active++;
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  }
  return {
    run,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
export type IngestGate = ReturnType<typeof createIngestGate>;
