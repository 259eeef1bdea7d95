import { complianceApi, type KycDocumentRow } from '@backdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../lib/endpoint-route.ts';
import { type ExportColumn, sendExport, streamRows } from '../../../lib/export/index.ts';
import {
  type DocumentIntake,
  type DocumentStore,
  type StoredDocumentFile,
  sendStoredFile,
} from '../../platform/documents/index.ts';
import type { KycDocumentsService } from './kyc-documents.service.ts';
import { complianceOverview } from './kyc-overview.repository.ts';
import type { KycQuarantineService } from './kyc-quarantine.service.ts';
import type { KycQueueService } from './kyc-queue.service.ts';
import { type KycSettingsService, readKycSettings } from './kyc-settings.ts';

const EXPORT_COLUMNS: readonly ExportColumn<KycDocumentRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'customer_id', value: (r) => r.customer_id },
  { header: 'user_name', value: (r) => r.user_name },
  { header: 'kyc_document_kind', value: (r) => r.kind },
  { header: 'status', value: (r) => r.status },
  { header: 'file_name', value: (r) => r.file_name },
  { header: 'content_type', value: (r) => r.content_type },
  { header: 'size_bytes', value: (r) => r.size_bytes },
  { header: 'sha256', value: (r) => r.sha256 },
  { header: 'channel', value: (r) => r.channel },
  { header: 'uploaded_by', value: (r) => r.uploaded_by?.display_name ?? null },
  { header: 'uploaded_at', value: (r) => r.uploaded_at },
  { header: 'decided_at', value: (r) => r.decided_at },
  { header: 'reviewer', value: (r) => r.reviewer?.display_name ?? null },
  { header: 'reason_code', value: (r) => r.reason_code },
  { header: 'reason_text', value: (r) => r.reason_text },
  { header: 'comment', value: (r) => r.comment },
  { header: 'expires_on', value: (r) => r.expires_on },
];

type UploadQuery = z.output<typeof complianceApi.UploadKycDocumentQuerySchema>;

/**
 * Reads the upload's one file part into the intake (type by bytes, metadata stripped, limits,
 * stored) before the idempotent work starts. Checked first: the customer exists and may file this kind.
 */
async function receiveDocument(
  request: FastifyRequest,
  deps: { intake: DocumentIntake; documents: KycDocumentsService },
): Promise<StoredDocumentFile> {
  await deps.documents.checkUpload(request.query as UploadQuery);
  if (!request.isMultipart()) throw new AppError('KYC_FILE_MISSING');
  const field = complianceApi.uploadKycDocument.multipart.file;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === field) {
        return await deps.intake.accept({ stream: part.file, fileName: part.filename });
      }
      if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    // A broken multipart body (cut short, bad boundaries) is the client's, not a server fault.
    if (error instanceof AppError || ((error as { statusCode?: number }).statusCode ?? 500) < 500)
      throw error;
    throw new AppError('KYC_FILE_UNREADABLE');
  }
  throw new AppError('KYC_FILE_MISSING');
}

