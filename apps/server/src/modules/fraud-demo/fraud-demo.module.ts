import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDemoActivity } from './demo-activity.ts';

/**
 * The demo's live activity, when the configuration asks for it (DEMO_ACTIVITY, on by default for the
 * embedded demo database only). Every node runs the loop; only the one holding the lead writes.
 */
export function registerFraudDemo(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config },
): void {
  if (!deps.config.demoActivity) return;
  const activity = createDemoActivity({ pool: deps.db.$client, clock: deps.clock, log: app.log });
  app.addHook('onReady', async () => activity.start());
  app.addHook('onClose', () => activity.stop());
}
