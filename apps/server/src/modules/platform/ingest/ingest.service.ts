import { INGEST_BATCH_LIMIT, type IngestResponse } from '@backdesk/contract';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { RawBatch } from './ingest-body.ts';
import { type IngestKind, ingestBatch } from './ingest-core.ts';
import type { IngestGate } from './ingest-gate.ts';
import { parseBatch } from './ingest-parse.ts';

/**
 * One HTTP batch through the core: the body parsed in slices (BATCH_TOO_LARGE past the limit, a bad
 * NDJSON line answered on its own), then validated and applied under the node's gate.
 */
export function createIngestService(deps: { db: Db; clock: Clock; gate: IngestGate }) {
  return {
    async receive<T>(
      kind: IngestKind<T>,
      body: RawBatch,
      integrationId: number | null,
    ): Promise<IngestResponse> {
      const receivedAt = deps.clock.now();
      const { items } = await parseBatch(body.text, body.format, INGEST_BATCH_LIMIT);
      return deps.gate.run(() => ingestBatch(deps.db, kind, items, { integrationId, receivedAt }));
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
