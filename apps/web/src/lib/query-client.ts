import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the signed-in screens. It lives with them (imported by the `_app` layout chunk),
 * not in the entry, so the sign-in page does not download TanStack Query.
 */
export const createQueryClient = () =>
  new QueryClient({
    // The API client already retries what may be retried (docs/product-rules.md R19); Query must not retry on top.
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });

export const queryClient = createQueryClient();
