import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';

/** Plain layout, no shell. A signed-in member is sent to the dashboard (docs/product-rules.md R5). */
export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    if (context.auth.getState().isAuthenticated) throw redirect({ to: '/', replace: true });
  },
  component: LoginPage,
  // Not split off: the sign-in page is what a signed-out visit needs first, and one chunk
  // compresses better than the dozen small ones splitting made (150 KB budget, decision 0022).
  codeSplitGroupings: [],
});
