import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../../config/config.ts';
import type { Db } from '../../../../db/client.ts';
import type { Jobs } from '../../../../jobs/index.ts';
import type { Clock } from '../../../../lib/clock.ts';
import {
  createIntegrationsRepository,
  ensureSimulatorKey,
  SIMULATOR_INTEGRATION,
} from '../../../platform/integrations/index.ts';
import { createDemoActivity } from './demo-activity.ts';

export const DEMO_ROUND_JOB = 'fraud-demo.round';
const ROUND_EVERY_MS = 5_000;
const Payload = z.object({ round: z.number().int().nonnegative() });

/**
 * The demo's live activity as a chain of jobs (decision 0021): each round schedules the next one five
 * seconds on, under one job key, so the deployment has at most one round waiting however many nodes
 * run and whichever of them takes it. A node that starts begins the chain if none is there. On when the
 * configuration asks for it (DEMO_ACTIVITY).
 */
export function registerFraudDemo(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; jobs: Jobs },
): void {
  if (!deps.config.demoActivity) return;
  const { db, jobs } = deps;
  // The activity plays the exchange simulator's integration: its rows carry that source, and the
  // simulator's key is in the data folder's secrets for `npm run simulate` (decision 0025).
  let simulator: number | null = null;
  const activity = createDemoActivity({ db, clock: deps.clock, integrationId: () => simulator });
  app.addHook('onReady', async () => {
    try {
      await ensureSimulatorKey(db, deps.config.dataDir);
      simulator = (await createIntegrationsRepository().findByName(db, SIMULATOR_INTEGRATION))?.id ?? null;
    } catch (err) {
      app.log.warn({ err }, 'demo activity: no simulator key; rows are sent without a source');
    }
  });
  const scheduleRound = (round: number, keep: 'keep' | 'replace') =>
    jobs.enqueue(
      db,
      DEMO_ROUND_JOB,
      { round },
      { runAt: new Date(Date.now() + ROUND_EVERY_MS), jobKey: DEMO_ROUND_JOB, jobKeyMode: keep },
    );

  jobs.task(DEMO_ROUND_JOB, async (payload) => {
    const { round } = Payload.parse(payload);
    try {
      await activity.tick(round);
    } catch (err) {
      // A failed round is skipped, not retried: the chain goes on with the next one.
      app.log.warn({ err, round }, 'demo activity: a round failed');
    }
    await scheduleRound(round + 1, 'replace');
  });
  // A chain already there (another node's, or this deployment's before a restart) goes on as it is.
  app.addHook('onReady', () => scheduleRound(0, 'keep'));
}
