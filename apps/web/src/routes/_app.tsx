import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import i18next from 'i18next';
import { type ReactNode, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { AppLayout } from '../app/shell/app-layout.tsx';
import { useStartupData } from '../app/shell/startup-data.ts';
import { useFirstContentShown } from '../components/content-ready.ts';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { signInGateDetour } from '../features/auth/sign-in-gate.ts';
import { UserMenu } from '../features/auth/user-menu.tsx';
import { MemberPreferencesSync } from '../features/settings/shared/member-preferences-sync.tsx';
import { useAuth } from '../lib/auth-store.ts';
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
      void import('../app/shell/startup-data.ts').then(({ prefetchStartupData }) => prefetchStartupData());
    return i18next.loadNamespaces(['errors', 'inbox']);
  },
  component: AuthenticatedLayout,
});

/** The start-up data (R17) once the first page has drawn its content: it draws none of it itself. */
function StartupData() {
  return useFirstContentShown() ? <StartupQueries /> : null;
}

function StartupQueries() {
  useStartupData();
  return null;
}

function AuthenticatedLayout() {
  // A member held by the sign-in gate may call nothing but its allowlist.
  const confined = Boolean(useAuth().user?.required_action);
  // The frame (header, navigation) and then the page each render in a deferred pass, which React
  // splits into short tasks; rendered at once, each held the main thread whole. The loader stays up
  // until the frame commits.
  const frameShown = useDeferredValue(true, false);
  if (!frameShown) return <FullScreenLoader />;
  return (
    <QueryClientProvider client={queryClient}>
      {!confined && <StartupData />}
      <MemberPreferencesSync />
      <AppLayout userMenu={<UserMenu />} navigation={!confined}>
        <AfterFrame>
          <Outlet />
        </AfterFrame>
      </AppLayout>
    </QueryClientProvider>
  );
}

/** Renders its children in a transition of their own once the frame around them has committed. */
function AfterFrame({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
