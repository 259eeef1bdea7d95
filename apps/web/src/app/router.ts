import { createRouter } from '@tanstack/react-router';
import type { AuthStore } from '../lib/auth-store.ts';
import { createConcurrencyLimit } from '../lib/concurrency-limit.ts';
import { routeTree } from '../routeTree.gen.ts';
import { createNavigationProgress } from './navigation-progress.ts';
import { lazyProgressBar } from './progress-bar.ts';

/** docs/product-rules.md R26: never more than four route preloads at once. */
const MAX_PARALLEL_PRELOADS = 4;

export function createAppRouter(context: { auth: AuthStore }) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Unknown paths get the plain 404 page, not one inside the shell of a partially matched route.
    notFoundMode: 'root',
    scrollRestoration: true,
  });

  const limit = createConcurrencyLimit(MAX_PARALLEL_PRELOADS);
  const preload = router.preloadRoute;
  router.preloadRoute = ((options) => limit(() => preload(options))) as typeof preload;

  // docs/product-rules.md R26: the loading bar appears only for navigations slower than 200 ms, for at most 2000 ms.
  const progress = createNavigationProgress(lazyProgressBar, { throttleMs: 200, maxMs: 2000 });
  router.subscribe('onBeforeLoad', (event) => {
    if (event.pathChanged) progress.begin();
  });
  router.subscribe('onResolved', () => progress.end());

  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
