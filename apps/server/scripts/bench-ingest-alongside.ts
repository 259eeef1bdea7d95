// What runs beside bench:ingest's batch phase (apps/server/scripts/bench-ingest.ts): each helper of the
// exchange integration adds its own measure here — the withdrawal check's p99 at 200 checks/s while the
// batches run (CHECKS), decision → webhook received p95 (OUTBOX). A measure gets the started server, the
// owner's pool and the phase's length, and answers rows for the bench's table: [measure, figure, target, verdict].
import type pg from 'pg';
import { checksAlongside } from './bench-ingest-checks.ts';
import type { StartedServer } from './bench-support.ts';

export interface AlongsideContext {
  /** The API node the batches are sent to (its url, its event-loop report). */
  server: StartedServer;
  owner: pg.Pool;
  /** The owner's connection string (for a measure that starts a process of its own on the database). */
  ownerUrl: string;
  seconds: number;
}
export type AlongsideMeasure = (context: AlongsideContext) => Promise<string[][]>;

export const ALONGSIDE_BATCH_LOAD: AlongsideMeasure[] = [checksAlongside];
