import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';

/** Plain layout, no shell. A signed-in member is sent to the dashboard (spec §2). */
export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    if (context.auth.getState().isAuthenticated) throw redirect({ to: '/', replace: true });
  },
  component: LoginPage,
});
