import type { HttpMethod } from '@backdesk/contract';

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRYABLE_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * A deliberate deviation (docs/product-rules.md R19): only idempotent requests are retried, once, on the original
 * statuses. A POST is never retried because repeating it could create something twice.
 */
export function shouldRetry(
  method: HttpMethod | 'HEAD' | 'OPTIONS',
  status: number,
  attempt: number,
): boolean {
  return attempt === 0 && IDEMPOTENT_METHODS.has(method) && RETRYABLE_STATUSES.has(status);
}

/** Wait before the retry: the server's Retry-After when short, otherwise a brief pause. */
export function retryDelayMs(retryAfterHeader: string | null): number {
  const seconds = Number(retryAfterHeader);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, 3000) : 300;
}
