import type { ErrorCode } from '@backdesk/contract/errors';
import type { FormatTexts } from '../../../lib/errors.ts';

/** How the customer forms word a pattern the generic text cannot explain. */
export const CUSTOMER_FORMATS: FormatTexts = { alias_mobile: 'phone', user_name: 'user_name' };

/** Refusals that belong under one field of the customer forms. */
export const CUSTOMER_CODE_FIELDS = {
  DUPLICATE_EMAIL: 'alias_email',
  DUPLICATE_USER_NAME: 'user_name',
  UNKNOWN_CUSTOMER_TYPE: 'customer_type',
  CUSTOMER_TYPE_NOT_FOUND: 'customer_type',
} as const satisfies Partial<Record<ErrorCode, string>>;
