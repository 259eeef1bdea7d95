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

/** What a part of the review does on its keys; an action it leaves out is not its to take. */
export type ReviewKeyHandlers = Partial<Record<ReviewAction, () => void>>;

/**
 * Calls the handler of a review key pressed anywhere on the page, except while typing; `enabled`
 * pauses it. Several parts of the review listen at once (the drawer moves, the decision decides), so
 * a key is claimed (preventDefault) only by the part that handles it: claiming every review key would
 * hide it from the parts registered later, such as the decision of a document moved to.
 */
export function useReviewKeys(handlers: ReviewKeyHandlers, enabled: boolean) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (isOwnedByTarget(event)) return;
      const action = REVIEW_KEYS[event.key];
      const handle = action && current.current[action];
      if (!handle) return;
      event.preventDefault();
      handle();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
