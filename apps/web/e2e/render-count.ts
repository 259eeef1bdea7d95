import type { BrowserContext, Page } from 'playwright-core';

/**
 * Counts the components React renders, through the hook React DevTools would use (React calls it on
 * every commit, in production builds too). A component counts when its props or state changed, or it
 * mounted: what a commit actually drew. Install before the first page of the context loads.
 */
export async function countRenders(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Fiber = {
      type: unknown;
      alternate: Fiber | null;
      child: Fiber | null;
      sibling: Fiber | null;
      memoizedProps: unknown;
      memoizedState: unknown;
    };
    const counted = { renders: 0 };
    (window as unknown as { __renders: typeof counted }).__renders = counted;
    const isComponent = (f: Fiber) =>
      typeof f.type === 'function' || (typeof f.type === 'object' && f.type !== null);
    const walk = (first: Fiber | null) => {
      for (let f = first; f; f = f.sibling) {
        const previous = f.alternate;
        const drawn =
          !previous ||
          f.memoizedProps !== previous.memoizedProps ||
          f.memoizedState !== previous.memoizedState;
        if (drawn && isComponent(f)) counted.renders++;
        // A subtree React bailed out of keeps its children: nothing under it was drawn.
        if (f.child && (!previous || previous.child !== f.child || drawn)) walk(f.child);
      }
    };
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current.child),
    };
  });
}

/** Components rendered since the last call (or the page's start). */
export async function rendersSince(page: Page): Promise<number> {
  return page.evaluate(() => {
    const counted = (window as unknown as { __renders: { renders: number } }).__renders;
    const n = counted.renders;
    counted.renders = 0;
    return n;
  });
}
