import { describe, expect, it } from 'vitest';
import { onAir, serviceWorld } from '../support/service-world.js';

const amazingGrace = { artist: 'Choir', song_title: 'Amazing Grace' };
const howGreat = { artist: 'Choir', song_title: 'How Great Thou Art' };

describe('RequestService with a fake clock', () => {
  it('refuses a song played within the threshold, with the seconds left, and takes it after', async () => {
    const world = serviceWorld({ requests: { thresholdSeconds: 900, delaySeconds: 0 } });
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    world.advance(300);
    await expect(world.requests.submit(amazingGrace, 'listener-1')).rejects.toMatchObject({ code: 'RECENTLY_PLAYED', retryAfterSeconds: 600 });
    world.advance(600);
    const { created, request } = await world.requests.submit(amazingGrace, 'listener-1');
    expect(created).toBe(true);
    expect(request).toMatchObject({ song_title: 'Amazing Grace', status: 'pending', requester_name: 'Anonymous', created_at: world.now / 1000 });
  });

  it('lets one requester queue a song only every delaySeconds, counted per requester', async () => {
    const world = serviceWorld({ requests: { thresholdSeconds: 900, delaySeconds: 300 } });
    await world.requests.submit(amazingGrace, 'listener-1');
    world.advance(100);
    await expect(world.requests.submit(howGreat, 'listener-1')).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 200 });
    expect((await world.requests.submit(howGreat, 'listener-2')).created).toBe(true);
    world.advance(200);
    const third = { artist: 'Choir', song_title: 'It Is Well' };
    expect((await world.requests.submit(third, 'listener-1')).created).toBe(true);
  });

  it('answers a song already pending with that request even within the delay, and a duplicate does not start the delay', async () => {
    const world = serviceWorld({ requests: { thresholdSeconds: 900, delaySeconds: 300 } });
    const first = await world.requests.submit(amazingGrace, 'listener-1');
    // listener-1 is within its delay, but asks for a song already pending: nothing is queued, no 429
    expect(await world.requests.submit(amazingGrace, 'listener-1')).toEqual({ created: false, request: first.request });
    await expect(world.requests.submit(howGreat, 'listener-1')).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 300 });
    // listener-2 asks for the pending song first: that does not use up its delay
    expect((await world.requests.submit(amazingGrace, 'listener-2')).created).toBe(false);
    expect((await world.requests.submit(howGreat, 'listener-2')).created).toBe(true);
  });

  it('lets only one of several requests racing from one requester in', async () => {
    const world = serviceWorld({ requests: { thresholdSeconds: 900, delaySeconds: 300 } });
    const songs = ['A', 'B', 'C', 'D', 'E'].map((title) => ({ artist: 'Choir', song_title: `Race ${title}` }));
    const outcomes = await Promise.allSettled(songs.map((song) => world.requests.submit(song, 'listener-9')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason.code)).toEqual(Array(4).fill('RATE_LIMITED'));
    expect(await world.requests.list('pending', 10)).toHaveLength(1);
  });

  it('counts only what was queued: a refusal during a claim that is then given back does not hold the requester', async () => {
    const world = serviceWorld({ requests: { thresholdSeconds: 900, delaySeconds: 300 } });
    const pending = await world.requests.submit(amazingGrace, 'listener-1');
    // listener-2 asks for the pending song (claim, then given back) while also asking for another (refused meanwhile)
    const [duplicate, raced] = await Promise.allSettled([world.requests.submit(amazingGrace, 'listener-2'), world.requests.submit(howGreat, 'listener-2')]);
    expect(duplicate).toMatchObject({ status: 'fulfilled', value: { created: false, request: pending.request } });
    if (raced.status === 'rejected') expect(raced.reason).toMatchObject({ code: 'RATE_LIMITED' });
    // whatever the race gave, listener-2 queued at most one song, and may queue one if it has none
    const queuedByTwo = raced.status === 'fulfilled' ? 1 : 0;
    const next = world.requests.submit({ artist: 'Choir', song_title: 'It Is Well' }, 'listener-2');
    if (queuedByTwo === 0) expect((await next).created).toBe(true);
    else await expect(next).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('answers a request for a song already pending with that request, and announces only new ones', async () => {
    const world = serviceWorld();
    const first = await world.requests.submit({ ...amazingGrace, requester_name: 'Ann' }, 'listener-1');
    // Case and spacing do not make it another song.
    const again = await world.requests.submit({ artist: 'CHOIR ', song_title: 'amazing  grace', requester_name: 'Bo' }, 'listener-2');
    expect(again).toEqual({ created: false, request: first.request });
    expect(world.published).toEqual([{ event: 'request:new', payload: first.request }]);
    expect(await world.requests.list('pending', 10)).toEqual([first.request]);
  });

  it('remembers a play for the whole threshold: 36 h ago still refuses with a 2-day threshold', async () => {
    const twoDays = 2 * 86_400;
    const world = serviceWorld({ requests: { thresholdSeconds: twoDays, delaySeconds: 0 } });
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    world.advance(60);
    await world.station.applySnapshot(onAir('Choir', 'How Great Thou Art'));
    world.advance(36 * 3600 - 60);
    // Another play now, so the store prunes what it keeps of older plays.
    await world.station.applySnapshot(onAir('Choir', 'It Is Well'));
    await expect(world.requests.submit(amazingGrace, 'listener-1')).rejects.toMatchObject({ code: 'RECENTLY_PLAYED', retryAfterSeconds: 12 * 3600 });
    world.advance(12 * 3600);
    expect((await world.requests.submit(amazingGrace, 'listener-1')).created).toBe(true);
  });

  it('resolves a pending request once, and announces it', async () => {
    const world = serviceWorld();
    const { request } = await world.requests.submit(amazingGrace, 'listener-1');
    const rejected = await world.requests.resolve(request.id, 'rejected');
    expect(rejected).toMatchObject({ id: request.id, status: 'rejected' });
    await expect(world.requests.resolve(request.id, 'played')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(world.eventNames()).toEqual(['request:new', 'request:updated']);
    expect(await world.requests.list('pending', 10)).toEqual([]);
  });
});
