import { useRef } from 'react';

/**
 * One Idempotency-Key per user action on a record: clicking twice on the same action reuses it (the
 * server answers once); `done` forgets it so the next, different action gets a fresh key.
 */
export function useActionKeys() {
  const keys = useRef(new Map<string, string>());
  return {
    keyFor(action: string): string {
      let key = keys.current.get(action);
      if (!key) {
        key = crypto.randomUUID();
        keys.current.set(action, key);
      }
      return key;
    },
    done(action: string): void {
      keys.current.delete(action);
    },
  };
}
