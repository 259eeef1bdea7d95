const HOUR = 3600;
/** Steps an axis of hours may take: whole hours, then whole days. */
const STEPS_HOURS = [1, 2, 3, 4, 6, 8, 12, 24, 48, 72, 168, 336, 720];

/**
 * Ticks in seconds at whole hours for an axis of durations up to `maxSeconds`, at most `count` steps
 * above zero: the chart's own ticks fall on round seconds and read "18,1 h, 36,1 h, 54,2 h".
 */
export function hourTicks(maxSeconds: number, count = 4): number[] {
  if (!(maxSeconds > 0)) return [0, HOUR];
  const hours = maxSeconds / HOUR;
  const step = STEPS_HOURS.find((s) => s * count >= hours) ?? Math.ceil(hours / count / 720) * 720;
  const top = Math.ceil(hours / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step * HOUR);
}
