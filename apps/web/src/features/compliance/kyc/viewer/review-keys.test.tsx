// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Rendered, render } from '../../../../test/dom.tsx';
import { type ReviewKeyHandlers, useReviewKeys } from './review-keys.ts';

function Keys({ handlers }: { handlers: ReviewKeyHandlers }) {
  useReviewKeys(handlers, true);
  return null;
}

const press = (key: string) =>
  act(async () => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

describe('useReviewKeys', () => {
  let view: Rendered | undefined;
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
  });

  it('reaches a part registered after another, as the decision of the second document is', async () => {
    const next = vi.fn();
    const firstApprove = vi.fn();
    const secondApprove = vi.fn();
    // The drawer's moves listen first; the decision of the document moved to mounts after them.
    view = await render(
      <>
        <Keys handlers={{ next }} />
        <Keys key="doc-1" handlers={{ approve: firstApprove }} />
      </>,
    );
    await view.rerender(
      <>
        <Keys handlers={{ next }} />
        <Keys key="doc-2" handlers={{ approve: secondApprove, reject: () => {} }} />
      </>,
    );
    await press('a');
    await press('n');
    expect(secondApprove).toHaveBeenCalledTimes(1);
    expect(firstApprove).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('leaves a key nobody handles to the page, and a key pressed while typing to the field', async () => {
    view = await render(<Keys handlers={{ next: () => {} }} />);
    const unclaimed = new KeyboardEvent('keydown', { key: 'a', cancelable: true });
    window.dispatchEvent(unclaimed);
    expect(unclaimed.defaultPrevented).toBe(false);
    const input = document.createElement('input');
    document.body.append(input);
    const typed = new KeyboardEvent('keydown', { key: 'n', bubbles: true, cancelable: true });
    input.dispatchEvent(typed);
    expect(typed.defaultPrevented).toBe(false);
    input.remove();
  });
});
