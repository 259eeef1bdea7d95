import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

/**
 * What the request log may hold: no personal data and no secrets. A query string carries search text,
 * emails, phones and ids as typed, so only its parameter names are kept; headers (tokens, cookies,
 * Idempotency-Key) and bodies (passwords) are never logged; a failed query's parameters are cut from
 * the errors logged with a 500.
 */

const REDACTED = '~';

/** The path as asked, and the query's names with every value replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

/**
 * Drizzle puts a failed query's values after "params:" in its message; PostgreSQL quotes the value it
 * refused ('invalid input syntax for type uuid: "…"', 'value "…" is out of range').
 */
const withoutParams = (text: string) =>
  text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`)
    .replace(/(: |value )"[^"\n]*"/g, `$1"${REDACTED}"`);

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Name, message, code and stack, depth-limited through `cause`; never a driver's detail or values. */
function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor.name,
    message: withoutParams(error.message),
    ...(typeof code === 'string' ? { code } : {}),
    stack: withoutParams(error.stack ?? ''),
    ...(error.cause && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

interface RequestLike {
  method: string;
  url: string;
}

/**
 * The log's options: to `stream` when given (tests), else to standard output without waiting for
 * each write. A line per request written synchronously cost a system call each under load; written
 * as they come, lines that arrive while a write is under way go out together in the next one, and at
 * exit what is pending is flushed (pino's destination; docs/decisions/0029-request-cost.md). `req`
 * always goes through its serializer, which keeps the method and the redacted URL alone: no header
 * can reach the log under it, so no redaction paths are walked on every line.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
    serializers: {
      req: (request: RequestLike) => ({ method: request.method, url: redactUrl(request.url) }),
      err: (error: Error) => serializeError(error),
    },
  };
}

/**
 * One line per request, when it is answered: method, redacted URL, status and time. Fastify's own
 * request logging writes two (incoming, completed), each a write to the log; under load that was a
 * system call per request for a line that says nothing the second does not. Fastify's other log
 * lines (errors, a route not found) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
