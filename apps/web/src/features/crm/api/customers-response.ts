import { CRM_MESSAGES, type Customer } from '@backdesk/contract';
import { ApiRequestError } from '../../../lib/api.ts';

/** Spec §8 customer-fetch error: a status (default 500) and one of the spec's messages. */
export class CustomerFetchError extends Error {
  override readonly name = 'CustomerFetchError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CustomerListPage {
  users: Customer[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** Spec §5: a bare array, or a success flag with a users array; anything else is invalid. */
export function readCustomersResponse(data: unknown): CustomerListPage {
  if (Array.isArray(data)) return { users: data as Customer[], nextCursor: null, prevCursor: null };
  const body = (data ?? {}) as Record<string, unknown>;
  if (body.success === false) {
    throw new CustomerFetchError(
      typeof body.statusCode === 'number' ? body.statusCode : 500,
      typeof body.message === 'string' ? body.message : CRM_MESSAGES.fetchFailed,
    );
  }
  if (body.success !== true || !Array.isArray(body.users)) {
    throw new CustomerFetchError(500, CRM_MESSAGES.invalidResponse);
  }
  return {
    users: body.users as Customer[],
    nextCursor: (body.nextCursor as string | null) ?? null,
    prevCursor: (body.prevCursor as string | null) ?? null,
  };
}

/** Any failure of the call, as the spec's error: HTTP errors keep their status, the rest are 500. */
export function toCustomerFetchError(error: unknown): CustomerFetchError {
  if (error instanceof CustomerFetchError) return error;
  if (error instanceof ApiRequestError) {
    return new CustomerFetchError(error.status || 500, error.body?.message ?? CRM_MESSAGES.fetchFailed);
  }
  // The contract's parser refusing the body means the shape was wrong.
  if (error instanceof Error && error.name === 'ZodError') {
    return new CustomerFetchError(500, CRM_MESSAGES.invalidResponse);
  }
  return new CustomerFetchError(500, CRM_MESSAGES.unexpected);
}

export const LAST_API_ERROR_KEY = 'last_api_error';

/** Spec §8: an authentication failure is also kept in localStorage under last_api_error. */
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
