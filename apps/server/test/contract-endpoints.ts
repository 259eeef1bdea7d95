import * as contract from '@backdesk/contract';
import { type EndpointDef, EVENTS_STREAM_PATH } from '@backdesk/contract';
import { z } from 'zod';

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function isEndpoint(value: unknown): value is EndpointDef {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<EndpointDef>;
  return (
    typeof v.method === 'string' &&
    HTTP_METHODS.has(v.method) &&
    typeof v.path === 'string' &&
    v.path.startsWith('/api/') &&
    typeof v.access === 'string' &&
    v.response instanceof z.core.$ZodType
  );
}

const isNamespace = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Module]';

/**
 * Every endpoint the contract exports, at its top level or in its namespaces (authApi, crmApi, …):
 * the tests that walk the contract cover a new endpoint without listing it. The live events stream
 * is left out: it never ends, and modules/platform/events registers and tests it (events.stream.test.ts).
 */
export function contractEndpoints(): EndpointDef[] {
  const byRoute = new Map<string, EndpointDef>();
  const visit = (value: unknown) => {
    if (isEndpoint(value) && value.path === EVENTS_STREAM_PATH) return;
    if (isEndpoint(value)) {
      const route = `${value.method} ${value.path}`;
      const seen = byRoute.get(route);
      if (seen && seen !== value) throw new Error(`Two contract endpoints for ${route}`);
      byRoute.set(route, value);
    } else if (isNamespace(value)) {
      for (const inner of Object.values(value)) visit(inner);
    }
  };
  visit(contract);
  return [...byRoute.values()];
}

/** Field names of a query or body schema, as its JSON schema lists them (none for a non-object). */
export function schemaKeys(schema: z.core.$ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}
