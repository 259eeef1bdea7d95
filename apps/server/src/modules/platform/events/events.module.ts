import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createEventHub } from './events.hub.ts';
import { createEventsRepository } from './events.repository.ts';
import { registerEventStream, type StreamLimits } from './events.stream.ts';

/** How long events are kept for a reconnecting client to resume from. */
export const KEEP_EVENTS_MINUTES = 60;

/**
 * Live events (decision 0013): the SSE stream, this node's listening connection, the gauge of open
 * streams, their end at shutdown, and the hourly prune of old events.
 */
export function registerEventsModule(app: FastifyInstance, deps: { db: Db; limits?: Partial<StreamLimits> }) {
  const repo = createEventsRepository();
  const hub = createEventHub({ pool: deps.db.$client, log: app.log, byId: (id) => repo.byId(deps.db, id) });
  const streams = registerEventStream(app, { db: deps.db, hub, repo, limits: deps.limits });

  app.metrics.gauge(
    'backdesk_sse_clients',
    'Open Server-Sent Events streams on this node',
    () => streams.clients,
  );
  app.drain.onDrain(() => streams.closeAll());
  app.addHook('preClose', async () => {
    streams.closeAll();
    await hub.stop();
  });
  app.jobs.task('events.prune', async () => {
    await repo.prune(deps.db, KEEP_EVENTS_MINUTES);
  });
  app.jobs.schedule('events.prune', '17 * * * *');
  return { hub, streams };
}
