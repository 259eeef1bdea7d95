import path from 'node:path';
import { exportsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../lib/endpoint-route.ts';
import { setExportDeferral } from '../../../lib/export/background.ts';
import { createDocumentStore } from '../documents/document-store.ts';
import { sendStoredFile } from '../documents/serve.ts';
import { createExportsRepository } from './exports.repository.ts';
import { contentTypeOf, createExportsService, RUN_TASK } from './exports.service.ts';

/**
 * Background exports (decision 0015): any list's export over `EXPORT_BACKGROUND_ROWS` rows is written
 * by a job into storage (the KYC store's drivers, under DATA_DIR/exports locally) and announced in the
 * member's inbox; the file goes only to that member, and expires after a day.
 */
export function registerExportsModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    config: Pick<Config, 'documents' | 'dataDir' | 'exportBackgroundRows'>;
    notice: Parameters<typeof createExportsService>[0]['notice'];
  },
) {
  const store = createDocumentStore({
    ...deps.config.documents,
    localDir: path.join(deps.config.dataDir, 'exports'),
  });
  app.addHook('onClose', () => store.close());
  const service = createExportsService({
    app,
    db: deps.db,
    clock: deps.clock,
    jobs: app.jobs,
    repo: createExportsRepository(),
    store,
    tempDir: path.join(deps.config.dataDir, 'tmp', 'exports'),
    notice: deps.notice,
  });
  setExportDeferral(app, { threshold: deps.config.exportBackgroundRows, defer: service.defer });
  app.jobs.task(RUN_TASK, service.run);
  app.jobs.task('exports.expire', async () => {
    await service.expire();
  });
  app.jobs.schedule('exports.expire', '17 * * * *');

  registerEndpoint(app, exportsApi.listExports, ({ member }) => service.list(member.id));
  registerExportEndpoint(app, exportsApi.downloadExport, async ({ query, member, reply }) => {
    // Another member's export answers as one that does not exist: its existence is not theirs to learn.
    const record = await service.downloadable(member.id, query.id);
    if (!record) throw new AppError('NOT_FOUND');
    const stamp = record.created_at.slice(0, 10);
    return sendStoredFile(reply, store, {
      sha256: record.sha256!,
      contentType: contentTypeOf(record.format),
      size: record.size_bytes ?? 0,
      fileName: `${record.file_name}-${stamp}.${record.format}`,
    });
  });
  return service;
}
