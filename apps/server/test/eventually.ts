/**
 * Waits for `check` to pass, asking again every `everyMs`, and fails with its last error after
 * `timeoutMs`: for what a test cannot await directly (work a request starts and does not wait for),
 * in place of a fixed sleep that is too short on a slow day and wasted on a quick one. The deadline
 * is read from `performance.now()`, so a test that fakes `Date` still gets its failure.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5_000, everyMs = 10 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** Fails unless `done()` turns true: the form for conditions that are not assertions. */
export const until = (
  done: () => boolean | Promise<boolean>,
  what = 'the condition',
  options?: { timeoutMs?: number; everyMs?: number },
) =>
  eventually(async () => {
    if (!(await done())) throw new Error(`timed out waiting for ${what}`);
  }, options);
