// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { click, type Rendered, render, setTestLanguage, typeInto, waitFor } from '../test/dom.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

describe('ReasonDialog (a contract-checked form)', () => {
  let view: Rendered | undefined;
  beforeAll(() => setTestLanguage('tr'));
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
  });

  const dialog = (onConfirm: (input: { reason: string }) => unknown) =>
    render(
      <ReasonDialog
        opened
        title="Cancel trade #12?"
        reasonRequired
        confirmLabel="Cancel trade"
        pending={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
  const reasonField = () => document.querySelector<HTMLTextAreaElement>('textarea[name="reason"]')!;
  const submit = () => click(document.querySelector('[data-testid="confirm"]')!);

  it("refuses a too-short reason with the contract's rule, worded in the member's language, and sends nothing", async () => {
    const onConfirm = vi.fn();
    view = await dialog(onConfirm);
    await typeInto(reasonField(), 'ab');
    await submit();
    const error = await waitFor(() => {
      const text = document.querySelector('[data-testid="reason-dialog"]')!.textContent!;
      expect(text).toContain('En az 3 karakter kullanın.');
      return text;
    });
    expect(error).not.toContain('at least');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends the reason once it passes the rule', async () => {
    const onConfirm = vi.fn();
    view = await dialog(onConfirm);
    await typeInto(reasonField(), 'customer asked');
    await submit();
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith({ reason: 'customer asked', outcome: undefined }),
    );
  });
});
