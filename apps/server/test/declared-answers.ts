import { subscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Every answer an app gives is checked against its own OpenAPI document: the status must be declared
 * for the route's operation, with the answer's media type, and an error's `code` must be one the
 * document lists for that status. The API tests fail on one that is not (check-answers.ts), so the
 * document says what the server really answers.
 */

export interface Answer {
  method: string;
  /** The route as registered (`/api/customers/detail`), not the URL asked. */
  route: string;
  status: number;
  contentType: string | undefined;
  /** An error's `code`, when the body is the ApiError shape. */
  code: string | undefined;
}

interface MediaObject {
  schema?: { properties?: { code?: { enum?: string[] } } };
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaObject> }>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

/** Why the answer is not what the document declares for its operation; undefined when it is. */
export function undeclaredAnswer(document: OpenApiDocument, answer: Answer): string | undefined {
  // Fastify answers HEAD with the GET route, which the document lists alone.
  const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
  const path = answer.route.replace(/:(\w+)/g, '{$1}');
  const operation = document.paths?.[path]?.[method];
  // Routes the document does not list (hidden: itself, health, metrics, the web app's files) have
  // nothing to hold them to.
  if (!operation) return undefined;
  const label = `${answer.method} ${answer.route} → ${answer.status}`;
  const response = operation.responses?.[String(answer.status)];
  if (!response) return `${label}: status not declared`;
  const content = response.content ?? {};
  const type = mediaType(answer.contentType);
  if (type === undefined) {
    return Object.keys(content).length === 0 || answer.method === 'HEAD'
      ? undefined
      : `${label}: no Content-Type, where ${Object.keys(content).join(', ')} is declared`;
  }
  const media = content[type];
  if (!media) return `${label}: ${type} not declared (${Object.keys(content).join(', ') || 'no content'})`;
  const codes = media.schema?.properties?.code?.enum;
  if (answer.status >= 400 && codes && !codes.includes(answer.code ?? '')) {
    return `${label}: code ${answer.code} not declared`;
  }
  return undefined;
}

const ERROR_CODE = Symbol('error code of the answer');
type Tagged = { [ERROR_CODE]?: string };

/** A hijacked reply (the event stream) wrote its head itself: its type is in the raw head only. */
function contentTypeOf(reply: FastifyReply): string | undefined {
  const header = reply.getHeader('content-type') ?? reply.raw.getHeader('content-type');
  if (header !== undefined) return String(header);
  const head = (reply.raw as unknown as { _header?: string | null })._header ?? '';
  return /\r\ncontent-type: *([^\r\n]+)/i.exec(head)?.[1];
}

/**
 * Hooks an app so that every answer to a route of its OpenAPI document is checked; `report` hears
 * of each undeclared one. Requests no route matched (an unknown path's 404, a request refused
 * before routing) belong to no operation and are not checked.
 */
export function watchAnswers(app: FastifyInstance, report: (problem: string) => void): void {
  let document: OpenApiDocument | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      try {
        (request as Tagged)[ERROR_CODE] = (JSON.parse(payload) as { code?: string }).code;
      } catch {
        // Not JSON: the media type check names it.
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const swagger = (app as { swagger?: () => unknown }).swagger;
    if (route === undefined || !swagger) return;
    document ??= swagger.call(app) as OpenApiDocument;
    // The public API has a document of its own (/api/v1/openapi.json).
    const publicApi = (app as { publicApi?: { document(): unknown } }).publicApi;
    // So has SCIM (/scim/v2/openapi.json).
    const scimApi = (app as { scimApi?: { document(): unknown } }).scimApi;
    // And TRP (/trp/v1/openapi.json).
    const trpApi = (app as { trpApi?: { document(): unknown } }).trpApi;
    const own =
      route.startsWith('/api/v1/') && publicApi
        ? (publicApi.document() as OpenApiDocument)
        : route.startsWith('/scim/v2/') && scimApi
          ? (scimApi.document() as OpenApiDocument)
          : route.startsWith('/trp/v1/') && trpApi
            ? (trpApi.document() as OpenApiDocument)
            : document;
    const problem = undeclaredAnswer(own, {
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: contentTypeOf(reply),
      code: (request as Tagged)[ERROR_CODE],
    });
    if (problem) report(problem);
  });
}

const WATCHING = Symbol.for('backdesk.watching-answers');
const FOUND = Symbol.for('backdesk.undeclared-answers');
type Process = { [WATCHING]?: true; [FOUND]?: Map<string, Set<string>> };

/**
 * The undeclared answers seen in this process, each with where it was seen (a test's name), kept on
 * the global object: test files share a worker's modules and this one may be loaded more than once.
 */
export const undeclaredAnswers = {
  add(problem: string, where: string): void {
    const process_ = globalThis as Process;
    process_[FOUND] ??= new Map();
    const found = process_[FOUND];
    found.set(problem, (found.get(problem) ?? new Set()).add(where));
  },
  /** Everything seen since the last call, and forgets it. */
  take(): Map<string, Set<string>> {
    const found = (globalThis as Process)[FOUND] ?? new Map();
    (globalThis as Process)[FOUND] = new Map();
    return found;
  },
};

/** Whether this process checks the answers of its apps (check-answers.ts ran), and so of its servers. */
export const watchingAnswers = (): boolean => (globalThis as Process)[WATCHING] === true;

/** Watches every Fastify app created in this process from now on (Fastify announces each one). */
export function watchEveryApp(report: (problem: string) => void): void {
  const process_ = globalThis as Process;
  if (process_[WATCHING]) return;
  process_[WATCHING] = true;
  subscribe('fastify.initialization', (message) => {
    watchAnswers((message as { fastify: FastifyInstance }).fastify, report);
  });
}
