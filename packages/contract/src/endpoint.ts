import type { z } from 'zod';
import type { Access } from './access.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint, described once: the server validates with it, the web client calls through it. */
export interface EndpointDef {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  tags: readonly string[];
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * Who may call it (access.ts): `public` for the few endpoints reachable without a session, else the
   * capability a signed-in member needs. The server enforces it; the web app hides what it refuses.
   */
  access: Access;
  /** A creating or state-changing call that honours `Idempotency-Key`: a retry gets the first answer. */
  idempotent?: true;
}

export const defineEndpoint = <const E extends EndpointDef>(endpoint: E): E => endpoint;

export type EndpointBody<E extends EndpointDef> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
export type EndpointResponse<E extends EndpointDef> = z.output<E['response']>;
