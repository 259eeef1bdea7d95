import {
  type EndpointDef,
  type EndpointResponse,
  endpointErrorCodes,
  type FileAnswer,
  hasCapability,
} from '@backdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { type ExportHandler, rememberExportHandler } from './export/background.ts';
import { unstorableTextPath } from './input-text.ts';
import { type Actor, accessTokenOf, requestContext, type SessionMember } from './request-identity.ts';

type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;
type Signed<E extends EndpointDef, T> = E['access'] extends 'public' ? undefined : T;

export interface EndpointInput<E extends EndpointDef> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  member: Signed<E, SessionMember>;
  /** The member and request a change is audited under (modules/platform/audit/changes.ts). */
  actor: Signed<E, Actor>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** What `options.receive` read from a streamed body (a multipart endpoint's file); else undefined. */
  received: unknown;
}

export interface EndpointOptions {
  /** Requests per minute and address, counted before any other work (plugins/rate-limit.ts). */
  perMinute?: number;
  /**
   * Called before an input with unstorable text (a NUL byte, a lone surrogate) is refused, so a public
   * endpoint can still record the attempt (sign-in writes its access-log row).
   */
  onUnstorableText?: (request: FastifyRequest, error: AppError) => Promise<void>;
  /**
   * Reads a streamed body (a `multipart` endpoint's file) before the handler and outside the
   * idempotent transaction, so slow I/O holds no database connection. What it returns is handed to
   * the handler and, with the query, tells a retried Idempotency-Key from a different request.
   */
  receive?: (request: FastifyRequest) => Promise<unknown>;
}

/** Refuses a query or body holding text PostgreSQL cannot store, naming the field (R30). */
export function unstorableTextError(request: FastifyRequest): AppError | undefined {
  for (const [part, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const field = unstorableTextPath(value);
    if (field === undefined) continue;
    const message = `${part} ${field}: a NUL byte or a broken character`;
    return new AppError(
      'INVALID_TEXT',
      { field },
      { issues: [{ path: field, message, code: 'invalid_text' }] },
    );
  }
  return undefined;
}

export const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;

/** The descriptor a route was registered from: the OpenAPI document and the rate limits read it. */
export interface EndpointRouteConfig {
  endpoint?: EndpointDef;
}

export const endpointOfRoute = (route: { config?: unknown }): EndpointDef | undefined =>
  (route.config as EndpointRouteConfig | undefined)?.endpoint;

/**
 * The route schema of a contract endpoint: its query and body validate input, its response writes
 * the 200 answer. The OpenAPI document adds every other answer (plugins/openapi.ts); they are not
 * here, so an error answer is never rewritten by a response schema.
 */
export function routeSchema(endpoint: EndpointDef): FastifySchema {
  return {
    summary: endpoint.summary,
    tags: [...endpoint.tags],
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    // The OpenAPI document names the form a multipart endpoint takes; its parts are read by the handler.
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: { 200: endpoint.response },
    ...(endpoint.access === 'public' ? {} : { security: [{ cookieAuth: [] }, { bearerAuth: [] }] }),
  };
}

/**
 * Registers a contract endpoint. Everything about who may call it comes from its descriptor: its
 * schemas validate input and serialise output; unless its access is `public` the caller needs a live
 * session and the capability it names (access.ts), checked before the input so a refused caller learns
 * nothing of the schema; an `idempotent` endpoint answers a retried Idempotency-Key once.
 */
export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<NoInfer<E>>) => Promise<EndpointResponse<NoInfer<E>>>,
  options: EndpointOptions = {},
): void {
  // A per-address limit answers 429, which the descriptor must declare as its own.
  if (options.perMinute && !endpointErrorCodes(endpoint).includes('TOO_MANY_REQUESTS'))
    throw new Error(
      `${endpoint.method} ${endpoint.path} is limited per address but does not declare TOO_MANY_REQUESTS`,
    );
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    config: {
      endpoint,
      ...(options.perMinute ? { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } : {}),
    },
    preValidation: async (request) => {
      if (endpoint.access !== 'public') {
        const member = await app.auth
          .authenticate(accessTokenOf(request), requestContext(request))
          .catch(async (error: unknown) => {
            await app.accessRefusals.record(request, error);
            throw error;
          });
        if (!hasCapability(member.roles, endpoint.access)) {
          await app.auth.recordDenied(member, request.url, requestContext(request));
          throw new AppError('FORBIDDEN');
        }
        request.member = member;
      }
      // Before the schemas: a transform must never carry such text on to a query or a log row.
      const badText = unstorableTextError(request);
      if (badText) {
        await options.onUnstorableText?.(request, badText);
        throw badText;
      }
    },
    handler: async (request, reply) => {
      const member = request.member;
      const key = request.headers['idempotency-key'];
      const keyed = endpoint.idempotent && typeof key === 'string' && member;
      if (keyed && !IDEMPOTENCY_KEY.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
      const received = options.receive ? await options.receive(request) : undefined;
      const input = {
        query: request.query,
        body: request.body,
        member: member ?? undefined,
        actor: member ? { memberId: member.id, requestId: String(request.id) } : undefined,
        request,
        reply,
        received,
      } as EndpointInput<E>;
      if (!keyed) return handler(input);
      const body = endpoint.multipart ? { query: request.query, received } : request.body;
      const call = { owner: member.id, key, route: endpoint.path, body };
      return app.idempotency.run(call, () => handler(input));
    },
  });
}

/**
 * Registers a contract endpoint that answers with a file (CSV, XLSX, a stored document) instead of
 * JSON: the same access rules, the query validated by the contract, the body streamed by the handler.
 * Its descriptor names the file's types (`file`), which the OpenAPI document declares.
 */
export function registerExportEndpoint<E extends EndpointDef & { file: FileAnswer }>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<NoInfer<E>>) => Promise<FastifyReply> | FastifyReply,
  options: EndpointOptions = {},
): void {
  const { response: _json, ...fileEndpoint } = endpoint;
  // A list's export can be replayed by a background job (lib/export/background.ts).
  rememberExportHandler(app, endpoint, handler as ExportHandler);
  registerEndpoint(
    app,
    { ...fileEndpoint, response: z.unknown() } as unknown as E,
    handler as never,
    options,
  );
}
