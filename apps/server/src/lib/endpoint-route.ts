import type { EndpointDef, EndpointResponse, PanelRole } from '@backdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionMember } from '../modules/auth/auth.service.ts';
import { accessTokenOf, requestContext } from '../modules/auth/auth-cookies.ts';
import { AppError } from './app-error.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointInput<E extends EndpointDef> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  member: E['auth'] extends false ? undefined : SessionMember;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointOptions {
  /** Roles allowed beyond sign-in; every panel role when omitted (PRODUCT.md role matrix). */
  roles?: readonly PanelRole[];
  /** Requests per minute and address, counted in memory before any database work. */
  perMinute?: number;
  /** Honour an Idempotency-Key header: a retried request gets the first answer (creating endpoints). */
  idempotent?: boolean;
}

const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;

/**
 * Registers a contract endpoint: its schemas validate input and serialise output, and unless the
 * endpoint says `auth: false` the caller must hold a live session (and one of `roles`, if given).
 * The session is checked before the input, so a signed-out caller learns nothing of the schema.
 */
export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointOptions,
  handler: (input: EndpointInput<NoInfer<E>>) => Promise<EndpointResponse<NoInfer<E>>>,
): void {
  const allowed = options.roles as readonly string[] | undefined;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
      ...(endpoint.auth === false ? {} : { security: [{ cookieAuth: [] }, { bearerAuth: [] }] }),
    },
    ...(options.perMinute ? { config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } } : {}),
    preValidation: async (request) => {
      if (endpoint.auth === false) return;
      const member = await app.auth.authenticate(accessTokenOf(request), requestContext(request));
      if (allowed && !member.roles.some((r) => allowed.includes(r))) {
        await app.auth.recordDenied(member, request.url, requestContext(request));
        throw new AppError('FORBIDDEN', 'Your role does not allow this action');
      }
      request.member = member;
    },
    handler: async (request, reply) => {
      const input = {
        query: request.query,
        body: request.body,
        member: request.member ?? undefined,
        request,
        reply,
      } as EndpointInput<E>;
      const key = request.headers['idempotency-key'];
      if (!options.idempotent || typeof key !== 'string' || !request.member) return handler(input);
      if (!IDEMPOTENCY_KEY.test(key)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The Idempotency-Key header must be 8 to 200 letters, digits or - _ . :',
        );
      }
      const call = { memberId: request.member.id, key, route: endpoint.path, body: request.body };
      return app.idempotency.run(call, () => handler(input));
    },
  });
}

/**
 * Registers a contract endpoint that answers with a file (CSV or XLSX) instead of JSON: the same
 * session and role rules, the query validated by the contract, the body streamed by the handler.
 */
export function registerExportEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointOptions,
  handler: (input: EndpointInput<NoInfer<E>>) => Promise<FastifyReply> | FastifyReply,
): void {
  const { response: _json, ...fileEndpoint } = endpoint;
  registerEndpoint(
    app,
    { ...fileEndpoint, response: z.unknown() } as unknown as E,
    options,
    handler as never,
  );
}
