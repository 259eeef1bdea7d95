import { type ErrorCode, type ErrorIssue, isErrorCode } from '@backdesk/contract';

/**
 * What the client itself can fail with before or without an answer from Backdesk: the request took
 * longer than its timeout, the connection failed, the answer was not what the contract describes,
 * or a batch was larger than the API takes (refused here, before it is sent).
 */
export const CLIENT_ERROR_CODES = [
  'TIMEOUT',
  'NETWORK_ERROR',
  'UNEXPECTED_ANSWER',
  'BATCH_TOO_LARGE',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/**
 * Every failed call: `code` is the error catalogue's (`API_SCOPE_MISSING`, `TOO_MANY_REQUESTS`, …) or
 * one of the client's own; `status` is the HTTP status, null when no answer came.
 */
export class BackdeskError extends Error {
  override readonly name = 'BackdeskError';
  readonly code: ErrorCode | ClientErrorCode;
  readonly status: number | null;
  readonly params: Readonly<Record<string, string | number>>;
  readonly issues: readonly ErrorIssue[];
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(
    code: ErrorCode | ClientErrorCode,
    message: string,
    details: {
      status?: number | null;
      params?: Record<string, string | number>;
      issues?: ErrorIssue[];
      retryAfterSeconds?: number | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status ?? null;
    this.params = details.params ?? {};
    this.issues = details.issues ?? [];
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date; null if neither. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d{1,9}$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error an answer that is not a 2xx stands for: the catalogue's body when it has one. */
export function errorFromAnswer(status: number, text: string, retryAfter: string | null): BackdeskError {
  type Body = { code?: unknown; message?: unknown; params?: unknown; issues?: unknown } | null;
  let body: Body = null;
  try {
    body = JSON.parse(text) as Body;
  } catch {}
  const wait = retryAfterSeconds(retryAfter);
  if (body && isErrorCode(body.code))
    return new BackdeskError(body.code, typeof body.message === 'string' ? body.message : body.code, {
      status,
      params: (body.params as Record<string, string | number> | undefined) ?? {},
      issues: Array.isArray(body.issues) ? (body.issues as ErrorIssue[]) : [],
      retryAfterSeconds: wait,
    });
  // A proxy's page or an unknown code: keep the status, say what came.
  return new BackdeskError(
    status === 429 ? 'TOO_MANY_REQUESTS' : status >= 500 ? 'INTERNAL' : 'UNEXPECTED_ANSWER',
    `HTTP ${status}: ${text.slice(0, 200)}`,
    { status, retryAfterSeconds: wait },
  );
}
