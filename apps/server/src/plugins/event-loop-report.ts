import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** How often the delay is sampled: a timer that fires late by as much as the loop was blocked. */
const RESOLUTION_MS = 10;

/** What one report says, in milliseconds (delay beyond the timer's own interval) and busy share 0–1. */
export interface EventLoopReport {
  delayMs: { p50: number; p99: number; max: number };
  utilisation: number;
  samples: number;
}

/**
 * The event loop's delay since the last report, on `kill -USR2 <pid>`: one line on standard error,
 * `[backdesk] event loop {json}`, then the counts start anew. A signal rather than an endpoint: it
 * needs no session, adds no route, and only someone who may signal the process can ask (bench:load
 * does, around each run). Sampling costs one timer every 10 ms.
 */
export function reportEventLoopOnSignal(
  write: (line: string) => void = (line) => process.stderr.write(line),
) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let since = performance.eventLoopUtilization();
  // Each sample is the whole interval between two timer ticks; the delay is what exceeds the interval.
  const delay = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  const report = (): EventLoopReport => ({
    delayMs: {
      p50: delay(histogram.percentile(50)),
      p99: delay(histogram.percentile(99)),
      max: delay(histogram.max),
    },
    utilisation: Math.round(performance.eventLoopUtilization(since).utilization * 1000) / 1000,
    samples: histogram.count,
  });
  const onSignal = () => {
    write(`[backdesk] event loop ${JSON.stringify(report())}\n`);
    histogram.reset();
    since = performance.eventLoopUtilization();
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    histogram.disable();
  };
}
