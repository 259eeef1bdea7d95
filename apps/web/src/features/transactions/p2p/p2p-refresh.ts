import { useSyncExternalStore } from 'react';

/**
 * Whether the background P2P refresh runs (docs/product-rules.md R17: "the refresh can be stopped"). One switch for
 * both P2P pages, kept for the browser session so a paused refresh stays paused across pages.
 */
const STORAGE_KEY = 'backdesk.p2pRefreshPaused';
const listeners = new Set<() => void>();
let paused = typeof sessionStorage !== 'undefined' && sessionStorage.getItem(STORAGE_KEY) === 'true';

export function setP2pRefreshPaused(next: boolean): void {
  paused = next;
  sessionStorage.setItem(STORAGE_KEY, String(next));
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useP2pRefresh = () => ({ paused: useSyncExternalStore(subscribe, () => paused) });
