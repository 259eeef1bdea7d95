import { createHash } from 'node:crypto';
import { fraudApi } from '@backdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../../lib/app-error.ts';
import { registerEndpoint } from '../../../../lib/endpoint-route.ts';
import { cleanFileName } from '../../../../lib/file-name.ts';
import { parseList } from './parse.ts';
import type { ReceivedList, ScreeningService } from './screening.service.ts';
import type { createScreeningSettings } from './screening-settings.ts';

/** Hashes the bytes as they pass, so the import knows its file without holding it. */
async function* hashing(stream: AsyncIterable<Uint8Array>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of stream) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Reads the upload's file part through the list parser as it streams in (before the idempotent
 * transaction). A malformed file is refused here, so nothing is written. Only the file's hash and
 * entry count join the Idempotency-Key's request hash.
 */
async function receiveList(request: FastifyRequest): Promise<ReceivedList> {
  const query = fraudApi.ImportScreeningListQuerySchema.parse(request.query);
  if (!request.isMultipart()) throw new AppError('SCREENING_FILE_MISSING');
  const field = fraudApi.importScreeningList.multipart.file;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === field) {
        const hash = createHash('sha256');
        const parsed = await parseList(
          query.format,
          hashing(part.file, hash),
          fraudApi.SCREENING_MAX_FILE_BYTES,
        );
        const sha256 = hash.digest('hex');
        const received: ReceivedList = {
          ...parsed,
          fileName: cleanFileName(part.filename, 255) ?? null,
          sha256,
        };
        Object.defineProperty(received, 'toJSON', {
          value: () => ({ sha256, format: parsed.format, entries: parsed.entries.length }),
        });
        return received;
      }
      if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    // A broken multipart body (cut short, bad boundaries) is the client's, not a server fault.
    if (error instanceof AppError || ((error as { statusCode?: number }).statusCode ?? 500) < 500)
      throw error;
    throw new AppError('SCREENING_FILE_UNREADABLE');
  }
  throw new AppError('SCREENING_FILE_MISSING');
}

export function registerScreeningRoutes(
  app: FastifyInstance,
  deps: { service: ScreeningService; settings: ReturnType<typeof createScreeningSettings> },
): void {
  const { service, settings } = deps;
  registerEndpoint(app, fraudApi.listScreeningLists, async () => ({ items: await service.lists() }));
  registerEndpoint(
    app,
    fraudApi.importScreeningList,
    async ({ query, actor, received }) => ({
      success: true as const,
      ...(await service.importList(query, received as ReceivedList, actor)),
    }),
    { receive: receiveList },
  );
  registerEndpoint(app, fraudApi.getScreeningSettings, () => settings.read());
  registerEndpoint(app, fraudApi.updateScreeningSettings, async ({ body, actor }) => ({
    success: true as const,
    settings: await settings.update(body, actor),
  }));
  registerEndpoint(app, fraudApi.rescreenCustomers, async ({ actor }) => ({
    success: true as const,
    ...(await service.rescreen(actor)),
  }));
  registerEndpoint(app, fraudApi.tryScreeningName, ({ query }) => service.tryName(query));
  registerEndpoint(app, fraudApi.getScreeningEvidence, ({ query }) => service.evidence(query.alert_id));
}
