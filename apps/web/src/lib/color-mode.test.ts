import { describe, expect, it } from 'vitest';
import { COLOR_MODE_KEY, colorModeManager, toMantineScheme, toPreference } from './color-mode.ts';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
};

describe('colour mode mapping', () => {
  it("maps R27's 'system' to Mantine's 'auto' and back", () => {
    expect(toMantineScheme('system')).toBe('auto');
    expect(toPreference('auto')).toBe('system');
    expect(toMantineScheme('dark')).toBe('dark');
    expect(toPreference('light')).toBe('light');
  });

  it('ignores values it does not know', () => {
    expect(toMantineScheme('auto')).toBeUndefined();
    expect(toMantineScheme(null)).toBeUndefined();
  });

  it('stores the R27 values under nuxt-color-mode', () => {
    const storage = memoryStorage();
    const manager = colorModeManager(() => storage);
    expect(manager.get('auto')).toBe('auto');
    manager.set('auto');
    expect(storage.getItem(COLOR_MODE_KEY)).toBe('system');
    manager.set('dark');
    expect(storage.getItem(COLOR_MODE_KEY)).toBe('dark');
    expect(manager.get('light')).toBe('dark');
    manager.clear();
    expect(manager.get('light')).toBe('light');
  });
});
