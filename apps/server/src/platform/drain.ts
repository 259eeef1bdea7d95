/** How long one drain hook may take before shutdown goes on without it. */
const HOOK_TIMEOUT_MS = 5_000;

export interface Drain {
  /** Called once at graceful shutdown, before in-flight requests are awaited (e.g. to end SSE streams). */
  onDrain(fn: () => void | Promise<void>): void;
  /** True from the moment shutdown began: /readyz answers 503 so the load balancer stops sending. */
  readonly draining: boolean;
  /** Marks the node draining and runs the hooks (together, each bounded); safe to call twice. */
  drain(log?: (err: unknown) => void): Promise<void>;
}

/** The drain registry (docs/decisions/0011-several-nodes.md): one per app. */
export function createDrain(): Drain {
  const hooks: Array<() => void | Promise<void>> = [];
  let draining = false;
  return {
    onDrain(fn) {
      hooks.push(fn);
    },
    get draining() {
      return draining;
    },
    async drain(log = () => {}) {
      if (draining) return;
      draining = true;
      await Promise.all(
        hooks.map(async (fn) => {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, HOOK_TIMEOUT_MS).unref();
          });
          try {
            await Promise.race([Promise.resolve().then(fn), timeout]);
          } catch (err) {
            log(err);
          } finally {
            clearTimeout(timer);
          }
        }),
      );
    },
  };
}
