export interface ProgressBar {
  start(): void;
  complete(): void;
}

export interface ProgressTiming {
  /** Show nothing for navigations faster than this (docs/product-rules.md R26: 200 ms throttle). */
  throttleMs: number;
  /** Never keep the bar up longer than this (docs/product-rules.md R26: 2000 ms). */
  maxMs: number;
}

/** Drives a loading bar from navigation start/end events, honouring R26's throttle and duration. */
export function createNavigationProgress(bar: ProgressBar, { throttleMs, maxMs }: ProgressTiming) {
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let capTimer: ReturnType<typeof setTimeout> | undefined;
  let visible = false;

  const finish = () => {
    clearTimeout(showTimer);
    clearTimeout(capTimer);
    showTimer = capTimer = undefined;
    if (visible) {
      visible = false;
      bar.complete();
    }
  };

  return {
    begin() {
      finish();
      showTimer = setTimeout(() => {
        visible = true;
        bar.start();
        capTimer = setTimeout(finish, maxMs);
      }, throttleMs);
    },
    end: finish,
  };
}
