import type { FastifyInstance } from 'fastify';

/**
 * Runs `tick` on this node from the moment the app is ready, and again `everyMs` after each round
 * ends (rounds never overlap). On close it stops and waits for the round in flight. What the rounds do must agree across nodes by itself
 * (a lock or SKIP LOCKED in the database): every node that runs jobs runs its own loop.
 */
export function registerPollLoop(
  app: FastifyInstance,
  loop: { name: string; everyMs: number; tick: () => Promise<unknown> },
): void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = loop
      .tick()
      .catch((err) => app.log.error({ err }, `${loop.name} failed`))
      .then(() => {
        if (!stopped) timer = setTimeout(round, loop.everyMs);
      });
  };
  app.addHook('onReady', async () => {
    round();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
