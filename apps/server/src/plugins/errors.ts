import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const CLIENT_ERROR_CODES = {
  401: 'AUTHENTICATION_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
} as const;

/** Maps anything thrown to the one ApiError shape. 5xx details go to the log, never to the client. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: (v.instancePath || '/').replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    return new AppError('VALIDATION_FAILED', 'The request is not valid', { issues });
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CLIENT_ERROR_CODES[status as keyof typeof CLIENT_ERROR_CODES] ?? 'VALIDATION_FAILED';
    // Fastify's own 4xx texts (bad JSON, wrong content type, body too large) are safe to show.
    return new AppError(code, error.message);
  }
  return new AppError('INTERNAL', 'Internal server error');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (appError.extra.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(appError.extra.retryAfterSeconds));
    }
    return reply.code(appError.statusCode).send(appError.toBody());
  });
}

export const apiNotFound = (method: string, url: string) =>
  new AppError('NOT_FOUND', `No API endpoint ${method} ${url.split('?')[0]}`);
