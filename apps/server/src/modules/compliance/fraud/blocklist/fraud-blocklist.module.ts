import { fraudApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../../lib/endpoint-route.ts';
import { type ExportColumn, sendExport, streamRows } from '../../../../lib/export/index.ts';
import { createChanges } from '../../../platform/audit/changes.ts';
import type { FraudRuns } from '../runs/fraud-runs.ts';
import type { ImportedEntry } from './blocklist-csv.ts';
import { createFraudBlocklistRepository } from './fraud-blocklist.repository.ts';
import { createFraudBlocklistService } from './fraud-blocklist.service.ts';

/**
 * The export's columns are the import's, under their own names in every language (decision 0017):
 * an exported file imports back as it is.
 */
const EXPORT_COLUMNS: ExportColumn<ImportedEntry>[] = fraudApi.BLOCKLIST_CSV_COLUMNS.map((header) => ({
  header,
  value: (row) => row[header],
}));

/** Wires the blocklist: list, export, add (with its rescan), remove, import. */
export function registerFraudBlocklist(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; runs: Pick<FraudRuns, 'start'> },
) {
  const service = createFraudBlocklistService({
    db: deps.db,
    clock: deps.clock,
    repo: createFraudBlocklistRepository(),
    changes: createChanges(deps.db),
    runs: deps.runs,
  });

  registerEndpoint(app, fraudApi.listBlocklist, ({ query }) => service.list(query));
  registerExportEndpoint(app, fraudApi.exportBlocklist, async ({ query, reply }) => {
    const { format, sort, dir, ...filters } = query;
    return sendExport(reply, {
      format,
      fileName: 'fraud-blocklist',
      columns: EXPORT_COLUMNS,
      rows: streamRows<ImportedEntry>(deps.db, service.exportQuery(filters, { sort, dir })),
    });
  });
  registerEndpoint(app, fraudApi.addBlocklistEntry, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.add(body, actor)),
  }));
  registerEndpoint(app, fraudApi.removeBlocklistEntry, async ({ body, actor }) => ({
    success: true as const,
    entry: await service.remove(body, actor),
  }));
  registerEndpoint(app, fraudApi.importBlocklist, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.import(body.content, actor)),
  }));
  return service;
}
