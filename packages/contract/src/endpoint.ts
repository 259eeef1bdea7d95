import type { z } from 'zod';

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
  /** false for the few endpoints reachable without a session (captcha, login, refresh). */
  auth?: boolean;
}

export const defineEndpoint = <const E extends EndpointDef>(endpoint: E): E => endpoint;

export type EndpointBody<E extends EndpointDef> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
export type EndpointResponse<E extends EndpointDef> = z.output<E['response']>;
