/**
 * Waits for `check` to pass, asking again every `everyMs`, and fails with its last error after
 * `timeoutMs`: for what a test cannot await directly (work a request starts and does not wait for),
 * in place of a fixed sleep that is too short on a slow day and wasted on a quick one.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5_000, everyMs = 10 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
