import { TRADE_STATUSES, WALLET_TX_STATUSES } from '@backdesk/contract/transactions/keys';
import { describe, expect, it } from 'vitest';
import { STATE_COLORS, stateChartColor } from '../../lib/state-colors.ts';
import { REPORT_META, SERIES_COLORS } from './report-meta.ts';

describe('one colour per state', () => {
  it('draws a state in the same colour in every chart, whatever its place', () => {
    for (const state of Object.keys(STATE_COLORS))
      expect(new Set([0, 1, 2, 5].map((i) => stateChartColor(state, i, SERIES_COLORS))).size).toBe(1);
  });

  it('never draws a failure or a refusal green', () => {
    for (const state of ['failed', 'rejected', 'cancelled', 'disputed'])
      expect(STATE_COLORS[state]).not.toMatch(/green|teal/);
    expect(STATE_COLORS.completed).toBe('green');
  });

  it('tells apart every state one chart can show', () => {
    const charts = [
      ...Object.values(REPORT_META).map((m) => m.bars),
      [...WALLET_TX_STATUSES],
      [...TRADE_STATUSES],
    ];
    for (const keys of charts) {
      const colors = keys.map((k, i) => stateChartColor(k, i, SERIES_COLORS));
      expect(new Set(colors).size, keys.join(', ')).toBe(keys.length);
    }
  });
});
