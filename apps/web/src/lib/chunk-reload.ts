/** docs/product-rules.md R26: after a chunk-load failure, reload at most once per path within this window. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const STORAGE_KEY = 'backdesk:chunk-reloads';

type ReloadLog = Record<string, number>;

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && CHUNK_ERROR_PATTERN.test(error.message);

/**
 * Records a reload for `path` and says whether it may happen: false when this path already
 * reloaded less than 10 s ago, which means the fresh page failed too and reloading would loop.
 */
export function claimChunkReload(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  path: string,
  now: number,
): boolean {
  let log: ReloadLog = {};
  try {
    log = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as ReloadLog;
  } catch {
    // A damaged entry counts as no history.
  }
  const last = log[path];
  if (last !== undefined && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  const recent = Object.fromEntries(
    Object.entries(log).filter(([, at]) => now - at < CHUNK_RELOAD_WINDOW_MS),
  );
  storage.setItem(STORAGE_KEY, JSON.stringify({ ...recent, [path]: now }));
  return true;
}

/** Reloads the page for a chunk error when the guard allows; returns whether it did. */
export function reloadAfterChunkError(): boolean {
  if (!claimChunkReload(sessionStorage, location.pathname, Date.now())) return false;
  location.reload();
  return true;
}

/** Vite fires this when a lazy chunk's dependencies fail to load (usually: a new build replaced them). */
export function watchChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
