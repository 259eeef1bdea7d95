// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  click,
  json,
  type Rendered,
  recordingServer,
  render,
  setTestLanguage,
  waitFor,
} from '../../../../test/dom.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import { kycDocument } from './test-documents.ts';

const pending = kycDocument({ version: 3 });

const testId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

describe('DecisionPanel (the KYC review drawer)', () => {
  let view: Rendered | undefined;
  beforeAll(() => setTestLanguage('tr'));
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
    vi.unstubAllGlobals();
  });

  const panel = (handlers: { onStale?: () => void; onDecided?: () => void } = {}) =>
    render(
      <DecisionPanel
        document={pending}
        keysEnabled={false}
        onStale={handlers.onStale ?? (() => {})}
        onDecided={handlers.onDecided}
      />,
    );

  it('approves the version on screen once, with an idempotency key', async () => {
    const sent = recordingServer(() =>
      json(200, { success: true, document: { ...pending, status: 'approved', version: 4 } }),
    );
    const onDecided = vi.fn();
    view = await panel({ onDecided });
    await click(testId('approve-document'));
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/compliance/kyc/documents/decide');
    expect(sent[0]!.body).toMatchObject({ id: 41, version: 3, decision: 'approve' });
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a rejection without a reason, under the field in the member's language, and sends nothing", async () => {
    const sent = recordingServer(() => json(500, {}));
    view = await panel();
    await click(testId('reject-document'));
    await click(testId('submit-reject'));
    await waitFor(() => expect(testId('decision-form').textContent).toContain('Bu alan zorunludur.'));
    expect(sent).toHaveLength(0);
  });

  it('tells the drawer when someone else decided first', async () => {
    recordingServer(() => json(409, { code: 'STALE_EDIT', message: 'Changed since you opened it.' }));
    const onStale = vi.fn();
    const onDecided = vi.fn();
    view = await panel({ onStale, onDecided });
    await click(testId('approve-document'));
    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
    expect(onDecided).not.toHaveBeenCalled();
  });
});
