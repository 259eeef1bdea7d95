import { STATUS_CODES } from 'node:http';
import { NDJSON, type PublicEndpointDef, publicApi, publicEndpointErrors } from '@backdesk/contract';
import { z } from 'zod';
import { errorSchema } from '../../../plugins/openapi.ts';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses), as the client sends or reads it. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

const json = (schema: Json) => ({ 'application/json': { schema } });

/** The query's fields as OpenAPI parameters, required where the schema has no default. */
function parameters(endpoint: PublicEndpointDef): Json[] {
  const out: Json[] = [];
  if (endpoint.query) {
    const query = jsonSchema(endpoint.query, 'input') as {
      properties?: Record<string, Json>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      out.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
  if (endpoint.idempotent)
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A retry with the same key (per integration, kept 24 hours) gets the first answer and changes nothing',
      schema: { type: 'string', pattern: '^[\\w.:-]{8,200}$' },
    });
  return out;
}

function requestBody(endpoint: PublicEndpointDef): Json | undefined {
  if (endpoint.multipart)
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [endpoint.multipart.file],
            properties: { [endpoint.multipart.file]: { type: 'string', format: 'binary' } },
          },
        },
      },
    };
  if (!endpoint.body) return undefined;
  const body = jsonSchema(endpoint.body, 'input');
  if (!endpoint.batch) return { required: true, content: json(body) };
  return {
    required: true,
    description: `One object, or a batch of at most ${endpoint.batch.maxItems.toLocaleString('en-US')}: a JSON array, or NDJSON (one object a line)`,
    content: {
      ...json(body),
      [NDJSON]: { schema: { type: 'string', description: 'One JSON object per line' } },
    },
  };
}

function responses(endpoint: PublicEndpointDef): Json {
  const out: Json = {
    200: {
      description: 'OK',
      content: json(jsonSchema(endpoint.response, 'output')),
      ...(endpoint.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(endpoint.headers).map(([name, h]) => [
                name,
                { description: h.description, required: h.required ?? false, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
    },
  };
  for (const { status, codes } of publicEndpointErrors(endpoint)) {
    const schema = errorSchema(status, codes);
    out[status] = {
      description: schema.description ?? STATUS_CODES[status] ?? 'Error',
      content: json(jsonSchema(schema, 'output')),
      ...(status === 429 || status === 503
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before asking again',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
    };
  }
  return out;
}

function operation(endpoint: PublicEndpointDef): Json {
  const body = requestBody(endpoint);
  const params = parameters(endpoint);
  return {
    summary: endpoint.summary,
    tags: [...endpoint.tags],
    description: [
      endpoint.scope ? `Needs the scope \`${endpoint.scope}\`.` : 'Any valid API key.',
      endpoint.description,
    ]
      .filter(Boolean)
      .join(' '),
    security: [{ apiKey: endpoint.scope ? [endpoint.scope] : [] }],
    'x-scopes': endpoint.scope ? [endpoint.scope] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(endpoint),
  };
}

/** Standard Webhooks' headers, on every delivery of an event (decision 0025, "Decisions out"). */
const WEBHOOK_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "The event's id, the same on every attempt of it: deduplicate by it",
    schema: { type: 'string', pattern: publicApi.EVENT_ID_PATTERN.source },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in Unix seconds: refuse one more than five minutes from your clock',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the base64-decoded part of the endpoint secret after `whsec_`; during a rotation one per secret, space-separated (accept if any matches)',
    schema: { type: 'string' },
  },
];

/**
 * Each event type as a webhook delivers it (OpenAPI 3.1 `webhooks`): a POST of the event, signed per
 * Standard Webhooks, and what Backdesk makes of the answer.
 */
function webhooks(): Json {
  return Object.fromEntries(
    publicApi.EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: type,
          description: publicApi.EVENT_DESCRIPTIONS[type],
          tags: ['events'],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: json(jsonSchema(publicApi.EVENT_PAYLOAD_SCHEMAS[type], 'output')),
          },
          responses: {
            '2XX': { description: 'Stored: the event is delivered' },
            '410': { description: 'Gone: the endpoint is disabled' },
            default: {
              description:
                'Anything else, or no answer within the timeout: retried with exponential backoff over about three days (`Retry-After` honoured)',
            },
          },
        },
      },
    ]),
  );
}

/**
 * The public API's OpenAPI document (`GET /api/v1/openapi.json`), built from the descriptors the
 * server registered: every status an operation answers with the codes of each, its content types,
 * the API key as a bearer scheme, and the scope each operation needs; and every event as the
 * webhook that delivers it.
 */
export function publicOpenApiDocument(endpoints: readonly PublicEndpointDef[]): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of [...endpoints].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Backdesk public API',
      version: '1',
      description:
        'What the exchange’s services call: ingestion, real-time checks and the events feed. ' +
        'Authenticate with an API key from Settings → Integrations (`Authorization: Bearer bdk_…`); ' +
        'session cookies are refused. Every refusal has the one ApiError shape; act on its `code`.',
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'bdk_<8 hex>_<43 base64url>',
          description: 'An API key of an integration; each operation names the scope it needs',
        },
      },
    },
    security: [{ apiKey: [] }],
    paths,
    webhooks: webhooks(),
  };
}
