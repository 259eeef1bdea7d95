import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import i18next from 'i18next';
import { useDeferredValue } from 'react';
import { useAuth } from '../features/auth/auth-store.ts';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { signInGateDetour } from '../features/auth/sign-in-gate.ts';
import { MemberPreferencesSync } from '../features/settings/member-preferences-sync.tsx';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { useStartupData } from '../features/shell/startup-data.ts';
import { queryClient } from '../lib/query-client.ts';

/** Every page but /login lives here: the guard (docs/product-rules.md R5) and the default layout. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    const { isAuthenticated, user } = context.auth.getState();
    if (!isAuthenticated) throw redirect({ to: '/login', replace: true });
    // The sign-in gate: a new password or two-factor set-up first (features/auth/sign-in-gate.ts).
    const detour = signInGateDetour(user, location.pathname);
    if (detour) throw redirect({ href: detour, replace: true });
  },
  // In the loader, not beforeLoad: these load beside the page's code and data instead of before them.
  loader: ({ context }) => {
    if (!context.auth.getState().user?.required_action)
      void import('../features/shell/startup-data.ts').then(({ prefetchStartupData }) =>
        prefetchStartupData(),
      );
    return i18next.loadNamespaces(['errors', 'inbox']);
  },
  component: AuthenticatedLayout,
});

function StartupData() {
  useStartupData();
  return null;
}

function AuthenticatedLayout() {
  // A member held by the sign-in gate may call nothing but its allowlist.
  const confined = Boolean(useAuth().user?.required_action);
  // The first page renders in a second, deferred pass, which React splits into short tasks: the frame
  // (header, navigation) commits first, and the page's render no longer holds the main thread whole.
  const pageShown = useDeferredValue(true, false);
  return (
    <QueryClientProvider client={queryClient}>
      {!confined && <StartupData />}
      <MemberPreferencesSync />
      <AppLayout userMenu={<UserMenu />} navigation={!confined}>
        {pageShown && <Outlet />}
      </AppLayout>
    </QueryClientProvider>
  );
}
