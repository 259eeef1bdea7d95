import type {
  ApiError,
  EndpointBody,
  EndpointDef,
  EndpointQuery,
  EndpointResponse,
} from '@backdesk/contract';
import * as authRoutes from '@backdesk/contract/routes/auth';
import { authEndpointRef, type EndpointRef, loadAuthContract } from './contract.ts';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';
import { isAccessTokenExpiry, isSessionExpiryResponse } from './session-rules.ts';

/** A failed API call: the HTTP status plus whatever the server said in the one error shape. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly body: Partial<ApiError> | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

export interface CallOptions<E extends EndpointDef> {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
  /**
   * Apply the session-expiry rules (docs/product-rules.md R4) to this call. Off only for the first credential
   * probe, where "no session" is the ordinary answer for a visitor rather than an expiry.
   */
  intercept?: boolean;
  /**
   * Sent as Idempotency-Key on a creating request: generate one per user action (crypto.randomUUID())
   * and reuse it on a retry, so the server creates the thing once.
   */
  idempotencyKey?: string;
  /**
   * Load the answer's schema once the call has succeeded, not beside the request: for the visitor's
   * credential probe, whose ordinary answer is a 401, so that /login fetches no zod (decision 0028).
   */
  schemaOnSuccess?: boolean;
}

type SessionExpiredListener = () => void;
let onSessionExpired: SessionExpiredListener = () => {};

/** The auth feature registers its expiry flow here; the client itself knows nothing of toasts or routes. */
export function setSessionExpiredListener(listener: SessionExpiredListener): void {
  onSessionExpired = listener;
}

/** The server's sign-in gate refused a call: the member has a new password or two-factor to set up. */
const GATE_CODES = new Set(['PASSWORD_CHANGE_REQUIRED', 'TWO_FACTOR_ENROLMENT_REQUIRED']);
let onGateRefusal: () => void = () => {};

/** The auth feature sends the member to the screen that lifts the gate (features/auth/sign-in-gate.ts). */
export function setGateRefusalListener(listener: () => void): void {
  onGateRefusal = listener;
}

export async function callEndpoint<E extends EndpointDef>(
  endpoint: EndpointRef<E>,
  options: CallOptions<E> = {},
): Promise<EndpointResponse<E>> {
  // Fetch the endpoint's schema module in parallel with the request; it is needed only to read a success.
  if (!endpoint.check && !options.schemaOnSuccess) endpoint.load().catch(() => {});
  const url = buildUrl(endpoint.path, options.query as Record<string, unknown> | undefined);
  const intercept = options.intercept ?? true;
  const init: RequestInit = {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  };

  let response = await fetch(url, init);
  let retried = false;
  let refreshed = false;
  for (;;) {
    if (shouldRetry(endpoint.method, response.status, retried ? 1 : 0)) {
      retried = true;
      await sleep(retryDelayMs(response.headers.get('Retry-After')), options.signal);
      response = await fetch(url, init);
      continue;
    }
    if (response.ok) break;

    const bodyText = await response.text();
    const body = readErrorBody(bodyText);
    if (!refreshed && isAccessTokenExpiry(response.status, body)) {
      refreshed = true;
      const outcome = await refreshAccessToken();
      if (outcome === 'refreshed') {
        response = await fetch(url, init);
        continue;
      }
      // Only a refused refresh ends the sign-in; an outage (5xx, network) leaves it for the next try.
      if (outcome === 'refused' && intercept) onSessionExpired();
    } else if (
      intercept &&
      isSessionExpiryResponse({
        status: response.status,
        bodyText,
        requestUrl: url,
        pagePath: location.pathname,
      })
    ) {
      onSessionExpired();
    }
    if (response.status === 403 && body?.code && GATE_CODES.has(body.code)) onGateRefusal();
    throw new ApiRequestError(response.status, body, parseRetryAfter(response.headers.get('Retry-After')));
  }

  if (endpoint.check) return endpoint.check(await response.json());
  if (options.schemaOnSuccess) endpoint.load().catch(() => {});
  const json: unknown = await response.json();
  const [descriptor, { parseWith }] = await Promise.all([endpoint.load(), loadAuthContract()]);
  return parseWith(descriptor.response, json) as EndpointResponse<E>;
}

/**
 * A call whose body or answer is not JSON (a document's bytes, a multipart upload), with the same
 * access-token refresh as callEndpoint; a failure is thrown as the one ApiRequestError.
 */
export async function fetchWithSession(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () => fetch(url, { credentials: 'same-origin', ...init });
  let response = await send();
  if (response.status === 401) {
    const body = readErrorBody(await response.clone().text());
    if (isAccessTokenExpiry(401, body) && (await refreshAccessToken()) === 'refreshed')
      response = await send();
  }
  if (response.ok) return response;
  throw new ApiRequestError(
    response.status,
    readErrorBody(await response.text()),
    parseRetryAfter(response.headers.get('Retry-After')),
  );
}

/** Path plus query string, as the client sends it; export links use it too. */
export function buildUrl(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Reads the error shape leniently and without zod (errors must be readable before the contract has
 * loaded): a proxy's HTML page or a code this build does not know must still yield an error.
 */
function readErrorBody(text: string): Partial<ApiError> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object') {
      const { code, message, params, issues } = json as Record<string, unknown>;
      return {
        ...(typeof code === 'string' ? { code: code as ApiError['code'] } : {}),
        ...(typeof message === 'string' ? { message } : {}),
        ...(params && typeof params === 'object' ? { params: params as ApiError['params'] } : {}),
        ...(Array.isArray(issues) ? { issues: issues as ApiError['issues'] } : {}),
      };
    }
  } catch {
    // Not JSON: the status alone describes the failure.
  }
  return undefined;
}

function parseRetryAfter(header: string | null): number | undefined {
  const seconds = Number(header);
  return header !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable';
let refreshInFlight: Promise<RefreshOutcome> | undefined;
const refreshEndpoint = authEndpointRef(authRoutes.refresh);

/**
 * One refresh at a time in this tab (single flight) and across tabs (Web Locks): the refresh token
 * rotates on each use, and two tabs presenting the same one would look like token theft.
 */
function refreshAccessToken(): Promise<RefreshOutcome> {
  refreshInFlight ??= withCrossTabLock(async () => {
    try {
      // Raw fetch: going through callEndpoint would re-enter the refresh and expiry rules.
      const response = await fetch(refreshEndpoint.path, {
        method: refreshEndpoint.method,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (response.status === 401) return 'refused';
      if (!response.ok) return 'unavailable';
      const json: unknown = await response.json();
      const ok =
        (await loadAuthContract()).safeParseWith((await refreshEndpoint.load()).response, json).data
          ?.status === 'success';
      return ok ? 'refreshed' : 'unavailable';
    } catch {
      return 'unavailable';
    }
  }).finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  return 'locks' in navigator ? navigator.locks.request('backdesk-auth-refresh', task) : task();
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
