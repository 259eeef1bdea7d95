import {
  type CronItem,
  Logger,
  parseCronItems,
  type Runner,
  run,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type pg from 'pg';
import { createPool } from '../db/client.ts';
import { enqueueJob } from './enqueue.ts';

/**
 * The job queue (docs/decisions/0012-jobs.md): graphile-worker on the app's PostgreSQL, in the
 * `graphile_worker` schema the owner creates at migration (db/migrate.ts) and grants to the app's role.
 * A job is a row; whichever node locks it first runs it, so each job runs once however many nodes run.
 */
export const JOBS_SCHEMA = 'graphile_worker';

/** graphile-worker speaks only of warnings and errors, through `log`. */
export const loggerTo = (log: JobsDeps['log']) =>
  new Logger(() => (level, message, meta) => {
    if (level === 'error' || level === 'warning') log.warn({ job: meta }, `jobs: ${message}`);
  });
export const quietLogger = new Logger(() => () => {});

export interface JobRun {
  id: string;
  attempts: number;
}
export type TaskRun = (payload: unknown, job: JobRun) => Promise<void>;

export { type EnqueueOptions, enqueueJob } from './enqueue.ts';

export interface JobsDeps {
  /** The app's pool: its connection string gives the runner a small pool of its own. */
  pool: pg.Pool;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Jobs running at once on this node. */
  concurrency?: number;
  /** graphile-worker's events (a schedule fired, a job ran): how tests await the runner, not sleep. */
  events?: WorkerEvents;
}

const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

export function createJobs({ pool, log, concurrency = 2, events }: JobsDeps) {
  const tasks: TaskList = {};
  const schedules: CronItem[] = [];
  let runner: Runner | undefined;
  let own: pg.Pool | undefined;

  const logger = loggerTo(log);

  return {
    /** Registers the worker for `name` (area.verb); before the app is ready. */
    task(name: string, fn: TaskRun): void {
      if (!NAME.test(name)) throw new Error(`job name ${name} is not area.verb`);
      if (runner) throw new Error(`job ${name} registered after the runner started`);
      tasks[name] = async (payload, helpers) => {
        await fn(payload, { id: helpers.job.id, attempts: helpers.job.attempts });
      };
    },

    /** Runs `name` on a cron schedule ("0 * * * *"), once per period across all nodes. */
    schedule(name: string, cron: string): void {
      if (!tasks[name]) throw new Error(`schedule for ${name}: register the task first`);
      if (cron.trim().split(/\s+/).length !== 5) throw new Error(`schedule for ${name}: ${cron} is not cron`);
      // The identifier is the task name: nodes agree on it, so the cron table dedupes their runs.
      schedules.push({ task: name, identifier: name, match: cron.trim() });
    },

    /** Adds a job in the caller's transaction: rolled back, nothing was enqueued. */
    enqueue: enqueueJob,

    /** Jobs ready to run and not yet taken, all nodes together (the queue-depth metric). */
    async depth(): Promise<number> {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs
         WHERE locked_at IS NULL AND run_at <= now() AND attempts < max_attempts`,
      );
      return rows[0]!.n;
    },

    /** Starts this node's runner: it listens for new jobs and, on the minute, for schedules due. */
    async start(): Promise<void> {
      if (runner) return;
      const address = pool.options.connectionString;
      own = createPool(address as string, concurrency + 2, { applicationName: 'backdesk-jobs' });
      // A connection lost while a job runs fails that job (retried later), never the process:
      // createPool gives every client an error listener.
      runner = await run({
        pgPool: own,
        schema: JOBS_SCHEMA,
        taskList: tasks,
        parsedCronItems: parseCronItems(schedules),
        concurrency,
        noHandleSignals: true,
        pollInterval: 2_000,
        logger,
        ...(events ? { events } : {}),
      });
      log.info({ tasks: Object.keys(tasks).length, schedules: schedules.length }, 'job runner started');
    },

    /** Lets running jobs finish (graphile-worker aborts them after a few seconds), then closes. */
    async stop(): Promise<void> {
      const r = runner;
      runner = undefined;
      await r?.stop().catch(() => {});
      await own?.end().catch(() => {});
      own = undefined;
    },
  };
}
export type Jobs = ReturnType<typeof createJobs>;
