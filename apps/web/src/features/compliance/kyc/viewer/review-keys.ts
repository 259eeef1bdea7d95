import { useEffect, useRef } from 'react';

export type ReviewAction = 'next' | 'previous' | 'approve' | 'reject';

/** The viewer's keys: n or → next, p or ← previous, a approve, r reject. */
export const REVIEW_KEYS: Record<string, ReviewAction> = {
  n: 'next',
  ArrowRight: 'next',
  p: 'previous',
  ArrowLeft: 'previous',
  a: 'approve',
  r: 'reject',
};

/** Whether a key press belongs to what has focus (typing, a menu, a dialog) rather than to the review. */
export function isOwnedByTarget(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  return Boolean(
    target.closest(
      // A dialog opened over the review (a confirmation, the reassign form) has its own keys.
      'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="listbox"], [role="menu"], .mantine-Modal-root',
    ),
  );
}

/** Calls `on` for a review key pressed anywhere on the page, except while typing; `enabled` pauses it. */
export function useReviewKeys(on: (action: ReviewAction) => void, enabled: boolean) {
  const handler = useRef(on);
  handler.current = on;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (isOwnedByTarget(event)) return;
      const action = REVIEW_KEYS[event.key];
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
