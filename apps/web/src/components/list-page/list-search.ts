// Route definitions, and so this module, are in the entry chunk: keep it free of components, of
// TanStack Query and of zod (zod alone would weigh ~23 KB on the sign-in page).

export type SortDir = 'asc' | 'desc';

/** Page sizes a member can pick; the contract's list query accepts 1 to 200, 50 when none is given. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** Search parameters every list keeps in the URL besides its filters. */
export const LIST_PARAMS = ['sort', 'dir', 'cursor', 'limit'] as const;

export type ListSearch<S extends string = string, F extends string = never> = {
  sort: S;
  dir: SortDir;
  cursor?: string;
  limit?: number;
} & Partial<Record<F, string>>;

/** A filter's allowed values (anything else is dropped), or `'text'` for free text. */
export type FilterRule = readonly string[] | 'text';

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.slice(0, max);
  return trimmed === '' ? undefined : trimmed;
};

/**
 * A list route's `validateSearch`: unknown sort keys and enum values fall back to the default (or
 * none), free-text filters are short strings (the server validates them again), `limit` is one of
 * PAGE_SIZES, anything else is dropped — so a stale link or saved filter can never break the page.
 */
export function listSearch<S extends string, F extends string = never>(options: {
  sortKeys: readonly S[];
  sort: S;
  dir: SortDir;
  filters?: Readonly<Record<F, FilterRule>>;
}) {
  return (raw: Record<string, unknown>): ListSearch<S, F> => {
    const sort = options.sortKeys.includes(raw.sort as S) ? (raw.sort as S) : options.sort;
    const dir: SortDir = raw.dir === 'asc' || raw.dir === 'desc' ? raw.dir : options.dir;
    // The router merges the raw URL search under this result: every key that does not pass is set
    // to undefined here, so a page never sees a raw value (`limit=5000`, an unknown parameter).
    const out: Record<string, string | number | undefined> = Object.fromEntries(
      Object.keys(raw).map((key) => [key, undefined]),
    );
    out.sort = sort;
    out.dir = dir;
    const cursor = text(raw.cursor, 1024);
    if (cursor) out.cursor = cursor;
    const limit = Number(raw.limit);
    if ((PAGE_SIZES as readonly number[]).includes(limit)) out.limit = limit;
    for (const [key, rule] of Object.entries(options.filters ?? {}) as [F, FilterRule][]) {
      const value = text(raw[key], 200);
      if (value !== undefined && (rule === 'text' || rule.includes(value))) out[key] = value;
    }
    return out as ListSearch<S, F>;
  };
}

type LoadCause = 'enter' | 'preload' | 'stay';
type Prefetch = (search: Record<string, unknown>, cause: LoadCause) => Promise<void>;

const prefetchers = new Map<string, Prefetch>();

/** Called by defineList when a page's code loads: how to prefetch the list of that key. */
export const registerList = (key: string, prefetch: Prefetch): void => {
  prefetchers.set(key, prefetch);
};

/**
 * A list route's options: `...listRoute(listSearch({ … }), 'area.list')`. The search is validated
 * in the entry (no zod there); the loader waits for the page's own chunk (which declares the list
 * and registers it), then fetches the rows the URL names before the page renders, so the request
 * never waits for a mount. The list and TanStack Query stay in the page's chunk.
 */
export function listRoute<T extends Record<string, unknown>>(
  validateSearch: (raw: Record<string, unknown>) => T,
  key: string,
) {
  return {
    validateSearch,
    loaderDeps: ({ search }: { search: T }) => search,
    loader: async ({
      route,
      deps,
      cause,
    }: {
      route: { options: { component?: unknown } };
      deps: T;
      cause: LoadCause;
    }): Promise<void> => {
      await (route.options.component as { preload?: () => Promise<void> } | undefined)?.preload?.();
      const prefetch = prefetchers.get(key);
      if (!prefetch && import.meta.env.DEV) console.warn(`No list "${key}" was declared by this page`);
      await prefetch?.(deps, cause);
    },
  };
}
