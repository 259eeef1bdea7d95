import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError } from './chunk-reload.ts';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, v: string) => void values.set(key, v),
  };
};

describe('claimChunkReload', () => {
  it('allows one reload per path within 10 seconds', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, '/crm', 1_000)).toBe(true);
    expect(claimChunkReload(storage, '/crm', 1_000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(claimChunkReload(storage, '/reports', 2_000)).toBe(true);
    expect(claimChunkReload(storage, '/crm', 1_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('survives a damaged storage entry', () => {
    const storage = memoryStorage();
    storage.setItem('backdesk:chunk-reloads', '{oops');
    expect(claimChunkReload(storage, '/', 5)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ dynamic import failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Invalid token'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
