import { useCallback, useSyncExternalStore } from 'react';

export type Density = 'comfortable' | 'compact';

export interface ListPrefs {
  /** Accessors of the columns the member hid. */
  hidden: string[];
  density: Density;
}

const DEFAULTS: ListPrefs = { hidden: [], density: 'comfortable' };
const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
const cache = new Map<string, ListPrefs>();

const storageKey = (memberId: number | undefined, list: string) => `backdesk.list.${memberId ?? 0}.${list}`;

/**
 * Stored prefs, read leniently: a hand-edited or older entry falls back to the defaults. A member who
 * never chose sees the list's own default (`hiddenByDefault`: columns that fit on a wide screen only).
 */
export function readPrefs(raw: string | null, hiddenByDefault: readonly string[] = []): ListPrefs {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<ListPrefs> | null;
    return {
      hidden: Array.isArray(value?.hidden)
        ? value.hidden.filter((h) => typeof h === 'string')
        : [...hiddenByDefault],
      density: value?.density === 'compact' ? 'compact' : 'comfortable',
    };
  } catch {
    return { ...DEFAULTS, hidden: [...hiddenByDefault] };
  }
}

function read(key: string, hiddenByDefault: readonly string[]): ListPrefs {
  let prefs = cache.get(key);
  if (!prefs) {
    prefs = readPrefs(localStorage.getItem(key), hiddenByDefault);
    cache.set(key, prefs);
  }
  return prefs;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The column choice and density of one list, per member, kept in this browser: a display preference
 * that needs no server round trip and must not flash on load (saved filters, which a member may want
 * on any machine, are kept on the server).
 */
export function useListPrefs(
  memberId: number | undefined,
  list: string,
  hiddenByDefault: readonly string[] = NONE,
) {
  const key = storageKey(memberId, list);
  const prefs = useSyncExternalStore(subscribe, () => read(key, hiddenByDefault));
  const update = useCallback(
    (patch: Partial<ListPrefs>) => {
      const next = { ...read(key, hiddenByDefault), ...patch };
      cache.set(key, next);
      localStorage.setItem(key, JSON.stringify(next));
      for (const listener of listeners) listener();
    },
    [key, hiddenByDefault],
  );
  return [prefs, update] as const;
}
