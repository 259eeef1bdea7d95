import type { PublicEndpointDef } from '@backdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { IDEMPOTENCY_KEY, unstorableTextError } from '../../../lib/endpoint-route.ts';
import { requestContext } from '../../../lib/request-identity.ts';
import { toAppError } from '../../../plugins/errors.ts';
import type { IntegrationActor } from '../audit/changes.ts';
import type { CallFacts, PublicCaller } from './public-api.ts';

type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** Item counts of a request, as the call log keeps them (a batch's; 1/1/0 for one object applied). */
export interface CallCounts {
  received: number;
  applied: number;
  refused: number;
}

export interface PublicEndpointInput<E extends PublicEndpointDef> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  integration: { id: number; name: string; keyId: number };
  /** The integration a change is audited under (changes.run). */
  actor: IntegrationActor;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Sets the item counts the call log records for this request. */
  report(counts: CallCounts): void;
  /** What `options.receive` read of a streamed body (a multipart file); else undefined. */
  received: unknown;
  /**
   * With `options.idempotencyInHandler`, the request's Idempotency-Key (its form checked), which the
   * handler answers once; else null.
   */
  idempotencyKey: string | null;
}

/** An answer already serialized to JSON where it was made (a batch's, on its ingestion thread). */
export type SerializedAnswer = Buffer;

export interface PublicEndpointOptions {
  /** The largest body accepted, in bytes (Fastify's default else); past it 413 REQUEST_TOO_LARGE. */
  bodyLimit?: number;
  /**
   * Reads a streamed body (a `multipart` endpoint's file) before the handler and outside the
   * idempotent transaction; what it returns is handed to the handler.
   */
  receive?: (request: FastifyRequest) => Promise<unknown>;
  /**
   * The handler runs the Idempotency-Key itself (an ingestion batch does, on its own thread, so its
   * answer commits with its rows there) instead of the kit wrapping it in a transaction of this thread.
   */
  idempotencyInHandler?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A public API request's integration, once its key is accepted. */
    publicCaller: PublicCaller | null;
    /** What the call log records of a public API request. */
    callFacts: CallFacts | null;
  }
}

/** The descriptor a public route was registered from (the Origin check and the call log read it). */
export const publicEndpointOfRoute = (route: { config?: unknown }): PublicEndpointDef | undefined =>
  (route.config as { publicEndpoint?: PublicEndpointDef } | undefined)?.publicEndpoint;

/**
 * Registers a public API endpoint from its descriptor (docs/decisions/0025-exchange-integration.md).
 * Before the body is read: no session cookie, a valid key of an enabled integration, an allowed
 * address, the key's rate limit and the scope. Then text no column can hold is refused (R30), the
 * schemas validate, and an `idempotent` endpoint answers a retried Idempotency-Key once per
 * integration. After the answer, one call-log row. It is not in the staff OpenAPI document; it is in
 * `/api/v1/openapi.json`.
 */
export function registerPublicEndpoint<E extends PublicEndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    input: PublicEndpointInput<NoInfer<E>>,
  ) => Promise<z.output<NoInfer<E>['response']> | SerializedAnswer>,
  options: PublicEndpointOptions = {},
): void {
  const api = app.publicApi;
  api.endpoints.push(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      hide: true,
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      // A batch's items are validated one by one by its handler (each answered on its own): its body
      // schema is the document's, not a gate the whole batch passes or fails (decision 0025).
      ...(endpoint.body && !endpoint.batch ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    config: { publicEndpoint: endpoint },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    onRequest: async (request) => {
      const facts: CallFacts = {
        startedAt: api.clock.now(),
        integrationId: null,
        keyId: null,
        counts: { received: null, applied: null, refused: null },
        errorCode: null,
      };
      request.callFacts = facts;
      request.publicCaller = await api.authenticate(request, endpoint, facts);
    },
    preValidation: async (request) => {
      // A batch's items are checked one by one once parsed (a NUL in one refuses that one); its body
      // is bytes here, not text to walk.
      if (endpoint.batch) return;
      const badText = unstorableTextError(request);
      if (badText) throw badText;
    },
    onError: async (request, _reply, error) => {
      if (request.callFacts) request.callFacts.errorCode = toAppError(error).code;
    },
    onResponse: async (request, reply) => {
      const facts = request.callFacts;
      if (!facts) return;
      api.callLog.record({
        at: facts.startedAt,
        integrationId: facts.integrationId,
        keyId: facts.keyId,
        method: endpoint.method,
        route: endpoint.path,
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        ...facts.counts,
        errorCode: facts.errorCode,
        address: requestContext(request).ip,
        requestId: String(request.id),
      });
    },
    handler: async (request, reply) => {
      const caller = request.publicCaller!;
      const key = request.headers['idempotency-key'];
      const keyed = endpoint.idempotent && typeof key === 'string';
      if (keyed && !IDEMPOTENCY_KEY.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
      const received = options.receive ? await options.receive(request) : undefined;
      const input = {
        query: request.query,
        body: request.body,
        integration: { id: caller.id, name: caller.name, keyId: caller.keyId },
        actor: { memberId: null, integrationId: caller.id, requestId: String(request.id) },
        request,
        reply,
        report: (counts: CallCounts) => {
          if (request.callFacts) request.callFacts.counts = { ...counts };
        },
        received,
        idempotencyKey: keyed && options.idempotencyInHandler ? key : null,
      } as PublicEndpointInput<E>;
      if (!keyed || options.idempotencyInHandler) return handler(input);
      const body = endpoint.multipart ? { query: request.query, received } : request.body;
      return api.idempotency.run({ owner: caller.id, key, route: endpoint.path, body }, () => handler(input));
    },
  });
}
