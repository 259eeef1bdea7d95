import { Worker } from 'node:worker_threads';
import { AppError } from '../../../lib/app-error.ts';
import { shuttingDown } from '../../../plugins/errors.ts';
import type { IngestJob, IngestJobResult } from './ingest-job.ts';
import type { IngestReply, IngestRequest, IngestThreadData } from './ingest-thread.ts';

export interface IngestThreadsOptions {
  /** The thread's entry module: the server's `ingest-worker` (TypeScript run through tsx, or the bundle). */
  entry: URL;
  threads: number;
  data: IngestThreadData;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve(result: IngestJobResult): void; reject(err: Error): void }>;
}

/**
 * The main thread's side of ingestion (decision 0025): batches go to threads of their own, so the
 * event loop that answers the real-time checks only reads a body's bytes and writes its answer's.
 * Threads start on the first batch (most nodes and tests never ingest) and again after one dies,
 * whose batches fail (their transactions roll back with its connections).
 */
export function createIngestThreads(options: IngestThreadsOptions) {
  const threads: Array<Thread | undefined> = new Array(options.threads);
  const typescript = options.entry.pathname.endsWith('.ts');
  let nextId = 0;
  let turn = 0;
  let closing = false;

  function start(slot: number): Thread {
    const worker = new Worker(options.entry, {
      workerData: options.data,
      // The sources run through tsx as in the main thread; the bundle needs nothing.
      execArgv: typescript ? ['--import', 'tsx'] : ['--enable-source-maps'],
    });
    const thread: Thread = { worker, pending: new Map() };
    const fail = (err: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      // Stopped by the node's shutdown: its batches' transactions rolled back with its connections.
      const cause = closing ? shuttingDown() : err;
      for (const { reject } of thread.pending.values()) reject(cause);
      thread.pending.clear();
    };
    worker.on('message', (reply: IngestReply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if ('result' in reply) waiting.resolve(reply.result);
      else if ('refusal' in reply)
        waiting.reject(new AppError(reply.refusal.code, reply.refusal.params, reply.refusal.extra));
      else waiting.reject(new Error(reply.failure));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The ingestion thread stopped (exit code ${code})`)));
    threads[slot] = thread;
    return thread;
  }

  /**
   * Runs a job on the next thread. Its body's bytes are copied once into memory of their own, which
   * is then moved there (a request's buffer may share Node's pool, which cannot be moved).
   */
  function run(job: IngestJob): Promise<IngestJobResult> {
    const slot = turn++ % threads.length;
    const thread = threads[slot] ?? start(slot);
    const id = nextId++;
    const body = new Uint8Array(job.body);
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      const request: IngestRequest = { id, job: { ...job, body } };
      thread.worker.postMessage(request, [body.buffer as ArrayBuffer]);
    });
  }

  /** Stops the threads (the node's shutdown): their batches in flight answer SHUTTING_DOWN. */
  async function close(): Promise<void> {
    closing = true;
    try {
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
    } finally {
      // A batch sent after (none reach a closed app) starts a thread again, as after a crash.
      closing = false;
    }
  }

  return { run, close };
}
export type IngestThreads = ReturnType<typeof createIngestThreads>;
