import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createInboxRepository } from '../inbox.repository.ts';
import { createQueuesRepository } from './queues.repository.ts';
import { registerQueuesRoutes } from './queues.routes.ts';
import { createQueuesService } from './queues.service.ts';

/** The routing job: once a minute across the nodes (app.jobs), round-robin queues push their work. */
export const ROUTE_JOB = 'inbox.route';
const ROUTE_SCHEDULE = '* * * * *';

/** Team queues (`/api/inbox/queues`, decision 0013): counts, "next", routing settings, absences. */
export function registerQueuesModule(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const service = createQueuesService({
    db: deps.db,
    clock: deps.clock,
    changes: createChanges(deps.db),
    repo: createQueuesRepository(),
    inbox: createInboxRepository(),
  });
  app.jobs.task(ROUTE_JOB, async (_payload, job) => {
    await service.route(`job-${job.id}`);
  });
  app.jobs.schedule(ROUTE_JOB, ROUTE_SCHEDULE);
  registerQueuesRoutes(app, { service });
  return service;
}
