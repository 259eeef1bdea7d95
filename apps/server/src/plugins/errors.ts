import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@backdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const CLIENT_ERROR_CODES = {
  401: 'AUTHENTICATION_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
} as const;

/** Fastify's refusals of a body before any schema sees it, each with a code the web app words. */
const BODY_ERROR_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'REQUEST_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
};

/** Maps anything thrown to the one ApiError shape. 5xx details go to the log, never to the client. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: (v.instancePath || '/').replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
      code: v.keyword,
      ...issueParams(v.params),
    }));
    return new AppError('VALIDATION_FAILED', {}, { issues });
  }
  const bodyCode = BODY_ERROR_CODES[(error as FastifyError).code];
  if (bodyCode) return new AppError(bodyCode, {}, { detail: error.message });
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CLIENT_ERROR_CODES[status as keyof typeof CLIENT_ERROR_CODES] ?? 'VALIDATION_FAILED';
    // Fastify's own 4xx texts (bad JSON, wrong content type, body too large) are safe to show.
    return new AppError(code, {}, { detail: error.message });
  }
  return new AppError('INTERNAL');
}

/**
 * The bounds a zod issue names (minimum, maximum, what they bound, whether they are allowed), and a
 * contract rule's name and bound (a custom issue's own `params`: rule, decimals), so the web app can
 * word it in the member's language.
 */
function issueParams(params: unknown): { params?: Record<string, number | string> } {
  if (!params || typeof params !== 'object') return {};
  const { params: rule, ...bounds } = params as Record<string, unknown>;
  const fields = { ...bounds, ...(rule && typeof rule === 'object' ? rule : {}) } as Record<string, unknown>;
  const out: Record<string, number | string> = {};
  for (const key of ['minimum', 'maximum', 'format', 'origin', 'rule', 'decimals'] as const) {
    const value = fields[key];
    if (typeof value === 'number' || typeof value === 'string') out[key] = value;
    if (typeof value === 'bigint') out[key] = Number(value);
  }
  // Whether the bound itself is allowed: `.positive()` refuses 0 ("more than 0", not "0 or more").
  if (typeof fields.inclusive === 'boolean') out.inclusive = fields.inclusive ? 1 : 0;
  return Object.keys(out).length ? { params: out } : {};
}

/** A request a node's shutdown caught: asked again in a second (the load balancer has another node). */
export const shuttingDown = () => new AppError('SHUTTING_DOWN', {}, { retryAfterSeconds: 1 });

export function registerErrorHandling(app: FastifyInstance): void {
  // From close on, the node's pools, threads and runner are being let go under the requests still
  // running: what fails then failed for that (their transactions roll back), not for a fault.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // A request that reaches a closing node on a kept-alive connection: refused in the API's shape
  // before any other hook runs (Fastify's own answer, off by return503OnClosing, has no code).
  app.addHook('onRequest', (_request, _reply, done) => done(closing ? shuttingDown() : undefined));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError = toAppError(error);
    if (closing && appError.code === 'INTERNAL') appError = shuttingDown();
    // A 503 is the server saying "not now" (a shed check, a scanner or provider out of reach): a
    // warning by its code. Each with its stack at error would add work just when the node is short.
    if (appError.statusCode === 503) request.log.warn({ code: appError.code }, 'request refused for now');
    else if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (appError.extra.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(appError.extra.retryAfterSeconds));
    }
    return reply.code(appError.statusCode).send(appError.toBody());
  });
}

/** Node's HTTP parser's refusals with a code of their own; any other is a request it cannot read. */
const PARSER_ERROR_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * Requests Node's HTTP parser refuses before Fastify routes them (an address or headers over the
 * limit, a request that never finished arriving, broken HTTP), answered in the one ApiError shape
 * so the web app can word them, where Fastify's own answer has no code.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = new AppError(PARSER_ERROR_CODES[error.code ?? ''] ?? 'MALFORMED_REQUEST');
  const body = JSON.stringify(refusal.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export const apiNotFound = (method: string, url: string) =>
  new AppError('NOT_FOUND', {}, { detail: `No API endpoint ${method} ${url.split('?')[0]}` });
