import { publicApi } from '@backdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { customerRefs } from '../../crm/index.ts';
import type { DocumentIntake, StoredDocumentFile } from '../../platform/documents/index.ts';
import { registerPublicEndpoint } from '../../platform/integrations/index.ts';
import type { KycDocumentsService } from './kyc-documents.service.ts';

type Query = z.output<typeof publicApi.ingestDocument.query>;

/** The customer the exchange names; one Backdesk has not seen is refused, not created. */
async function customerOf(db: Db, externalId: string): Promise<number> {
  const ref = (await customerRefs(db, [externalId])).get(externalId);
  if (!ref) throw new AppError('CUSTOMER_UNKNOWN', { externalId });
  return ref.id;
}

/**
 * The exchange's KYC documents (decision 0025): the same checks before the file is read, the same
 * streamed intake and its refusals, the same filing as a staff upload, with the integration as the
 * actor of the audit row and `customer` as the channel.
 */
export function registerKycIngestRoutes(
  scope: FastifyInstance,
  deps: { db: Db; intake: DocumentIntake; documents: KycDocumentsService },
): void {
  const endpoint = publicApi.ingestDocument;
  const uploadQuery = async (q: Query) => ({
    customer_id: await customerOf(deps.db, q.customerExternalId),
    kind: q.kind,
    expires_on: q.expiresOn,
  });
  async function receive(request: FastifyRequest): Promise<StoredDocumentFile> {
    await deps.documents.checkUpload(await uploadQuery(request.query as Query));
    if (!request.isMultipart()) throw new AppError('KYC_FILE_MISSING');
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === endpoint.multipart.file)
          return await deps.intake.accept({ stream: part.file, fileName: part.filename });
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
  registerPublicEndpoint(
    scope,
    endpoint,
    async ({ query, actor, received, report }) => {
      const answer = await deps.documents.upload(
        await uploadQuery(query),
        received as StoredDocumentFile,
        actor,
      );
      report({ received: 1, applied: answer.created ? 1 : 0, refused: 0 });
      return answer;
    },
    { receive },
  );
}
