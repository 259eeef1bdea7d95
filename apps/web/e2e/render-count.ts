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
    const counted = { renders: 0, by: new Map<string, number>() };
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
        if (drawn && isComponent(f)) {
          counted.renders++;
          const type = f.type as { displayName?: string; name?: string; render?: { name?: string } };
          const name = type.displayName || type.name || type.render?.name || '?';
          counted.by.set(name, (counted.by.get(name) ?? 0) + 1);
        }
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
  return (await drawnSince(page)).renders;
}

/**
 * Components rendered since the last call, with the ten most drawn by name: what a failing
 * assertion prints, so it says which part of the page was drawn again.
 */
export async function drawnSince(page: Page): Promise<{ renders: number; most: string }> {
  return page.evaluate(() => {
    const counted = (window as unknown as { __renders: { renders: number; by: Map<string, number> } })
      .__renders;
    const most = [...counted.by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
    const renders = counted.renders;
    counted.renders = 0;
    counted.by.clear();
    return { renders, most };
  });
}
