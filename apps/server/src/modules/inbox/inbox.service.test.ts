import { describe, expect, it } from 'vitest';
import { mutedKeys, slaOf } from './inbox.service.ts';

describe('SLA state', () => {
  const opened = '2026-01-01T00:00:00.000Z';
  const due = '2026-01-01T04:00:00.000Z';
  const at = (iso: string) => new Date(iso);
  it('is on track, due soon in its last hour (or last quarter), overdue after', () => {
    const row = { opened_at: opened, due_at: due, resolved_at: null };
    expect(slaOf(row, at('2026-01-01T02:00:00Z'))).toBe('on_track');
    expect(slaOf(row, at('2026-01-01T03:30:00Z'))).toBe('due_soon');
    expect(slaOf(row, at('2026-01-01T04:00:00Z'))).toBe('overdue');
    expect(slaOf({ ...row, due_at: '2026-01-01T00:20:00.000Z' }, at('2026-01-01T00:10:00Z'))).toBe(
      'on_track',
    );
    expect(slaOf({ ...row, due_at: '2026-01-01T00:20:00.000Z' }, at('2026-01-01T00:16:00Z'))).toBe(
      'due_soon',
    );
  });
  it('has none without a deadline, or once resolved', () => {
    expect(slaOf({ opened_at: opened, due_at: null, resolved_at: null }, at(due))).toBe('none');
    expect(slaOf({ opened_at: opened, due_at: due, resolved_at: due }, at('2026-02-01T00:00:00Z'))).toBe(
      'none',
    );
  });
});

describe('muted notification choices', () => {
  it('are low fraud alerts by default, and whatever the member turned off', () => {
    expect(mutedKeys([])).toEqual(['fraud_alert:low']);
    expect(
      mutedKeys([
        { kind: 'fraud_alert', severity: 'low', inbox: true, desktop: false },
        { kind: 'p2p_dispute', severity: null, inbox: false, desktop: false },
      ]),
    ).toEqual(['p2p_dispute']);
  });
});
