import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createBackdeskClient } from '@backdesk/client';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../../config/config.ts';
import type { Db } from '../../../../db/client.ts';
import type { Jobs } from '../../../../jobs/index.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { ensureSimulatorKey } from '../../../platform/integrations/index.ts';
import { createDemoActivity, type DemoApi, DemoApiUnavailable } from './demo-activity.ts';

export const DEMO_ROUND_JOB = 'fraud-demo.round';
const ROUND_EVERY_MS = 5_000;
// `chain` names one chain of rounds (the rounds' Idempotency-Keys carry it); a round waiting from
// before it existed is given one.
const Payload = z.object({
  round: z.number().int().nonnegative(),
  chain: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});
/** A round is due every five seconds: a call that waits longer than that is given up, not queued behind. */
const CALL_TIMEOUT_MS = 4_000;
const CALL_RETRY = { retries: 2, baseDelayMs: 200, maxDelayMs: 1_000 };

/**
 * Where this node answers, as the demo's activity calls it: a listener on every interface is reached on
 * loopback; none yet (the HTTP server is not listening) is undefined.
 */
export function ownUrl(address: AddressInfo | string | null): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  const any = address.address === '0.0.0.0' || address.address === '::';
  const host = any
    ? address.family === 'IPv6'
      ? '[::1]'
      : '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The demo's live activity as a chain of jobs (decision 0021): each round schedules the next one five
 * seconds on, under one job key, so the deployment has at most one round waiting however many nodes
 * run and whichever of them takes it. A node that starts begins the chain if none is there. On when the
 * configuration asks for it (DEMO_ACTIVITY). Each round goes to the public API over HTTP as the exchange
 * simulator (decision 0025): DEMO_ACTIVITY_URL, else this node's own listening address.
 */
export function registerFraudDemo(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; jobs: Jobs },
): void {
  if (!deps.config.demoActivity) return;
  const { db, jobs } = deps;
  // The simulator's key, kept in the data folder's secrets for `npm run simulate` too.
  let key: string | undefined;
  let client: { url: string; api: DemoApi } | undefined;
  const api = (): DemoApi | string => {
    if (!key) return 'no simulator key';
    const url = deps.config.demoActivityUrl ?? ownUrl(app.server.address());
    if (!url) return 'the HTTP server is not listening yet';
    if (client?.url !== url)
      client = {
        url,
        api: createBackdeskClient({
          baseUrl: url,
          apiKey: key,
          timeoutMs: CALL_TIMEOUT_MS,
          retry: CALL_RETRY,
        }),
      };
    return client.api;
  };
  const activity = createDemoActivity({ db, clock: deps.clock, api });
  app.addHook('onReady', async () => {
    try {
      key = await ensureSimulatorKey(db, deps.config.dataDir);
    } catch (err) {
      app.log.warn({ err }, 'demo activity: no simulator key; rounds are skipped');
    }
  });
  const scheduleRound = (round: number, chain: string, keep: 'keep' | 'replace') =>
    jobs.enqueue(
      db,
      DEMO_ROUND_JOB,
      { round, chain },
      { runAt: new Date(Date.now() + ROUND_EVERY_MS), jobKey: DEMO_ROUND_JOB, jobKeyMode: keep },
    );

  jobs.task(DEMO_ROUND_JOB, async (payload) => {
    const parsed = Payload.parse(payload);
    const { round } = parsed;
    const chain = parsed.chain ?? randomUUID();
    try {
      await activity.tick(round, chain);
    } catch (err) {
      // A failed round is skipped, not retried: the chain goes on with the next one.
      if (err instanceof DemoApiUnavailable)
        app.log.info({ round }, `demo activity: ${err.message}; skipped`);
      else app.log.warn({ err, round }, 'demo activity: a round failed');
    }
    await scheduleRound(round + 1, chain, 'replace');
  });
  // A chain already there (another node's, or this deployment's before a restart) goes on as it is.
  app.addHook('onReady', () => scheduleRound(0, randomUUID(), 'keep'));
}
