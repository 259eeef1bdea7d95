import { CRM_MESSAGES } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api.ts';
import {
  CustomerFetchError,
  readCustomersResponse,
  rememberAuthError,
  toCustomerFetchError,
} from './customers-response.ts';

describe('customer list response (spec §5, §8)', () => {
  it('accepts a bare array or a success flag with users', () => {
    expect(readCustomersResponse([]).users).toEqual([]);
    expect(readCustomersResponse({ success: true, users: [], nextCursor: 'n' }).nextCursor).toBe('n');
  });

  it('turns success false into its message or "Failed to fetch customers", status default 500', () => {
    const e = (() => {
      try {
        readCustomersResponse({ success: false });
      } catch (error) {
        return error as CustomerFetchError;
      }
    })();
    expect(e).toMatchObject({ statusCode: 500, message: 'Failed to fetch customers' });
  });

  it('names an invalid shape and an exception with the spec texts', () => {
    expect(() => readCustomersResponse({ users: 'x' })).toThrow('Invalid response format from server');
    expect(toCustomerFetchError(new TypeError('boom'))).toMatchObject({
      statusCode: 500,
      message: 'An unexpected error occurred',
    });
    expect(toCustomerFetchError(new ApiRequestError(503, undefined, undefined))).toMatchObject({
      statusCode: 503,
      message: CRM_MESSAGES.fetchFailed,
    });
  });

  it('stores last_api_error on 401 or an authentication message only', () => {
    const stored: Record<string, string> = {};
    const storage = {
      setItem: (k: string, v: string) => {
        stored[k] = v;
      },
    };
    rememberAuthError(new CustomerFetchError(500, 'boom'), storage);
    expect(stored).toEqual({});
    rememberAuthError(new CustomerFetchError(403, 'Unauthorized access'), storage);
    expect(JSON.parse(stored.last_api_error!)).toMatchObject({
      statusCode: 403,
      message: 'Unauthorized access',
    });
    rememberAuthError(new CustomerFetchError(401, 'Authentication required'), storage);
    expect(JSON.parse(stored.last_api_error!).statusCode).toBe(401);
  });
});
