import type { FraudRunKind, fraudApi } from '@backdesk/contract';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../../db/client.ts';
import type { Jobs } from '../../../../jobs/index.ts';
import { AppError } from '../../../../lib/app-error.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { Actor, SystemActor } from '../../../platform/audit/changes.ts';
import { createChanges } from '../../../platform/audit/changes.ts';
import { createFraudRunsRepository, FINISHED } from './fraud-runs.repository.ts';

type FraudRun = fraudApi.FraudRun;
type FraudRunLogLevel = fraudApi.FraudRunLogLevel;

/** The graphile job that executes a run on whichever node takes it. */
export const RUN_JOB = 'fraud.run';

/** What a run's handler reports through; every call is a database write, so all nodes see it. */
export interface RunContext {
  runId: number;
  progress(done: number, total?: number): Promise<void>;
  /** `message` is a key under the web's `fraudRules:runLog.*`; `params` fill it. */
  log(level: FraudRunLogLevel, message: string, params?: object): Promise<void>;
  /** Whether a member asked it to stop: check between chunks and return early. */
  cancelled(): Promise<boolean>;
}

export type RunHandler = (params: unknown, ctx: RunContext) => Promise<object>;

/** The job's payload is read back from the database: untrusted, checked. */
const Payload = z.object({ id: z.number().int().positive() });

export interface FraudRunsDeps {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'task'>;
  clock: Clock;
}

/**
 * Fraud check's long runs (rescan, backtest, rescreen). A part registers a handler per kind; `start`
 * records the run and enqueues its job in the caller's transaction, so a rolled-back change starts
 * nothing. Status, progress, log and the cancel request are rows, never process memory.
 */
export function createFraudRuns({ db, jobs, clock }: FraudRunsDeps) {
  const repo = createFraudRunsRepository();
  const changes = createChanges(db);
  const handlers = new Map<FraudRunKind, RunHandler>();

  function context(runId: number, lastSeq: number): RunContext {
    let seq = lastSeq;
    return {
      runId,
      progress: (done, total) => repo.progress(db, runId, done, total),
      log: (level, message, params = {}) =>
        repo.log(db, { runId, seq: ++seq, at: clock.now(), level, message, params }),
      cancelled: () => repo.cancelRequested(db, runId),
    };
  }

  /** Runs one run to its end: done with the handler's result, cancelled, or failed with its error. */
  async function execute(runId: number): Promise<void> {
    const claimed = await repo.claim(db, runId, clock.now());
    if (!claimed) return;
    const ctx = context(runId, await repo.lastSeq(db, runId));
    const handler = handlers.get(claimed.kind);
    if (!handler) {
      await ctx.log('error', 'noHandler', { kind: claimed.kind });
      await repo.finish(db, runId, { status: 'failed', result: null, at: clock.now() });
      return;
    }
    if (claimed.cancel_requested) {
      await ctx.log('info', 'cancelled');
      await repo.finish(db, runId, { status: 'cancelled', result: null, at: clock.now() });
      return;
    }
    await ctx.log('info', 'started', { kind: claimed.kind });
    try {
      const result = await handler(claimed.params, ctx);
      if (await ctx.cancelled()) {
        await ctx.log('warn', 'cancelled');
        await repo.finish(db, runId, { status: 'cancelled', result, at: clock.now() });
      } else {
        await ctx.log('info', 'done');
        await repo.finish(db, runId, { status: 'done', result, at: clock.now() });
      }
    } catch (error) {
      // The run ends failed with the reason in its log; the job itself succeeds, so it is not retried.
      const message = error instanceof Error ? error.message : String(error);
      await ctx.log('error', 'failed', { error: message.slice(0, 500) });
      await repo.finish(db, runId, { status: 'failed', result: null, at: clock.now() });
    }
  }

  jobs.task(RUN_JOB, async (payload) => execute(Payload.parse(payload).id));

  return {
    /** Registers what runs for `kind`; one handler per kind, before the app is ready. */
    handle(kind: FraudRunKind, fn: RunHandler): void {
      if (handlers.has(kind)) throw new Error(`fraud run ${kind} already has a handler`);
      handlers.set(kind, fn);
    },

    /** Records a queued run and enqueues its job in `tx`: the caller's change audits it. */
    async start(
      tx: DbOrTx,
      kind: FraudRunKind,
      params: object,
      actor: Actor | SystemActor,
    ): Promise<{ id: number }> {
      const id = await repo.insert(tx, { kind, params, requestedBy: actor.memberId, at: clock.now() });
      await jobs.enqueue(tx, RUN_JOB, { id }, { maxAttempts: 3 });
      return { id };
    },

    execute,

    list: (query: Parameters<typeof repo.page>[1]) => repo.page(db, query),

    async detail(id: number, afterSeq: number) {
      const run = await repo.byId(db, id);
      if (!run) throw new AppError('FRAUD_RUN_NOT_FOUND');
      return { run, log: await repo.logAfter(db, id, afterSeq) };
    },

    /** Asks a run to stop (audited); a finished run is refused, a second ask changes nothing. */
    cancel(id: number, actor: Actor): Promise<FraudRun> {
      return changes.run(actor, async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before) throw new AppError('FRAUD_RUN_NOT_FOUND');
        if (FINISHED.includes(before.status)) throw new AppError('FRAUD_RUN_FINISHED');
        if (before.cancel_requested) return { result: before, change: null };
        await repo.requestCancel(tx, id);
        const after = (await repo.byId(tx, id))!;
        return {
          result: after,
          change: {
            entity: 'fraud_run',
            action: 'cancel',
            entityId: id,
            before: { kind: before.kind, cancel_requested: false },
            after: { kind: after.kind, cancel_requested: true },
          },
        };
      });
    },
  };
}
export type FraudRuns = ReturnType<typeof createFraudRuns>;
