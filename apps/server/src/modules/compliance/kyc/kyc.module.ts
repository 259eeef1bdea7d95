import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { ApprovalsService } from '../../platform/approvals/approvals.service.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createDocumentIntake, createDocumentStore } from '../../platform/documents/index.ts';
import type { FraudRuns } from '../fraud/runs/fraud-runs.ts';
import { registerKycRoutes } from './kyc.routes.ts';
import { createKycCasesRepository } from './kyc-cases.repository.ts';
import { createKycCustomersRepository } from './kyc-customers.repository.ts';
import { createKycDocumentsRepository } from './kyc-documents.repository.ts';
import { createKycDocumentsService } from './kyc-documents.service.ts';
import { registerKycIngestRoutes } from './kyc-ingest.routes.ts';
import { createKycQuarantineRepository } from './kyc-quarantine.repository.ts';
import { createKycQuarantineService } from './kyc-quarantine.service.ts';
import { createKycQueueService } from './kyc-queue.service.ts';
import { createKycSettingsService } from './kyc-settings.ts';

/**
 * Wires KYC: documents (files through kyc-files' store and intake), decisions, the level, the review
 * queue, the compliance overview and the quarantine of stored files a recheck refuses. Its routes live in their own Fastify scope, so the multipart
 * parser the upload needs is not offered to any other route.
 */
export function registerKycModule(
  app: FastifyInstance,
  {
    db,
    clock,
    config,
    approvals,
    runs,
  }: { db: Db; clock: Clock; config: Config; approvals?: ApprovalsService; runs: FraudRuns },
): void {
  const store = createDocumentStore(config.documents);
  app.addHook('onClose', () => store.close());
  const intake = createDocumentIntake({ config: config.documents, store });
  const changes = createChanges(db);
  const repos = {
    documents: createKycDocumentsRepository(),
    cases: createKycCasesRepository(),
    customers: createKycCustomersRepository(),
  };
  const quarantineRepo = createKycQuarantineRepository();
  const documents = createKycDocumentsService({ db, clock, changes, ...repos, quarantine: quarantineRepo });
  const quarantine = createKycQuarantineService({ db, clock, changes, repo: quarantineRepo, store, runs });
  const queue = createKycQueueService({ db, clock, changes, ...repos, approvals });
  const settings = createKycSettingsService({ db, changes });
  app.register(async (scope) => {
    await scope.register(multipart, {
      // One file; a larger one is cut at the limit and refused by the intake (KYC_FILE_TOO_LARGE).
      limits: { fileSize: config.documents.maxUploadBytes + 1, files: 1, fields: 10, parts: 11 },
      throwFileSizeLimit: false,
    });
    registerKycRoutes(scope, { db, clock, store, intake, documents, queue, settings, quarantine });
    registerKycIngestRoutes(scope, { db, intake, documents });
  });
}
