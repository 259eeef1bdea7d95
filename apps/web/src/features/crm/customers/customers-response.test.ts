import { CRM_MESSAGES } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api.ts';
import { crmEndpoints } from '../shared/endpoints.ts';
import {
  CustomerFetchError,
  readCustomersPage,
  rememberAuthError,
  toCustomerFetchError,
} from './customers-response.ts';

const customer = {
  id: 1,
  user_name: 'ada',
  alias_name: null,
  alias_surname: null,
  email: null,
  phone: '-',
  status: 'active',
  kyc_status: 'kyc',
  kyc_type_label: 'Individual',
  roles: [],
  customer_type: 'bronze',
  token_hash: null,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  active: true,
  version: 1,
} as const;

/** The answer's schema, as callEndpoint parses it. */
const schema = (await crmEndpoints.getUsers.load()).response;
const parsed = (body: unknown) => schema.parse(body);

describe('customer list response (docs/product-rules.md R25)', () => {
  it('accepts a bare array or a success flag with users', () => {
    expect(readCustomersPage(parsed([customer])).rows).toHaveLength(1);
    const page = {
      success: true,
      statusCode: 200,
      message: 'ok',
      users: [customer],
      nextCursor: 'n',
      prevCursor: null,
    };
    expect(readCustomersPage(parsed(page))).toMatchObject({ rows: [customer], nextCursor: 'n' });
  });

  it('turns success false into its message or "Failed to fetch customers", status default 500', () => {
    const failed = {
      success: false,
      statusCode: 0,
      message: '',
      users: [],
      nextCursor: null,
      prevCursor: null,
    };
    expect(() => readCustomersPage(parsed(failed))).toThrow(CRM_MESSAGES.fetchFailed);
    try {
      readCustomersPage(parsed({ ...failed, statusCode: 403, message: 'Unauthorized access' }));
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 403, message: 'Unauthorized access' });
    }
    expect.assertions(2);
  });

  it('names a shape the contract refuses, and an exception, with the R25 texts', () => {
    const refused = schema.safeParse({ users: 'x' }).error;
    expect(refused).toBeDefined();
    expect(toCustomerFetchError(refused)).toMatchObject({
      statusCode: 500,
      message: CRM_MESSAGES.invalidResponse,
    });
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
    rememberAuthError(new CustomerFetchError(500, 'boom', 'unexpected'), storage);
    expect(stored).toEqual({});
    rememberAuthError(new CustomerFetchError(403, 'Unauthorized access', 'refused'), storage);
    expect(JSON.parse(stored.last_api_error!)).toMatchObject({
      statusCode: 403,
      message: 'Unauthorized access',
    });
    rememberAuthError(new CustomerFetchError(401, 'Authentication required', 'refused'), storage);
    expect(JSON.parse(stored.last_api_error!).statusCode).toBe(401);
  });
});
