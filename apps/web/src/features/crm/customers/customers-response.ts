import { CRM_MESSAGES, type Customer, type EndpointResponse } from '@backdesk/contract';
import type { ListPage } from '../../../components/list-page/list-source.ts';
import { ApiRequestError } from '../../../lib/api.ts';
import type { crmEndpoints } from '../shared/endpoints.ts';

/** Why the list failed: one of R25's three cases, or the server's refusal (worded by its code). */
export type CustomerFetchReason = 'fetchFailed' | 'invalidResponse' | 'unexpected' | 'refused';

/** docs/product-rules.md R25 customer-fetch error: a status (default 500) and one of its messages. */
export class CustomerFetchError extends Error {
  override readonly name = 'CustomerFetchError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly reason: CustomerFetchReason,
    /** The server's error, when it answered with one: the page words it by its code. */
    readonly apiError?: ApiRequestError,
  ) {
    super(message);
  }
}

type CustomersResponse = EndpointResponse<Awaited<ReturnType<typeof crmEndpoints.getUsers.load>>>;

/**
 * docs/product-rules.md R25: a bare array, or a success flag with a users array. The schema (endpoints.ts) already refused
 * any other shape (a ZodError, worded below as an invalid response); what is left is a body that
 * says it failed, whose message (or "Failed to fetch customers") becomes the error.
 */
export function readCustomersPage(data: CustomersResponse): ListPage<Customer> {
  if (Array.isArray(data)) return { rows: data, nextCursor: null, prevCursor: null };
  if (!data.success)
    throw new CustomerFetchError(
      data.statusCode || 500,
      data.message || CRM_MESSAGES.fetchFailed,
      'fetchFailed',
    );
  return { rows: data.users, nextCursor: data.nextCursor, prevCursor: data.prevCursor };
}

/** Any failure of the call, as R25's error: HTTP errors keep their status, the rest are 500. */
export function toCustomerFetchError(error: unknown): CustomerFetchError {
  if (error instanceof CustomerFetchError) return error;
  if (error instanceof ApiRequestError) {
    return new CustomerFetchError(
      error.status || 500,
      error.body?.message ?? CRM_MESSAGES.fetchFailed,
      error.code ? 'refused' : 'fetchFailed',
      error,
    );
  }
  // The contract's parser refusing the body means the shape was wrong.
  if (error instanceof Error && error.name === 'ZodError') {
    return new CustomerFetchError(500, CRM_MESSAGES.invalidResponse, 'invalidResponse');
  }
  return new CustomerFetchError(500, CRM_MESSAGES.unexpected, 'unexpected');
}

export const LAST_API_ERROR_KEY = 'last_api_error';

/** docs/product-rules.md R25: an authentication failure is also kept in localStorage under last_api_error. */
export function rememberAuthError(
  error: CustomerFetchError,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  if (error.statusCode === 401 || /Authentication required|Unauthorized/.test(error.message)) {
    storage.setItem(
      LAST_API_ERROR_KEY,
      JSON.stringify({ statusCode: error.statusCode, message: error.message, at: new Date().toISOString() }),
    );
  }
}
