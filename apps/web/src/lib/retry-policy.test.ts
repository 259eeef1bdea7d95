import { describe, expect, it } from 'vitest';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';

describe('shouldRetry', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries an idempotent request once on %i', (status) => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'] as const) {
      expect(shouldRetry(method, status, 0)).toBe(true);
      expect(shouldRetry(method, status, 1)).toBe(false);
    }
  });

  it('never retries POST or PATCH', () => {
    expect(shouldRetry('POST', 503, 0)).toBe(false);
    expect(shouldRetry('PATCH', 503, 0)).toBe(false);
  });

  it('does not retry other statuses', () => {
    for (const status of [200, 400, 401, 403, 404, 422, 501])
      expect(shouldRetry('GET', status, 0)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('follows a short Retry-After and caps a long one', () => {
    expect(retryDelayMs('1')).toBe(1000);
    expect(retryDelayMs('60')).toBe(3000);
    expect(retryDelayMs(null)).toBe(300);
    expect(retryDelayMs('soon')).toBe(300);
  });
});
