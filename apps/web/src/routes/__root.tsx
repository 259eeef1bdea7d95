import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RouteError } from '../components/route-error.tsx';
import type { AuthStore } from '../lib/auth-store.ts';

export interface RouterContext {
  auth: AuthStore;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
