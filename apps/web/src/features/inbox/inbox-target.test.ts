import type { InboxItem } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { exportIdOf, inboxTarget, opensSomething } from './inbox-target.ts';

const item = (source: InboxItem['source'], params: InboxItem['params'] = {}) =>
  ({ source, params }) as InboxItem;

describe('where an inbox item opens', () => {
  it('opens a withdrawal, and a withdrawal release on its withdrawal', () => {
    expect(inboxTarget(item({ type: 'wallet_transaction', id: '7' }))).toEqual({
      to: '/transactions/wallet-transactions',
      search: { id: '7' },
    });
    expect(
      inboxTarget(
        item({ type: 'approval_request', id: '3' }, { approval_kind: 'withdrawal_release', entity_id: '9' }),
      ),
    ).toEqual({ to: '/transactions/wallet-transactions', search: { id: '9' } });
  });
  it('opens KYC cases and disputes on their queues; a notice opens nothing', () => {
    expect(inboxTarget(item({ type: 'kyc_case', id: '5' }))?.to).toBe('/compliance/kyc-manage');
    expect(inboxTarget(item({ type: 'p2p_trade', id: '5' }))?.to).toBe('/transactions/pending-p2p');
    expect(inboxTarget(item({ type: 'notice', id: '' }))).toBeNull();
  });
  it('opens a fraud alert in its drawer and a fraud case on its own page', () => {
    expect(inboxTarget(item({ type: 'fraud_alert', id: '12' }))).toEqual({
      to: '/compliance/fraud-check',
      search: { alert: '12' },
    });
    expect(inboxTarget(item({ type: 'fraud_case', id: '4' }))).toEqual({
      to: '/compliance/fraud-check/cases/$caseId',
      params: { caseId: '4' },
      search: {},
    });
  });
  it('opens a bulk action waiting for a second member above the alert list it came from', () => {
    expect(
      inboxTarget(
        item({ type: 'approval_request', id: '8' }, { approval_kind: 'fraud_alerts_bulk', entity_id: 'x-1' }),
      ),
    ).toEqual({ to: '/compliance/fraud-check', search: {} });
  });
  it('opens an "export ready" notice as its download, and nothing for other notices', () => {
    const ready = {
      source: { type: 'notice', id: '' },
      notice: 'export_ready',
      params: { export: 12 },
    } as unknown as InboxItem;
    expect(exportIdOf(ready)).toBe(12);
    expect(opensSomething(ready)).toBe(true);
    const failed = { ...ready, notice: 'job_failed' } as InboxItem;
    expect(exportIdOf(failed)).toBeNull();
    expect(opensSomething(failed)).toBe(false);
    expect(exportIdOf({ ...ready, params: { export: -3 } } as InboxItem)).toBeNull();
  });
});
