import { ERROR_CATALOGUE, publicApi, publicEndpointErrors } from '@backdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { registerTestPublicEndpoints, testBatch, testNote } from './public-test-endpoints.ts';

interface Response {
  description: string;
  content?: Record<
    string,
    { schema: { properties?: Record<string, { enum?: unknown[]; const?: unknown }> } }
  >;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, Response>;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  'x-scopes': string[];
}
interface Document {
  openapi: string;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<
    string,
    {
      post: Omit<Operation, 'parameters' | 'requestBody'> & {
        parameters: { name: string; in: string; required: boolean }[];
        requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      };
    }
  >;
}

/**
 * The public API's own OpenAPI document (/api/v1/openapi.json), built from the public descriptors:
 * every status and code, the content types, the bearer key, the scope of each operation. The staff
 * document does not list the public API. (check-answers.ts holds every answer the tests see to it.)
 */
const t = useTestApp({}, { beforeReady: registerTestPublicEndpoints });
let document: Document;
beforeAll(async () => {
  const res = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});

const endpoints = [publicApi.whoami, testNote, testBatch];
const operationOf = (e: (typeof endpoints)[number]) => document.paths[e.path]![e.method.toLowerCase()]!;

describe('the public OpenAPI document', () => {
  it('lists every public endpoint the server registered, and nothing of the staff API', async () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(t.app.publicApi.endpoints.map((e) => `${e.method} ${e.path}`).sort());
    const staff = (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;
    expect(Object.keys(staff.paths).filter((path) => path.startsWith('/api/v1/'))).toEqual([]);
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s declares each status with its codes, the key and its scope',
    (_, e) => {
      const op = operationOf(e);
      const errors = publicEndpointErrors(e);
      expect(Object.keys(op.responses).sort()).toEqual(
        ['200', ...errors.map((s) => String(s.status))].sort(),
      );
      for (const { status, codes } of errors) {
        const schema = op.responses[status]!.content!['application/json']!.schema;
        expect(schema.properties?.code?.enum).toEqual(codes);
        expect(schema.properties?.statusCode).toMatchObject({ const: status });
        for (const code of codes) expect(ERROR_CATALOGUE[code].status).toBe(status);
        expect(op.responses[status]!.description).toContain(codes[0]);
      }
      expect(op.responses[429]!.headers).toHaveProperty('Retry-After');
      const codes = Object.values(op.responses).flatMap(
        (r) => (r.content?.['application/json']?.schema.properties?.code?.enum ?? []) as string[],
      );
      expect(codes).toEqual(
        expect.arrayContaining([
          'API_KEY_INVALID',
          'PUBLIC_API_COOKIE_REFUSED',
          'API_ADDRESS_REFUSED',
          'TOO_MANY_REQUESTS',
          'INVALID_TEXT',
          'INTERNAL',
        ]),
      );
      // No Origin check on the public API, and no session.
      expect(codes).not.toContain('FOREIGN_ORIGIN');
      expect(codes).not.toContain('AUTHENTICATION_REQUIRED');
      expect(op.security).toEqual([{ apiKey: e.scope ? [e.scope] : [] }]);
      expect(op['x-scopes']).toEqual(e.scope ? [e.scope] : []);
      if (e.scope) expect(codes).toContain('API_SCOPE_MISSING');
    },
  );

  it("declares the withdrawal check's Server-Timing on its 200: both metrics, in milliseconds, optional", () => {
    const ok = document.paths[publicApi.checkWithdrawal.path]!.post!.responses[200]!;
    const timing = ok.headers?.['Server-Timing'] as {
      description: string;
      required: boolean;
      schema: unknown;
    };
    expect(timing).toMatchObject({ required: false, schema: { type: 'string' } });
    for (const words of ['travel-rule;dur=', 'check;dur=', 'milliseconds', 'May be absent'])
      expect(timing.description).toContain(words);
    // Only a declared header is documented: the P2P check sends none.
    expect(document.paths[publicApi.checkP2p.path]!.post!.responses[200]!.headers).toBeUndefined();
  });

  it('declares the API key as a bearer scheme', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('declares bodies by content type, the batch as JSON or NDJSON, and the Idempotency-Key', () => {
    expect(Object.keys(operationOf(testNote).requestBody!.content)).toEqual(['application/json']);
    expect(Object.keys(operationOf(testBatch).requestBody!.content)).toEqual([
      'application/json',
      'application/x-ndjson',
    ]);
    expect(operationOf(testNote).parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
    const idempotent = operationOf(testNote).responses[409]!.content!['application/json']!.schema;
    expect(idempotent.properties?.code?.enum).toEqual(['IDEMPOTENCY_KEY_REUSED', 'REQUEST_IN_PROGRESS']);
    expect(operationOf(publicApi.whoami).requestBody).toBeUndefined();
    for (const status of ['413', '415']) expect(operationOf(testBatch).responses[status]).toBeDefined();
  });

  it('documents every event as the webhook that delivers it: the Standard Webhooks headers and its body', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...publicApi.EVENT_TYPES].sort());
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      expect(post.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      const body = post.requestBody.content['application/json']!.schema;
      expect(body.properties.type).toEqual({ type: 'string', const: type });
      expect(Object.keys(post.responses).sort()).toEqual(['2XX', '410', 'default']);
    }
    // A travel-rule event names each field its changes may hold, and nothing else.
    const changes = (
      document.webhooks['travel_rule.held']!.post.requestBody.content['application/json']!.schema.properties
        .data as { properties: { changes: { properties: object; additionalProperties: boolean } } }
    ).properties.changes;
    expect(Object.keys(changes.properties)).toEqual(
      Object.keys(publicApi.TravelRuleEventChangesSchema.shape),
    );
    expect(changes.additionalProperties).toBe(false);
  });
});
