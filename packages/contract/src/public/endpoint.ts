import type { AnySchema, HttpMethod } from '../endpoint.ts';
import { ERROR_CATALOGUE, type ErrorCode } from '../error-catalogue.ts';
import type { IntegrationScope } from '../integrations/scopes.ts';

/**
 * One endpoint of the public API (`/api/v1/...`), called by the exchange's services with an API key
 * (`Authorization: Bearer bdk_…`), never with a session. Described once, like a staff endpoint: the
 * server registers it from this (modules/platform/integrations/public-endpoint.ts) and the public
 * OpenAPI document (`GET /api/v1/openapi.json`) is built from it.
 */
export interface PublicEndpointDef {
  method: HttpMethod;
  path: `/api/v1/${string}`;
  summary: string;
  /** More than the summary says, for the exchange's engineers (the OpenAPI operation's description). */
  description?: string;
  tags: readonly string[];
  query?: AnySchema;
  body?: AnySchema;
  response: AnySchema;
  /** The scope a key's integration needs; null: any valid key. */
  scope: IntegrationScope | null;
  /** Honours `Idempotency-Key`, per integration: a retry gets the first answer. */
  idempotent?: true;
  /** Its own refusals (codes of ERROR_CATALOGUE); the kit's are derived (publicEndpointErrorCodes). */
  errors?: readonly ErrorCode[];
  /**
   * The body is one object or a batch of them: a JSON array, or NDJSON (`application/x-ndjson`,
   * one object a line), of at most `maxItems`; more is refused with 413.
   */
  batch?: { maxItems: number };
  /** The body is `multipart/form-data` with one file part under this name; other inputs in `query`. */
  multipart?: { file: string };
  /** Headers of its 200 answer, by name: what each says (the OpenAPI response's `headers`). */
  headers?: Readonly<Record<string, { description: string; required?: boolean }>>;
}

export const definePublicEndpoint = <const E extends PublicEndpointDef>(endpoint: E): E => endpoint;

/** The media type of an NDJSON batch body. */
export const NDJSON = 'application/x-ndjson';

/** The field names of an object schema (none for another kind). */
function schemaKeys(schema: AnySchema | undefined): string[] {
  const shape = (schema?._zod.def as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** What every public request can be refused for: text, a fault, shutdown, the key, a cookie, the address, the limit. */
const EVERY_PUBLIC_REQUEST: readonly ErrorCode[] = [
  'INVALID_TEXT',
  'INTERNAL',
  'SHUTTING_DOWN',
  'API_KEY_INVALID',
  'PUBLIC_API_COOKIE_REFUSED',
  'API_ADDRESS_REFUSED',
  'TOO_MANY_REQUESTS',
];
/** A body is read before any schema; no Origin check here (keys, not cookies, authenticate). */
const PUBLIC_CHANGE: readonly ErrorCode[] = [
  'MALFORMED_BODY',
  'MALFORMED_REQUEST',
  'REQUEST_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];
const IDEMPOTENT: readonly ErrorCode[] = [
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'REQUEST_IN_PROGRESS',
];

/** Every code a public endpoint can answer with, in the catalogue's order. */
export function publicEndpointErrorCodes(endpoint: PublicEndpointDef): ErrorCode[] {
  const codes = new Set<ErrorCode>(EVERY_PUBLIC_REQUEST);
  const add = (list: readonly ErrorCode[]) => {
    for (const code of list) codes.add(code);
  };
  if (endpoint.scope) codes.add('API_SCOPE_MISSING');
  if (schemaKeys(endpoint.query).length || endpoint.body || endpoint.multipart)
    codes.add('VALIDATION_FAILED');
  if (endpoint.method !== 'GET') add(PUBLIC_CHANGE);
  if (endpoint.idempotent) add(IDEMPOTENT);
  if (schemaKeys(endpoint.query).includes('cursor')) codes.add('INVALID_CURSOR');
  add(endpoint.errors ?? []);
  return (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => codes.has(code));
}

/** The public endpoint's refusals grouped by HTTP status, lowest first. */
export function publicEndpointErrors(endpoint: PublicEndpointDef): { status: number; codes: ErrorCode[] }[] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of publicEndpointErrorCodes(endpoint)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => ({ status, codes }));
}
