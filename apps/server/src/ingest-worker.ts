import { parentPort, workerData } from 'node:worker_threads';
import { INGEST_ROUTES } from './ingest-routes.ts';
import { type IngestThreadData, serveIngestJobs } from './modules/platform/ingest/ingest-thread.ts';

// An ingestion thread (decision 0025): started by the main thread's ingestion API, never run alone.
if (!parentPort) throw new Error('ingest-worker runs as a worker thread of the server');
serveIngestJobs(
  parentPort,
  workerData as IngestThreadData,
  INGEST_ROUTES.map((route) => route.kind),
);
