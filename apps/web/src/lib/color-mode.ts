import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/**
 * docs/product-rules.md R27: the preference lives in localStorage under this key as 'light' | 'dark' | 'system'.
 * public/color-mode.js reads the same key before first paint; keep the two in step.
 */
export const COLOR_MODE_KEY = 'nuxt-color-mode';
export type ColorModePreference = 'light' | 'dark' | 'system';

/** Mantine calls "system" `auto`. */
export const toPreference = (scheme: MantineColorScheme): ColorModePreference =>
  scheme === 'auto' ? 'system' : scheme;

export function toMantineScheme(stored: string | null): MantineColorScheme | undefined {
  if (stored === 'system') return 'auto';
  return stored === 'light' || stored === 'dark' ? stored : undefined;
}

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Mantine's scheme manager speaking R27's storage format. */
export function colorModeManager(
  storage: () => PreferenceStorage = () => window.localStorage,
): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      try {
        return toMantineScheme(storage().getItem(COLOR_MODE_KEY)) ?? defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        storage().setItem(COLOR_MODE_KEY, toPreference(value));
      } catch {
        // Storage may be disabled (private mode); the choice then lasts for this page only.
      }
    },
    // Another tab changed the mode: follow it.
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        const scheme = event.key === COLOR_MODE_KEY ? toMantineScheme(event.newValue) : undefined;
        if (scheme) onUpdate(scheme);
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => storage().removeItem(COLOR_MODE_KEY),
  };
}
