/**
 * A flag that only ever turns on, readable by useSyncExternalStore: lets a renderer whose code is not
 * needed to use a page (the toast stack, the loading bar) mount the first time it is wanted.
 */
export interface Latch {
  open(): void;
  isOpen(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createLatch(): Latch {
  let opened = false;
  const listeners = new Set<() => void>();
  return {
    open() {
      if (opened) return;
      opened = true;
      for (const listener of listeners) listener();
    },
    isOpen: () => opened,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
