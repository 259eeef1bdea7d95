import {
  DOCUMENT_FILE_TYPES,
  type EndpointDef,
  ERROR_CATALOGUE,
  endpointErrors,
  FILE_TYPES,
  inboxApi,
  REPORT_GROUPINGS,
  reportsApi,
} from '@backdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints } from './contract-endpoints.ts';
import { useTestApp } from './harness.ts';

/**
 * The OpenAPI document at /api/openapi.json is what other clients are generated from: every
 * operation declares each status it can answer, with its content types, and each refusal's `code`
 * among the ones of its status. (check-answers.ts holds the server to it on every answer the tests
 * see; this file checks the document itself, operation by operation.)
 */
interface Media {
  schema: {
    type?: string;
    format?: string;
    properties?: Record<string, { enum?: unknown[] }>;
  };
}
interface Response {
  description: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema: { enum?: string[]; format?: string; example?: unknown; type?: string };
}
interface Operation {
  responses: Record<string, Response>;
  parameters?: Parameter[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const t = useTestApp();
const manager = t.session('manager');
let document: Document;
beforeAll(async () => {
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});

const XLSX = FILE_TYPES.xlsx;
const endpoints: EndpointDef[] = [...contractEndpoints(), inboxApi.eventsStream];
const route = (e: EndpointDef) => `${e.method} ${e.path}`;
const operationOf = (e: EndpointDef) => document.paths[e.path]?.[e.method.toLowerCase()];
const statuses = (e: EndpointDef) => Object.keys(operationOf(e)!.responses);
const codesOf = (response: Response | undefined) =>
  response?.content?.['application/json']?.schema.properties?.code?.enum;

describe('the OpenAPI document', () => {
  it('has an operation for every endpoint of the contract, and no other', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(endpoints.map(route).sort());
    expect(endpoints.length).toBeGreaterThan(170);
  });

  it.each(endpoints.map((e) => [route(e), e] as const))(
    '%s declares each status it can answer, with the codes of each',
    (_, e) => {
      const errors = endpointErrors(e);
      const expected = [
        e.redirect ? '302' : '200',
        ...(e.file?.background ? ['202'] : []),
        ...errors.map((s) => String(s.status)),
      ];
      expect(statuses(e).sort()).toEqual(expected.sort());
      const responses = operationOf(e)!.responses;
      for (const { status, codes } of errors) {
        const schema = responses[status]!.content!['application/json']!.schema;
        expect(schema.properties?.code?.enum, `${status}`).toEqual(codes);
        expect(schema.properties?.statusCode?.enum).toEqual([status]);
        for (const code of codes) expect(ERROR_CATALOGUE[code].status).toBe(status);
        expect(responses[status]!.description).toContain(codes[0]);
      }
    },
  );

  it('declares the refusals every operation of a kind can get', () => {
    const missing: string[] = [];
    for (const e of endpoints) {
      const has = (status: number, code: string) =>
        codesOf(operationOf(e)!.responses[status])?.includes(code);
      const want: [number, string][] = [
        [400, 'INVALID_TEXT'],
        [500, 'INTERNAL'],
      ];
      if (e.query || e.body) want.push([400, 'VALIDATION_FAILED']);
      if (e.method !== 'GET')
        want.push(
          [400, 'MALFORMED_BODY'],
          [403, 'FOREIGN_ORIGIN'],
          [413, 'REQUEST_TOO_LARGE'],
          [415, 'UNSUPPORTED_MEDIA_TYPE'],
        );
      if (e.access !== 'public') want.push([401, 'AUTHENTICATION_REQUIRED'], [401, 'INVALID_TOKEN']);
      if (e.idempotent) want.push([400, 'IDEMPOTENCY_KEY_INVALID'], [409, 'IDEMPOTENCY_KEY_REUSED']);
      for (const [status, code] of want)
        if (!has(status, code)) missing.push(`${route(e)} ${status} ${code}`);
    }
    expect(missing).toEqual([]);
    const count = (status: string) => endpoints.filter((e) => statuses(e).includes(status)).length;
    // As many as the contract's descriptors give; a generic status dropping out is a regression.
    expect(count('400')).toBe(endpoints.length);
    expect(count('401')).toBeGreaterThan(160);
    expect(count('404')).toBeGreaterThan(50);
    expect(count('409')).toBeGreaterThan(50);
    expect(count('429')).toBeGreaterThan(30);
  });

  it('declares a stale edit where a version is checked, and a missing record where one is looked up', () => {
    const op = document.paths['/api/customers/update']!.post!;
    expect(codesOf(op.responses[409])).toContain('STALE_EDIT');
    expect(codesOf(op.responses[404])).toEqual(['CUSTOMER_NOT_FOUND']);
    expect(codesOf(document.paths['/api/auth/login']!.post!.responses[401])).toEqual(['LOGIN_FAILED']);
    expect(document.paths['/api/auth/login']!.post!.responses[429]!.headers).toHaveProperty('Retry-After');
  });
});

describe('files', () => {
  const mediaTypes = (e: EndpointDef, status = '200') =>
    Object.keys(operationOf(e)!.responses[status]?.content ?? {});

  it('exports answer CSV or XLSX, or 202 with the background export', () => {
    const exports = endpoints.filter((e) => e.file?.background);
    expect(exports.map((e) => e.path)).toContain('/api/customers/export');
    expect(exports.length).toBeGreaterThanOrEqual(8);
    for (const e of exports) {
      expect(mediaTypes(e), route(e)).toEqual([FILE_TYPES.csv, XLSX]);
      const binary = operationOf(e)!.responses[200]!.content![FILE_TYPES.csv]!.schema;
      expect(binary).toEqual({ type: 'string', format: 'binary' });
      expect(mediaTypes(e, '202')).toEqual(['application/json']);
      const started = operationOf(e)!.responses[202]!.content!['application/json']!.schema;
      expect(Object.keys(started.properties!)).toEqual(['background', 'export']);
    }
  });

  it('document files answer their images and PDF, case reports PDF, the event stream its stream', () => {
    for (const path of ['/api/compliance/kyc/documents/content', '/api/compliance/kyc/documents/download'])
      expect(Object.keys(document.paths[path]!.get!.responses[200]!.content!)).toEqual([
        ...DOCUMENT_FILE_TYPES,
      ]);
    const report = document.paths['/api/compliance/fraud/cases/report/download']!.get!;
    expect(Object.keys(report.responses[200]!.content!)).toEqual([FILE_TYPES.pdf]);
    expect(Object.keys(document.paths['/api/exports/download']!.get!.responses[200]!.content!)).toEqual([
      FILE_TYPES.csv,
      XLSX,
    ]);
    expect(Object.keys(document.paths['/api/events/stream']!.get!.responses[200]!.content!)).toEqual([
      FILE_TYPES.eventStream,
    ]);
  });

  it('no file answer is declared as JSON', () => {
    for (const e of endpoints.filter((x) => x.file)) expect(mediaTypes(e)).not.toContain('application/json');
  });
});

describe('parameters', () => {
  const reports = endpoints.filter((e) => e.query === reportsApi.ReportQuerySchema);
  const parameter = (e: EndpointDef, name: string) =>
    operationOf(e)!.parameters!.find((p) => p.in === 'query' && p.name === name)!;

  it("a report's groupBy is an enum of its groupings, and tz an IANA time-zone name with an example", () => {
    expect(reports.length).toBe(8);
    for (const e of reports) {
      expect(parameter(e, 'groupBy').schema.enum).toEqual([...REPORT_GROUPINGS]);
      const tz = parameter(e, 'tz');
      expect(tz.schema).toMatchObject({
        type: 'string',
        format: 'iana-time-zone',
        example: 'Europe/Istanbul',
      });
      expect(tz.description).toMatch(/IANA time zone/);
      expect(parameter(e, 'channel').schema.enum).toEqual(['bank_transfer', 'instant_payment', 'on_chain']);
    }
  });

  it('still takes what it took: an unknown grouping or zone is refused with its own code', async () => {
    const grouping = await t.app.inject({
      url: '/api/panel/report-financial?from=2024-01-01&to=2024-01-31&tz=Europe/Istanbul&groupBy=year',
      headers: manager,
    });
    expect([grouping.statusCode, grouping.json().code]).toEqual([400, 'REPORT_UNKNOWN_GROUPING']);
    const zone = await t.app.inject({
      url: '/api/panel/report-financial?from=2024-01-01&to=2024-01-31&tz=Mars/Olympus&groupBy=day',
      headers: manager,
    });
    expect([zone.statusCode, zone.json().code]).toEqual([400, 'REPORT_UNKNOWN_TIME_ZONE']);
  });
});
