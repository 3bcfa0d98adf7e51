import { describe, expect, it } from 'vitest';
import { DeadlineLine } from '../../src/redis/deadline-line.js';

class TimedOut extends Error {}

/** A call whose answer the test gives (or never gives). */
function call<T>(): { promise: Promise<T>; answer: (value: T) => void } {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('command timeouts on one timer (DeadlineLine)', () => {
  it('refuses each silent call, and gives every other its answer, whatever order the answers come in', async () => {
    const line = new DeadlineLine(30, () => new TimedOut('no answer'));
    const first = call<string>();
    const silent = call<string>();
    const late = call<string>();
    const bounded = [line.bound(first.promise), line.bound(silent.promise), line.bound(late.promise)];
    late.answer('third');
    first.answer('first');
    const outcomes = await Promise.allSettled(bounded);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 'first' });
    expect(outcomes[1]!.status).toBe('rejected');
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(TimedOut);
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: 'third' });
  });

  it("passes on a call's own failure, and times out calls started after an earlier timeout", async () => {
    const line = new DeadlineLine(20, () => new TimedOut('no answer'));
    const failing = line.bound(Promise.reject(new Error('ERR wrong type')));
    await expect(failing).rejects.toThrow('ERR wrong type');
    await expect(line.bound(call<string>().promise)).rejects.toBeInstanceOf(TimedOut);
    // The timer is armed again for a line that had emptied.
    await expect(line.bound(call<string>().promise)).rejects.toBeInstanceOf(TimedOut);
    const answered = call<number>();
    const pending = line.bound(answered.promise);
    answered.answer(7);
    await expect(pending).resolves.toBe(7);
  });

  it("hands the caller's own step the answer, the call's failure or the timeout, once, and settles with what it returns or throws", async () => {
    const line = new DeadlineLine(20, () => new TimedOut('no answer'));
    const seen: string[] = [];
    const onValue = (value: number) => {
      seen.push(`value ${value}`);
      if (value < 0) throw new RangeError('negative');
      return value * 2;
    };
    const onError = (error: unknown): number => {
      seen.push(error instanceof TimedOut ? 'timed out' : 'failed');
      throw new Error('refused');
    };
    const answered = call<number>();
    const doubled = line.bound(answered.promise, onValue, onError);
    answered.answer(21);
    await expect(doubled).resolves.toBe(42);
    await expect(line.bound(Promise.resolve(-1), onValue, onError)).rejects.toBeInstanceOf(RangeError);
    await expect(line.bound(Promise.reject(new Error('ERR')), onValue, onError)).rejects.toThrow('refused');
    const silent = call<number>();
    const late = line.bound(silent.promise, onValue, onError);
    await expect(late).rejects.toThrow('refused');
    // The answer that comes after the timeout reaches nobody: each step ran once.
    silent.answer(5);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['value 21', 'value -1', 'failed', 'timed out']);
  });
});
