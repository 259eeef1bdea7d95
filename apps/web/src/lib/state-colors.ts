/**
 * One colour per state, wherever the state is drawn: a badge in a list, a bar or a donut slice in a
 * report. Good outcomes are green, refusals red, waiting blue, in review orange, ended without
 * effect grey; a failure is never green. Theme colour names (a chart takes shade 6).
 */
export const STATE_COLORS: Record<string, string> = {
  pending: 'blue',
  under_review: 'orange',
  review: 'orange',
  resubmit: 'orange',
  disputed: 'yellow',
  completed: 'green',
  passed: 'green',
  approved: 'green',
  released: 'teal',
  rejected: 'red',
  failed: 'gray',
  cancelled: 'gray',
  // Travel-rule records (the queue's badges and the travel-rule report)
  not_in_scope: 'gray',
  required_unverified: 'yellow',
  complete: 'green',
  information_missing: 'orange',
  awaiting_counterparty: 'blue',
  returned: 'grape',
};

/** A chart series' colour: its state's, or else the `index`th of `fallback` (a measure, an asset). */
export const stateChartColor = (key: string, index: number, fallback: readonly string[]): string => {
  const state = STATE_COLORS[key];
  return state ? `${state}.6` : fallback[index % fallback.length]!;
};
