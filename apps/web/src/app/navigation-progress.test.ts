import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNavigationProgress } from './navigation-progress.ts';

describe('createNavigationProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const bar = { start: vi.fn(), complete: vi.fn() };
    return { bar, progress: createNavigationProgress(bar, { throttleMs: 200, maxMs: 2000 }) };
  };

  it('shows nothing for a navigation under 200 ms', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(199);
    progress.end();
    vi.advanceTimersByTime(5000);
    expect(bar.start).not.toHaveBeenCalled();
    expect(bar.complete).not.toHaveBeenCalled();
  });

  it('shows the bar after 200 ms and completes it when the navigation ends', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(200);
    expect(bar.start).toHaveBeenCalledOnce();
    progress.end();
    expect(bar.complete).toHaveBeenCalledOnce();
  });

  it('completes the bar after 2000 ms even if the navigation is still running', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(200 + 2000);
    expect(bar.complete).toHaveBeenCalledOnce();
    progress.end();
    expect(bar.complete).toHaveBeenCalledOnce();
  });
});
