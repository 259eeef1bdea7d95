import type { AnyRouter } from '@tanstack/react-router';

const CHECK_INTERVAL_MS = 5 * 60_000;

/** True when the server announces a different build than the one this tab runs. */
export function isOtherBuild(currentId: string, latest: unknown): boolean {
  const id = (latest as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id !== currentId;
}

/**
 * docs/product-rules.md R26: look for a newer deployment now (main.tsx calls this about a second after load), then
 * periodically and when the tab comes back; once one exists, the next navigation is a full page load so the user gets
 * the new code instead of chunks that may no longer exist.
 */
export function watchBuildFreshness(router: AnyRouter, currentId = __BUILD_ID__): void {
  if (currentId === 'dev') return;
  let stale = false;

  const check = async () => {
    if (stale) return;
    try {
      const response = await fetch(`/_build/latest.json?t=${Date.now()}`, { cache: 'no-store' });
      if (response.ok && isOtherBuild(currentId, await response.json())) stale = true;
    } catch (error) {
      console.warn('Build check failed', error); // docs/product-rules.md R26: only logged
    }
  };

  void check();
  setInterval(check, CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  router.subscribe('onBeforeNavigate', (event) => {
    if (stale && event.hrefChanged) window.location.assign(event.toLocation.href);
  });
}
