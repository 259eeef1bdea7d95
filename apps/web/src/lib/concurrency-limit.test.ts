import { describe, expect, it, vi } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.ts';

describe('createConcurrencyLimit', () => {
  it('never runs more than the limit at once and runs every task', async () => {
    const run = createConcurrencyLimit(4);
    let active = 0;
    let peak = 0;
    // Each task runs until the test lets it finish, so they overlap for certain.
    const finish: Array<() => void> = [];
    const task = async (value: number) => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise<void>((resolve) => finish.push(resolve));
      active -= 1;
      return value;
    };
    const all = Promise.all(Array.from({ length: 10 }, (_, i) => run(() => task(i))));
    for (let done = 0; done < 10; done++) {
      // With `done` finished, the next ones have taken their slots, and no more.
      await vi.waitFor(() => expect(finish.length).toBe(Math.min(10, done + 4)));
      expect(active).toBe(Math.min(4, 10 - done));
      finish[done]!();
    }
    expect(await all).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(4);
  });

  it('frees the slot when a task fails', async () => {
    const run = createConcurrencyLimit(1);
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(run(async () => 'next')).resolves.toBe('next');
  });
});
