import type { z } from 'zod';
import { parse, safeParse } from 'zod/mini';

/** Any zod schema, classic or zod/mini (auth.ts uses the lighter one). */
export type AnySchema = z.core.$ZodType;

import type { Access } from './access.ts';
import type { ErrorCode } from './error-catalogue.ts';
import type { FileAnswer } from './file-types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint, described once: the server validates with it, the web client calls through it. */
export interface EndpointDef {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  tags: readonly string[];
  query?: AnySchema;
  body?: AnySchema;
  response: AnySchema;
  /**
   * Who may call it (access.ts): `public` for the few endpoints reachable without a session, else the
   * capability a signed-in member needs. The server enforces it; the web app hides what it refuses.
   */
  access: Access;
  /** A creating or state-changing call that honours `Idempotency-Key`: a retry gets the first answer. */
  idempotent?: true;
  /**
   * The body is `multipart/form-data` carrying one file part under this name, streamed by the handler
   * rather than parsed by a schema; the other inputs travel in `query`.
   */
  multipart?: { file: string };
  /**
   * The refusals that are its own (codes of ERROR_CATALOGUE, which gives each its status). Those every
   * endpoint of its kind can answer (validation, sign-in, roles, idempotency, rate limits) are derived
   * from the rest of the descriptor (endpoint-errors.ts), so neither is written twice.
   */
  errors?: readonly ErrorCode[];
  /**
   * It answers with a file, not JSON: the media types its 200 answer may have, and whether a large
   * one goes to the background (202 with BackgroundExportStarted). `response` is then unused.
   */
  file?: FileAnswer;
  /**
   * It answers a browser's navigation with 302 and a Location, not JSON (single sign-on's steps):
   * what the Location is. `response` is then unused.
   */
  redirect?: string;
}

export const defineEndpoint = <const E extends EndpointDef>(endpoint: E): E => endpoint;

export type EndpointBody<E extends EndpointDef> = E['body'] extends AnySchema
  ? z.input<E['body']>
  : undefined;
export type EndpointQuery<E extends EndpointDef> = E['query'] extends AnySchema
  ? z.input<E['query']>
  : undefined;
export type EndpointResponse<E extends EndpointDef> = z.output<E['response']>;

/**
 * Checks a value against a schema of either kind, as zod/mini's functions do, so a client that only
 * holds auth.ts's schemas does not load the classic API to read an answer.
 */
export const parseWith = parse;
export const safeParseWith = safeParse;
