import { randomUUID } from 'node:crypto';
import type { AnySchema } from '@backdesk/contract';
import { safeParseWith } from '@backdesk/contract';
import type { z } from 'zod';
import { BackdeskError, errorFromAnswer } from './errors.ts';

export interface RetryOptions {
  /** Attempts after the first; 0 turns retrying off. */
  retries: number;
  /** The first wait; each next one doubles, with full jitter, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 4, baseDelayMs: 250, maxDelayMs: 10_000 };

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  /** Per attempt. */
  timeoutMs: number;
  retry: RetryOptions;
  fetch: typeof fetch;
}

export interface Call<S extends AnySchema> {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: { text: string; contentType: string } | { form: FormData };
  response: S;
  /**
   * Why it is safe to send again: `safe`, it changes nothing twice by itself (a GET, a check, which
   * Backdesk records once per withdrawal); `idempotent`, it carries an Idempotency-Key (generated
   * when the caller gave none, the same on every attempt, so the server applies it once).
   */
  retry: 'safe' | 'idempotent';
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * What may be sent again: no answer at all (the connection failed or timed out), 429 (the key's rate
 * limit, or the node's ingestion queue), 5xx, and 409 REQUEST_IN_PROGRESS (the same idempotent
 * request is still running). Anything else is an answer to the request itself and is final.
 */
const retryable = (error: BackdeskError) =>
  error.status === null
    ? error.code === 'TIMEOUT' || error.code === 'NETWORK_ERROR'
    : error.status === 429 || error.status >= 500 || error.code === 'REQUEST_IN_PROGRESS';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
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

/** The wait before attempt `attempt` (1 for the first retry): Retry-After when the server gave one. */
export function backoffMs(retry: RetryOptions, attempt: number, error: BackdeskError): number {
  if (error.retryAfterSeconds !== null) return Math.min(error.retryAfterSeconds * 1000, retry.maxDelayMs);
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

export function createTransport(options: TransportOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function attempt<S extends AnySchema>(call: Call<S>, idempotencyKey: string | undefined) {
    const url = new URL(base + call.path);
    for (const [name, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.apiKey}`,
      accept: 'application/json',
    };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let body: string | FormData | undefined;
    if (call.body && 'text' in call.body) {
      headers['content-type'] = call.body.contentType;
      body = call.body.text;
    } else if (call.body) body = call.body.form;
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    let text: string;
    let res: Response;
    try {
      res = await options.fetch(url, { method: call.method, headers, body, signal, redirect: 'error' });
      text = await res.text();
    } catch (cause) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (timeout.aborted)
        throw new BackdeskError('TIMEOUT', `No answer from Backdesk within ${timeoutMs} ms`, { cause });
      throw new BackdeskError('NETWORK_ERROR', `Could not reach Backdesk: ${String(cause)}`, { cause });
    }
    if (!res.ok) throw errorFromAnswer(res.status, text, res.headers.get('retry-after'));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new BackdeskError('UNEXPECTED_ANSWER', `HTTP ${res.status} answered with no JSON`, {
        status: res.status,
        cause,
      });
    }
    const parsed = safeParseWith(call.response, json);
    if (!parsed.success)
      throw new BackdeskError('UNEXPECTED_ANSWER', `The answer is not what the contract describes`, {
        status: res.status,
        cause: parsed.error,
      });
    return parsed.data as z.output<S>;
  }

  /** One call, retried with backoff when that is safe (see `retryable` and `Call.retry`). */
  async function request<S extends AnySchema>(call: Call<S>): Promise<z.output<S>> {
    const idempotencyKey =
      call.retry === 'idempotent' ? (call.idempotencyKey ?? `bdc-${randomUUID()}`) : undefined;
    const retries = options.retry.retries;
    for (let n = 0; ; n++) {
      try {
        return await attempt(call, idempotencyKey);
      } catch (error) {
        if (!(error instanceof BackdeskError) || n >= retries || !retryable(error)) throw error;
        await sleep(backoffMs(options.retry, n + 1, error), call.signal);
      }
    }
  }

  return { request };
}
export type Transport = ReturnType<typeof createTransport>;
