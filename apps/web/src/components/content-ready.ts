import { useSyncExternalStore } from 'react';

/**
 * The mark a page (or a part of one) sets on its root once its data is drawn, not a spinner:
 * `npm run bench:ui` (decision 0028) times a click or a load to it. `shown` names what is drawn (a list's
 * filters, a report's range), so a change is timed to the new figures and not to the previous ones
 * kept on screen while the next arrive. An attribute only: nothing is drawn differently.
 */
export function contentReady(ready: boolean, shown = 'true'): { 'data-content-ready': string } {
  return { 'data-content-ready': ready ? shown : 'false' };
}

/** Longest a page that draws no mark (an error, a page without one) holds back what waits for it. */
const FIRST_CONTENT_FALLBACK_MS = 3000;
let firstContentShown = false;
let watching = false;
const firstContentListeners = new Set<() => void>();

function showFirstContent() {
  if (firstContentShown) return;
  firstContentShown = true;
  for (const listener of firstContentListeners) listener();
  firstContentListeners.clear();
}

function watchFirstContent() {
  if (watching) return;
  watching = true;
  const drawn = () => document.querySelector('[data-content-ready]:not([data-content-ready="false"])');
  if (drawn()) return showFirstContent();
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    showFirstContent();
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributeFilter: ['data-content-ready'],
  });
  setTimeout(() => {
    observer.disconnect();
    showFirstContent();
  }, FIRST_CONTENT_FALLBACK_MS);
}

/**
 * True once the tab's first page has drawn its content (its first mark other than `false`), and from
 * then on. What the page does not draw (the start-up data of docs/product-rules.md R17) waits for it, so
 * its code and schemas are not fetched and evaluated before the first rows (decision 0028).
 */
export function useFirstContentShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (firstContentShown) return () => {};
      firstContentListeners.add(listener);
      watchFirstContent();
      return () => firstContentListeners.delete(listener);
    },
    () => firstContentShown,
  );
}
