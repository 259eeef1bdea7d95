import { STATUS_CODES } from 'node:http';
import {
  ApiErrorSchema,
  type EndpointDef,
  ERROR_CATALOGUE,
  type ErrorCode,
  endpointErrors,
  exportsApi,
  FILE_TYPES,
} from '@backdesk/contract';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpointOfRoute, routeSchema } from '../lib/endpoint-route.ts';

type Transform = typeof jsonSchemaTransform;
type JsonObject = Record<string, unknown>;

/** The one error shape, narrowed to the status and the codes one operation answers with it. */
export function errorSchema(status: number, codes: readonly ErrorCode[]) {
  const list = codes.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].message}`).join('\n');
  return ApiErrorSchema.extend({
    statusCode: z.literal(status),
    code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
  }).describe(`${STATUS_CODES[status] ?? 'Error'}. \`code\` is one of:\n${list}`);
}

/** Every answer of an endpoint as Fastify's `response` schemas (zod, converted with the rest). */
function responses(endpoint: EndpointDef): Record<string, z.core.$ZodType> {
  const out: Record<string, z.core.$ZodType> = {};
  if (!endpoint.file && !endpoint.redirect) out[200] = endpoint.response;
  if (endpoint.file?.background)
    out[202] = exportsApi.BackgroundExportStartedSchema.describe(
      'Too many rows to stream: the export runs in the background and its file arrives in the inbox',
    );
  for (const { status, codes } of endpointErrors(endpoint)) out[status] = errorSchema(status, codes);
  return out;
}

const header = (type: string, description: string) => ({ type, description });

/**
 * What the zod schemas cannot say: a file answer's media types (its bytes as a binary string) and
 * the headers that carry part of an answer.
 */
function addFileAndHeaders(endpoint: EndpointDef, response: Record<string, JsonObject>): void {
  if (endpoint.file) {
    const isStream = endpoint.file.types.every((type) => type === FILE_TYPES.eventStream);
    response[200] = {
      description: isStream
        ? 'The stream of events, until the session ends or the client goes'
        : `The file (${endpoint.file.types.join(', ')})`,
      content: Object.fromEntries(
        endpoint.file.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
      ...(isStream
        ? {}
        : {
            headers: { 'Content-Disposition': header('string', 'An attachment, with the file name') },
          }),
    };
  }
  if (endpoint.redirect) {
    delete response[200];
    // No body: the browser follows the Location.
    response[302] = {
      description: endpoint.redirect,
      headers: { Location: header('string', 'Where the browser goes next') },
      type: 'null',
    };
  }
  // Refusals that say when to come back (plugins/errors.ts sends their retryAfterSeconds).
  for (const status of ['429', '503'])
    if (response[status])
      response[status].headers = { 'Retry-After': header('integer', 'Seconds to wait before asking again') };
}

/**
 * A contract endpoint's operation, built from its descriptor alone: its inputs, its 200 (JSON or a
 * file), 202 for a background export, and every refusal by status with the ApiError shape whose
 * `code` lists that status's codes. Other routes are documented as Fastify has them.
 */
export const contractTransform: Transform = (document) => {
  const endpoint = endpointOfRoute(document.route);
  if (!endpoint) return jsonSchemaTransform(document);
  // A multipart endpoint's parts are read by its handler, so only the document names the file part.
  const upload = endpoint.multipart && {
    body: z.object({ [endpoint.multipart.file]: z.string().meta({ format: 'binary' }) }),
  };
  const transformed = jsonSchemaTransform({
    ...document,
    schema: { ...routeSchema(endpoint), ...upload, response: responses(endpoint) } as never,
  });
  addFileAndHeaders(endpoint, (transformed.schema as { response: Record<string, JsonObject> }).response);
  return transformed;
};

/** OpenAPI document generated from the contract's descriptors, served at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Backdesk API',
        version: '1.0.0',
        description:
          'Staff back office of a crypto exchange. Every refusal has the one ApiError shape; its `code` ' +
          '(listed per operation and status) is what a client should act on.',
      },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'auth.token' },
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: contractTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
