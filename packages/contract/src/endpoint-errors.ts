import { CAPABILITIES } from './access.ts';
import type { AnySchema, EndpointDef } from './endpoint.ts';
import { ERROR_CATALOGUE, type ErrorCode } from './error-catalogue.ts';
import { PANEL_ROLES } from './roles.ts';
import { ALLOWED_WHILE, SIGN_IN_GATE_REFUSAL } from './sign-in-gate.ts';

/**
 * Every refusal an endpoint can answer: the ones each endpoint of its kind gets from the server's
 * common machinery, derived here from its descriptor, and its own (`errors`). The OpenAPI document
 * declares them per status, and the API tests fail on an answer it does not declare.
 */

/**
 * Any request: text no column can hold in its query or body (checked in every query, even unschemed),
 * a fault, or the node shutting down under it.
 */
const EVERY_REQUEST: readonly ErrorCode[] = ['INVALID_TEXT', 'INTERNAL', 'SHUTTING_DOWN'];
/** A query or body the schema refuses. */
const SCHEMA_INPUT: readonly ErrorCode[] = ['VALIDATION_FAILED'];
/**
 * Every method but GET: Fastify reads a body (whether or not the endpoint takes one) before any
 * schema, and a change coming from a foreign page is refused (plugins/security.ts).
 */
const CHANGE: readonly ErrorCode[] = [
  'MALFORMED_BODY',
  'MALFORMED_REQUEST',
  'REQUEST_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'FOREIGN_ORIGIN',
];
/** The session behind a signed-in endpoint: missing, expired, revoked, or its member gone. */
const SIGNED_IN: readonly ErrorCode[] = [
  'AUTHENTICATION_REQUIRED',
  'ACCESS_TOKEN_EXPIRED',
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
];
const IDEMPOTENT: readonly ErrorCode[] = [
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'REQUEST_IN_PROGRESS',
];

/** The field names of an object schema, classic zod or zod/mini alike (none for another kind). */
function schemaKeys(schema: AnySchema | undefined): string[] {
  const shape = (schema?._zod.def as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * A list is a GET that sorts: the paged lists and their exports, counted per member and minute
 * (plugins/rate-limit.ts, docs/decisions/0007-request-limits.md).
 */
export const isListEndpoint = (endpoint: EndpointDef): boolean =>
  endpoint.method === 'GET' && schemaKeys(endpoint.query).includes('sort');

const sameRoute = (a: EndpointDef) => (b: EndpointDef) => a.method === b.method && a.path === b.path;

/** Every code the endpoint can answer with, in the catalogue's order. */
export function endpointErrorCodes(endpoint: EndpointDef): ErrorCode[] {
  const codes = new Set<ErrorCode>(EVERY_REQUEST);
  const add = (list: readonly ErrorCode[]) => {
    for (const code of list) codes.add(code);
  };
  if (schemaKeys(endpoint.query).length || endpoint.body || endpoint.multipart) add(SCHEMA_INPUT);
  if (endpoint.method !== 'GET') add(CHANGE);
  if (endpoint.access !== 'public') {
    add(SIGNED_IN);
    const roles: readonly string[] = CAPABILITIES[endpoint.access];
    if (!PANEL_ROLES.every((role) => roles.includes(role))) codes.add('FORBIDDEN');
    for (const [action, allowed] of Object.entries(ALLOWED_WHILE)) {
      if (!allowed.some(sameRoute(endpoint)))
        codes.add(SIGN_IN_GATE_REFUSAL[action as keyof typeof SIGN_IN_GATE_REFUSAL]);
    }
    // A key is honoured for a signed-in member only (lib/endpoint-route.ts).
    if (endpoint.idempotent) add(IDEMPOTENT);
  }
  if (isListEndpoint(endpoint)) codes.add('TOO_MANY_REQUESTS');
  if (schemaKeys(endpoint.query).includes('cursor')) codes.add('INVALID_CURSOR');
  add(endpoint.errors ?? []);
  return (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => codes.has(code));
}

/** The endpoint's refusals grouped by HTTP status (the catalogue's), lowest status first. */
export function endpointErrors(endpoint: EndpointDef): { status: number; codes: ErrorCode[] }[] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of endpointErrorCodes(endpoint)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => ({ status, codes }));
}
