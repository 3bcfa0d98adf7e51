import { setTimeout as delay } from 'node:timers/promises';

/**
 * Re-checks a condition the test cannot be notified of (an outside process becoming reachable)
 * until it holds, failing with the last error after `timeoutMs`. Not a sleep: it returns as
 * soon as the condition is true.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await delay(everyMs);
    }
  }
}
