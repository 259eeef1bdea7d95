// What other areas may use of reports (test/module-boundaries.test.ts holds them to this entry).
export { figure, HOUR_ORIGIN } from './report-engine.ts';
export { addDays, isKnownTimeZone, reportRange } from './report-range.ts';
export { foldRollupDeltas, rollupDeltaBacklog } from './rollup-fold.ts';
