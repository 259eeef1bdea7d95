import { createLatch } from '../lib/latch.ts';
import type { ProgressBar } from './navigation-progress.ts';

// The bar's code is fetched the first time a navigation is slow, not with the entry.
const loadNprogress = () => import('@mantine/nprogress');

/** Opens with the first slow navigation: app/providers.tsx mounts the bar then. */
export const progressBarWanted = createLatch();

let markMounted = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
/** Called by the bar (app/providers.tsx) once it is on the page. */
export const progressBarMounted = () => markMounted();

/**
 * Mantine's bar resets its store the first time it renders. A start sent before that lost the
 * handle of the bar's timer, which then ticked forever: the bar crept on after every page had loaded,
 * and re-rendered ten times a second, which held back the page's own deferred render. So every start
 * and complete waits for the bar to be mounted, and they reach it in the order they were sent.
 */
let sent: Promise<unknown> = mounted;
const whenMounted = (act: (bar: Awaited<ReturnType<typeof loadNprogress>>['nprogress']) => void) => {
  sent = sent
    .then(loadNprogress)
    .then(({ nprogress }) => act(nprogress))
    .catch((error: unknown) => console.warn('Loading bar unavailable', error));
};

export const lazyProgressBar: ProgressBar = {
  start() {
    progressBarWanted.open();
    whenMounted((bar) => bar.start());
  },
  complete: () => whenMounted((bar) => bar.complete()),
};
