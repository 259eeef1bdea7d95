import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import i18next from 'i18next';
import { useEffect } from 'react';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { customersSource } from '../features/crm/api/get-customers.ts';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { limitsSource } from '../features/transactions/api/limits.ts';
import { offersSource, tradesSource } from '../features/transactions/api/p2p.ts';
import { queryClient } from '../lib/query-client.ts';

/** Every page but /login lives here: the guard (docs/product-rules.md R5) and the default layout. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => {
    if (!context.auth.getState().isAuthenticated) throw redirect({ to: '/login', replace: true });
    await i18next.loadNamespaces('errors');
  },
  component: AuthenticatedLayout,
});

// The lists' default URL state (their routes' validateSearch of an empty URL), so the pages find these
// queries already in the cache.
const FIRST_PAGE = { sort: 'created_at', dir: 'desc' } as const;

/**
 * docs/product-rules.md R17: on mount the app initialises customers (only if not yet loaded), P2P data and limits,
 * and P2P data refreshes in the background every 60 seconds (paused from the P2P pages).
 */
function useStartupData() {
  const client = useQueryClient();
  const refresh = tradesSource.useRefresh();
  useEffect(() => {
    // ensureQueryData fetches only what the cache does not hold yet: "only if not yet loaded".
    void client.ensureQueryData(customersSource.pageOptions(FIRST_PAGE)).catch(() => {});
    void client.ensureQueryData(limitsSource.pageOptions({})).catch(() => {});
  }, [client]);
  useQuery(tradesSource.pageOptions(FIRST_PAGE, refresh));
  useQuery(offersSource.pageOptions(FIRST_PAGE, refresh));
}

function StartupData() {
  useStartupData();
  return null;
}

function AuthenticatedLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <StartupData />
      <AppLayout userMenu={<UserMenu />}>
        <Outlet />
      </AppLayout>
    </QueryClientProvider>
  );
}
