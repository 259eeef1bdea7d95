import { type EndpointDef, hasCapability } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractEndpoints, schemaKeys } from './contract-endpoints.ts';
import { useTestApp } from './harness.ts';
import { type DemoMember, sessionHeaders } from './roles.ts';

/**
 * The role matrix (access.ts), derived from the contract: every endpoint it exports is called as
 * nobody and as each demo member. An endpoint added to the contract is covered without being listed.
 */

/**
 * Every endpoint of the contract but the events stream (below), counted: the walk must find exactly
 * these, so one that vanishes from the contract or from its exports fails here, and a new one is
 * counted (set this to the new number) rather than leaving the count behind.
 */
const CONTRACT_ENDPOINTS = 240;
/** The one /api route that is not a contract endpoint: the OpenAPI document generated from them. */
// The live events stream is Server-Sent Events, not JSON: its access is checked in modules/platform/events.
const NON_CONTRACT_ROUTES = ['GET /api/openapi.json', 'GET /api/events/stream'];

/** Method and path of every route Fastify registered, read from its route tree (a child line holds
 * the rest of its parent's path, which need not start at a slash). */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*)([^\s│├└─]\S*)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

interface Input {
  query?: Record<string, string>;
  body?: unknown;
  /** Whether the contract's schemas refuse this input, so a caller past the role check gets 400. */
  invalid: boolean;
}

const BODY_CANDIDATES: unknown[] = [{}, [], 0];
const VALUE_CANDIDATES = ['', '-1', 'not~valid', 'x'.repeat(600)];

/**
 * An input the endpoint's schemas refuse, when one exists: nothing needs to succeed, and a caller who
 * is refused with it (401/403 rather than 400) proves the role check runs before validation.
 */
function invalidInput(endpoint: EndpointDef): Input {
  if (endpoint.body) {
    const body = BODY_CANDIDATES.find((b) => !z.safeParse(endpoint.body!, b).success);
    if (body !== undefined) return { body, invalid: true };
  }
  if (endpoint.query) {
    const candidates: Record<string, string>[] = [{}];
    for (const key of schemaKeys(endpoint.query)) {
      for (const value of VALUE_CANDIDATES) candidates.push({ [key]: value });
    }
    const query = candidates.find((q) => !z.safeParse(endpoint.query!, q).success);
    if (query) return { query, invalid: true };
  }
  return { invalid: false };
}

type Caller = 'nobody' | DemoMember;
const CALLERS: Caller[] = ['nobody', 'support', 'manager', 'admin', 'super'];

/** What the matrix allows: `support` holds a session but no panel role, so its session is refused. */
function expectedFor(endpoint: EndpointDef, caller: Caller): 'allowed' | 401 | 403 {
  if (endpoint.access === 'public') return 'allowed';
  if (caller === 'nobody' || caller === 'support') return 401;
  return hasCapability([caller], endpoint.access) ? 'allowed' : 403;
}

const t = useTestApp();

const endpoints = contractEndpoints();

describe('the contract and the server agree', () => {
  it(`finds the ${CONTRACT_ENDPOINTS} endpoints of the contract`, () => {
    expect(endpoints.length, 'endpoints the walk found (CONTRACT_ENDPOINTS is the count)').toBe(
      CONTRACT_ENDPOINTS,
    );
  });

  it('registers every contract endpoint, and no /api route outside the contract', () => {
    const registered = registeredRoutes(t.app).filter(
      (r) => r.split(' ')[1]!.startsWith('/api/') && !r.split(' ')[1]!.startsWith('/api/v1/'),
    );
    const declared = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(registered.length).toBe(CONTRACT_ENDPOINTS + NON_CONTRACT_ROUTES.length);
    expect([...registered].sort()).toEqual([...declared, ...NON_CONTRACT_ROUTES].sort());
  });

  it('registers under /api/v1 only the public endpoints of the kit and their OpenAPI document', () => {
    const registered = registeredRoutes(t.app).filter((r) => r.split(' ')[1]!.startsWith('/api/v1/'));
    const declared = t.app.publicApi.endpoints.map((e) => `${e.method} ${e.path}`);
    expect(declared).toContain('GET /api/v1/whoami');
    expect([...registered].sort()).toEqual([...declared, 'GET /api/v1/openapi.json'].sort());
  });

  it('has an input the schemas refuse for every endpoint that takes a body', () => {
    const withoutOne = endpoints.filter((e) => e.body && !invalidInput(e).invalid).map((e) => e.path);
    expect(withoutOne).toEqual([]);
  });
});

describe('role matrix', () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.path} (${e.access})`, e] as const))(
    '%s',
    async (_, endpoint) => {
      const input = invalidInput(endpoint);
      const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
      const outcomes: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const caller of CALLERS) {
        // A session per call: signing out (a public endpoint) ends the one it is called with.
        const headers = caller === 'nobody' ? {} : await sessionHeaders(t, caller);
        const res = await t.app.inject({
          method: endpoint.method,
          url: endpoint.path + query,
          headers: input.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(input.body === undefined ? {} : { payload: JSON.stringify(input.body) }),
        });
        const want = expectedFor(endpoint, caller);
        const seen = `${res.statusCode} ${res.statusCode >= 400 ? res.json().code : ''}`.trim();
        // Refused callers are stopped by the access check whatever the input; allowed ones reach
        // validation (400 for an invalid input) or the handler, and never a server error.
        if (want !== 'allowed') {
          expected[caller] = String(want);
          outcomes[caller] = String(res.statusCode);
        } else if (input.invalid) {
          expected[caller] = '400 VALIDATION_FAILED';
          outcomes[caller] = seen;
        } else {
          const handled = res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403;
          expected[caller] = 'handled';
          outcomes[caller] = handled ? 'handled' : seen;
        }
      }
      expect(outcomes).toEqual(expected);
    },
  );
});
