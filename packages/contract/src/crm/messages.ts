// Kept free of zod, like ../messages.ts, so pages can show the texts before the schemas load.
/**
 * The customer list's upstream texts, to the letter, and the success texts of CRM writes. Error
 * texts are not here: every error is a code of the catalogue (../error-catalogue.ts).
 */
export const CRM_MESSAGES = {
  fetchFailed: 'Failed to fetch customers',
  invalidResponse: 'Invalid response format from server',
  unexpected: 'An unexpected error occurred',
  updated: 'Customer updated successfully',
  updateFailed: 'Failed to update customer',
  updateError: 'An error occurred while updating the customer',
  customersFetched: 'Customers fetched successfully',
  customerCreated: 'Customer created successfully',
} as const;
