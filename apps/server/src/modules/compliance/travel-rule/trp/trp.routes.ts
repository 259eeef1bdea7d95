import {
  TRP_API_VERSION,
  TRP_API_VERSION_PATTERN,
  TRP_REQUEST_ID_PATTERN,
  TrpAnswerSchema,
  TrpConfirmationSchema,
  TrpInquirySchema,
} from '@backdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../../lib/app-error.ts';
import { unstorableTextError } from '../../../../lib/endpoint-route.ts';
import type { VaspActor } from '../../../platform/audit/changes.ts';
import type { TrpVasp } from './trp.repository.ts';
import type { TrpService } from './trp.service.ts';

/** Where other VASPs reach us (decision 0030); the travel address our customers hand out is its /inquiries. */
export const TRP_PREFIX = '/trp/v1';
/** An inquiry is IVMS101 of a few persons: far below this. */
const BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The counterparty VASP of a TRP request, once its credential is accepted. */
    trpVasp: TrpVasp | null;
  }
}

/** TRP's headers: the protocol's version (any 3.x) and the exchange's identifier (a UUID). */
function requestIdOf(request: FastifyRequest): string {
  const version = request.headers['api-version'];
  const id = request.headers['request-identifier'];
  if (
    typeof version !== 'string' ||
    !TRP_API_VERSION_PATTERN.test(version) ||
    typeof id !== 'string' ||
    !TRP_REQUEST_ID_PATTERN.test(id)
  )
    throw new AppError('TRP_API_VERSION');
  return id.toLowerCase();
}

/**
 * The TRP endpoints other VASPs call (not the exchange's core): a bearer token the directory holds
 * the hash of, for a VASP whose protocol is TRP and whose due diligence is not rejected; then TRP's
 * headers, text no column can hold (R30), and the message's schema, whose refusals name IVMS101's
 * field paths. Answers are Backdesk's ApiError shape; the document is `/trp/v1/openapi.json`.
 */
export function registerTrpRoutes(
  app: FastifyInstance,
  deps: { service: TrpService; document: () => unknown },
): void {
  const { service } = deps;
  app.decorateRequest('trpVasp', null);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const common = {
    bodyLimit: BODY_LIMIT,
    onRequest: async (request: FastifyRequest) => {
      request.trpVasp = await service.authenticate(request.headers.authorization);
    },
    preValidation: async (request: FastifyRequest) => {
      requestIdOf(request);
      const bad = unstorableTextError(request);
      if (bad) throw bad;
    },
  };
  const actorOf = (request: FastifyRequest): VaspActor => ({
    memberId: null,
    vaspId: request.trpVasp!.id,
    requestId: String(request.id),
  });

  app.get(`${TRP_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => deps.document());

  route.post(
    `${TRP_PREFIX}/inquiries`,
    { ...common, schema: { hide: true, body: TrpInquirySchema } },
    async (request, reply) => {
      const receipt = await service.receiveInquiry(
        request.trpVasp!,
        requestIdOf(request),
        request.body,
        actorOf(request),
      );
      reply.header('api-version', TRP_API_VERSION);
      return reply.code(202).send(receipt);
    },
  );

  route.post(
    `${TRP_PREFIX}/transfers/:requestId/answer`,
    { ...common, schema: { hide: true, body: TrpAnswerSchema } },
    async (request, reply) => {
      const id = (request.params as { requestId: string }).requestId;
      if (!TRP_REQUEST_ID_PATTERN.test(id)) throw new AppError('TRP_TRANSFER_NOT_FOUND');
      reply.header('api-version', TRP_API_VERSION);
      return service.receiveAnswer(request.trpVasp!, id.toLowerCase(), request.body, actorOf(request));
    },
  );

  route.post(
    `${TRP_PREFIX}/transfers/:requestId/confirm`,
    { ...common, schema: { hide: true, body: TrpConfirmationSchema } },
    async (request, reply) => {
      const id = (request.params as { requestId: string }).requestId;
      if (!TRP_REQUEST_ID_PATTERN.test(id)) throw new AppError('TRP_TRANSFER_NOT_FOUND');
      reply.header('api-version', TRP_API_VERSION);
      return service.receiveConfirmation(request.trpVasp!, id.toLowerCase(), request.body, actorOf(request));
    },
  );
}
