import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { queryClient } from '../lib/query-client.ts';

/** Every page but /login lives here: the guard (spec §2) and the default layout. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => {
    if (!context.auth.getState().isAuthenticated) throw redirect({ to: '/login', replace: true });
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout userMenu={<UserMenu />}>
        <Outlet />
      </AppLayout>
    </QueryClientProvider>
  );
}
