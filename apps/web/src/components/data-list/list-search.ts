export type SortDir = 'asc' | 'desc';

export type ListSearch<S extends string, F extends string = never> = {
  sort: S;
  dir: SortDir;
  cursor?: string;
} & Partial<Record<F, string>>;

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.slice(0, max);
  return trimmed === '' ? undefined : trimmed;
};

/**
 * A `validateSearch` for a list route: unknown sort keys fall back to the default, filters are
 * short strings (the server validates their values), anything else is dropped. Written without zod
 * on purpose: route options are part of the entry chunk, and zod would weigh on the sign-in page.
 */
export function listSearch<S extends string, F extends string = never>(options: {
  sortKeys: readonly S[];
  sort: S;
  dir: SortDir;
  filters?: readonly F[];
}) {
  return (raw: Record<string, unknown>): ListSearch<S, F> => {
    const sort = options.sortKeys.includes(raw.sort as S) ? (raw.sort as S) : options.sort;
    const dir: SortDir = raw.dir === 'asc' || raw.dir === 'desc' ? raw.dir : options.dir;
    const out: Record<string, string | undefined> = { sort, dir };
    const cursor = text(raw.cursor, 1024);
    if (cursor) out.cursor = cursor;
    for (const key of options.filters ?? []) {
      const value = text(raw[key], 200);
      if (value !== undefined) out[key] = value;
    }
    return out as ListSearch<S, F>;
  };
}