export function registerKycRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    store: DocumentStore;
    intake: DocumentIntake;
    documents: KycDocumentsService;
    queue: KycQueueService;
    settings: KycSettingsService;
    quarantine: KycQuarantineService;
  },
): void {
  const { documents, queue, settings, store, quarantine } = deps;

  // Lists and exports read from the replica where there is one.
  registerEndpoint(app, complianceApi.listKycDocuments, async ({ query, actor }) =>
    documents.list(query, await app.reads.db(actor.memberId)),
  );
  registerEndpoint(app, complianceApi.countKycDocuments, async ({ query, actor }) => ({
    total: await documents.count(query, await app.reads.db(actor.memberId)),
  }));
  registerExportEndpoint(app, complianceApi.exportKycDocuments, async ({ query, reply, actor }) => {
    const { format, sort, dir, ...filters } = query;
    return sendExport(reply, {
      format,
      fileName: 'kyc-documents',
      columns: EXPORT_COLUMNS,
      rows: streamRows<KycDocumentRow>(
        await app.reads.db(actor.memberId),
        documents.exportQuery(filters, { sort, dir }),
      ),
    });
  });
  registerEndpoint(app, complianceApi.getKycDocument, ({ query }) => documents.detail(query.id));

  // Both answer as an attachment: the viewer draws the bytes it fetched itself, and a browser that
  // opens either address directly saves the file rather than render (or run) it with its own viewer.
  for (const [endpoint, action] of [
    [complianceApi.getKycDocumentContent, 'view'],
    [complianceApi.downloadKycDocument, 'download'],
  ] as const) {
    registerExportEndpoint(app, endpoint, async ({ query, actor, reply }) => {
      // Audited before the bytes go out: an attempt on a file gone missing (404) is recorded too.
      const doc = await documents.recordAccess(query.id, action, actor);
      return sendStoredFile(reply, store, {
        sha256: doc.sha256!,
        contentType: doc.content_type,
        size: doc.size_bytes,
        fileName: doc.file_name,
      });
    });
  }

  registerEndpoint(app, complianceApi.listQuarantinedDocuments, ({ query }) => quarantine.list(query));
  registerEndpoint(app, complianceApi.startDocumentRecheck, async ({ actor }) => ({
    success: true as const,
    ...(await quarantine.startRecheck(actor)),
  }));

  registerEndpoint(
    app,
    complianceApi.uploadKycDocument,
    async ({ query, actor, received }) => ({
      success: true as const,
      ...(await documents.upload(query, received as StoredDocumentFile, actor)),
    }),
    { receive: (request) => receiveDocument(request, deps) },
  );
  registerEndpoint(app, complianceApi.decideKycDocument, async ({ body, actor }) => ({
    success: true as const,
    document: await documents.decide(body, actor),
  }));

  registerEndpoint(app, complianceApi.getCustomerKyc, ({ query }) => queue.customerKyc(query.customer_id));
  registerEndpoint(app, complianceApi.setKycLevel, async ({ body, actor }) => ({
    success: true as const,
    ...(await queue.setLevel(body, actor)),
  }));

  registerEndpoint(app, complianceApi.listKycQueue, async ({ query, actor }) =>
    queue.page(query, actor.memberId, await app.reads.db(actor.memberId)),
  );
  registerEndpoint(app, complianceApi.countKycQueue, async ({ query, actor }) => ({
    total: await queue.count(query, actor.memberId, await app.reads.db(actor.memberId)),
  }));
  registerEndpoint(app, complianceApi.assignKycCase, async ({ body, actor }) => ({
    success: true as const,
    case: await queue.assign(body.customer_id, actor),
  }));
  registerEndpoint(app, complianceApi.claimNextKycCase, async ({ actor }) => {
    const claimed = await queue.claimNext(actor);
    return {
      success: true as const,
      case: claimed,
      first_document_id: claimed ? await queue.firstDocumentId(claimed.customer_id) : null,
    };
  });
  registerEndpoint(app, complianceApi.releaseKycCase, async ({ body, actor }) => ({
    success: true as const,
    case: await queue.release(body.customer_id, actor),
  }));
  registerEndpoint(app, complianceApi.reassignKycCase, async ({ body, actor }) => ({
    success: true as const,
    case: await queue.reassign(body.customer_id, body.member_id, actor),
  }));
  registerEndpoint(app, complianceApi.listKycReviewers, async () => ({ items: await queue.reviewers() }));

  registerEndpoint(app, complianceApi.getKycSettings, () => settings.read());
  registerEndpoint(app, complianceApi.updateKycSettings, async ({ body, actor }) => ({
    success: true as const,
    settings: await settings.update(body, actor),
  }));

  registerEndpoint(app, complianceApi.getComplianceOverview, async () => {
    const { sla_hours } = await readKycSettings(deps.db);
    return complianceOverview(deps.db, deps.clock.now(), sla_hours);
  });
}
