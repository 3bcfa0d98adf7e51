import { ConnectionClosedError } from 'bullmq';
import { pino } from 'pino';
import { ClientOfflineError } from 'redis';
import { describe, expect, it } from 'vitest';
import { RedisOutage } from '../../src/redis/redis-outage.js';
import { capturedLog } from '../support/captured-log.js';

describe('the outage state of a Redis connection set', () => {
  it('tells its listeners each change once, with the time Redis went away, and logs one line each way', () => {
    let now = 1_000_000;
    const { log, lines } = capturedLog();
    const outage = new RedisOutage(log, () => now);
    const heard: Array<number | null> = [];
    outage.onChange((since) => heard.push(since));
    outage.wentDown(new Error('ECONNREFUSED'));
    outage.wentDown(new Error('again'));
    expect(outage.awaySince()).toBe(1_000_000);
    now += 30_000;
    outage.cameBack();
    outage.cameBack();
    expect(heard).toEqual([1_000_000, null]);
    expect(outage.awaySince()).toBeNull();
    expect(lines.map((line) => [line.msg, line.awaySeconds])).toEqual([
      ['redis unavailable: serving the last known station state, refusing writes (503) until it is back', undefined],
      ['redis available again', 30],
    ]);
  });

  it('is not ended by the reply to a call sent before it began (it was already on its way), only by one sent during it', () => {
    const outage = new RedisOutage(pino({ enabled: false }));
    const sentBefore = outage.epoch;
    outage.wentDown(new Error('read ECONNRESET'));
    const sentDuring = outage.epoch;
    outage.answered(sentBefore);
    expect(outage.isDown).toBe(true);
    outage.answered(sentDuring);
    expect(outage.isDown).toBe(false);
  });

  it('does not start an outage for a client still reconnecting after another is back, and counts it while one lasts', () => {
    const { log, lines } = capturedLog();
    const outage = new RedisOutage(log);
    outage.wentDown(new Error('Socket closed unexpectedly'));
    outage.wentDown(new ClientOfflineError());
    outage.cameBack();
    // One client of the set is back; another, in its reconnect backoff, fails a call at once.
    outage.wentDown(new ClientOfflineError());
    outage.wentDown(new ConnectionClosedError('The client is offline', new ClientOfflineError()));
    expect(outage.isDown).toBe(false);
    expect(lines.map((line) => [line.msg, line.failures])).toEqual([
      ['redis unavailable: serving the last known station state, refusing writes (503) until it is back', undefined],
      ['redis available again', 2],
    ]);
  });

  it('a listener that throws does not keep the others from hearing', () => {
    const outage = new RedisOutage(pino({ enabled: false }));
    const heard: Array<number | null> = [];
    outage.onChange(() => {
      throw new Error('broken listener');
    });
    outage.onChange((since) => heard.push(since));
    expect(() => outage.wentDown(new Error('down'))).not.toThrow();
    expect(heard).toHaveLength(1);
  });
});
