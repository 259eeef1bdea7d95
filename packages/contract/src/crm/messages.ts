// Kept free of zod, like ../messages.ts, so pages can show the texts before the schemas load.
/** Spec §8 customer texts, to the letter, plus Backdesk's own CRM texts. */
export const CRM_MESSAGES = {
  fetchFailed: 'Failed to fetch customers',
  invalidResponse: 'Invalid response format from server',
  unexpected: 'An unexpected error occurred',
  updated: 'Customer updated successfully',
  updateFailed: 'Failed to update customer',
  updateError: 'An error occurred while updating the customer',
  customersFetched: 'Customers fetched successfully',
  customerCreated: 'Customer created successfully',
  customerNotFound: 'Customer not found',
  staleEdit:
    'This record was changed by someone else after you opened it. Reload it and apply your change again.',
  duplicateUserName: 'A customer with this user name already exists',
  duplicateEmail: 'A customer with this email already exists',
  tierNotFound: 'Customer type not found',
  restrictionNotFound: 'Restriction not found',
  restrictionAlreadyLifted: 'This restriction has already been lifted',
} as const;
