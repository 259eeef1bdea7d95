import { RouterProvider } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { useAuth } from '../lib/auth-store.ts';
import type { createAppRouter } from './router.ts';

/** docs/product-rules.md R26: a full-screen spinner until we know who is signed in (and the strings have arrived). */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const { isLoading } = useAuth();
  const { ready } = useTranslation();
  return isLoading || !ready ? <FullScreenLoader /> : <RouterProvider router={router} />;
}
